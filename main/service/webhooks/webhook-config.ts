import { z } from 'zod';
import { describeZodError } from '../../broker/validation';

/** The body a webhook gets: the broker's own signed JSON, or a chat service's incoming-webhook body. */
export const WebhookFormatSchema = z.enum(['json', 'slack', 'discord']);
export type WebhookFormat = z.infer<typeof WebhookFormatSchema>;

const HttpUrlSchema = z
  .string()
  .url()
  .refine((value) => /^https?:$/.test(new URL(value).protocol), 'expected an http(s) URL')
  .refine((value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'credentials in the URL are not allowed: use --webhook-secret-file to sign instead');

/** One webhook as the service options take it. */
export const WebhookOptionSchema = z.object({
  url: HttpUrlSchema,
  /** Default: the URL's own `?format=` (removed before sending), else `json`. */
  format: WebhookFormatSchema.optional(),
});
export type WebhookOption = z.infer<typeof WebhookOptionSchema>;

/** A webhook ready to send to: the URL without our `format` parameter, and its format. */
export interface WebhookTarget {
  url: URL;
  format: WebhookFormat;
}

/**
 * Validates one webhook option and settles its format: an explicit `format` wins over the URL's
 * `?format=`, which is taken off the URL (Slack and Discord would not expect it). Throws an Error
 * naming the field on bad input.
 */
export function webhookTarget(option: unknown, index = 0): WebhookTarget {
  const parsed = WebhookOptionSchema.safeParse(option);
  if (!parsed.success) throw new Error(`webhooks.${index}: ${describeZodError(parsed.error)}`);
  const url = new URL(parsed.data.url);
  const fromUrl = url.searchParams.get('format');
  url.searchParams.delete('format');
  let format = parsed.data.format;
  if (format === undefined && fromUrl !== null) {
    const known = WebhookFormatSchema.safeParse(fromUrl);
    if (!known.success)
      throw new Error(`webhooks.${index}.url: format=${fromUrl}: expected json, slack or discord`);
    format = known.data;
  }
  return { url, format: format ?? 'json' };
}

/**
 * A webhook URL as the delivery log shows it: Slack's and Discord's URLs carry their secret in
 * the path, so long path segments are cut and the query is dropped.
 */
export function redactWebhookUrl(url: URL): string {
  const path = url.pathname
    .split('/')
    .map((segment) => (segment.length > 12 ? `${segment.slice(0, 4)}…` : segment))
    .join('/');
  return `${url.origin}${path}`;
}

/**
 * The broker's public URL (`--public-url`) validated: an http(s) URL without credentials, query
 * or fragment. Throws an Error naming `publicUrl` otherwise; undefined stays undefined.
 */
export function publicUrlOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = HttpUrlSchema.safeParse(value);
  if (!parsed.success) throw new Error(`publicUrl: ${describeZodError(parsed.error)}`);
  const url = new URL(parsed.data);
  if (url.search || url.hash) throw new Error('publicUrl: no query or fragment, please');
  return url.href;
}
