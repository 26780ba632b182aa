import { z } from 'zod';
import { describeZodError } from '../../broker/validation';

const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

/** `--ntfy <server-url>/<topic>` and its options, as the service options take them. */
export const NtfyOptionSchema = z.object({
  /** e.g. `https://ntfy.example.org/hitl-7d1f0c…`: the server, then the topic. */
  url: z
    .string()
    .url()
    .refine((value) => /^https?:$/.test(new URL(value).protocol), 'expected an http(s) URL')
    .refine((value) => !new URL(value).username, 'no credentials in the URL: use a token file')
    .refine(
      (value) => TOPIC.test(new URL(value).pathname.split('/').pop() ?? ''),
      'the URL must end with the topic (letters, digits, - and _; at most 64)',
    ),
  /** An ntfy access token (read and write on both topics). */
  token: z.string().min(1).optional(),
  /** Where the phone's buttons post their codes (default `<topic>-reply`). */
  replyTopic: z.string().regex(TOPIC, 'letters, digits, - and _; at most 64').optional(),
});
export type NtfyOption = z.infer<typeof NtfyOptionSchema>;

/** An ntfy setup ready to use: the server's base URL (with a trailing slash) and the topics. */
export interface NtfyTarget {
  server: string;
  topic: string;
  replyTopic: string;
  token?: string;
}

/** Validates the ntfy option; throws an Error naming the field. */
export function ntfyTarget(option: unknown): NtfyTarget {
  const parsed = NtfyOptionSchema.safeParse(option);
  if (!parsed.success) throw new Error(`ntfy: ${describeZodError(parsed.error)}`);
  const url = new URL(parsed.data.url);
  const segments = url.pathname.split('/');
  const topic = segments.pop()!;
  url.pathname = `${segments.join('/')}/`;
  url.search = '';
  url.hash = '';
  const replyTopic = parsed.data.replyTopic ?? `${topic}-reply`;
  if (replyTopic === topic) throw new Error('ntfy: replyTopic: must differ from the topic');
  return {
    server: url.href,
    topic,
    replyTopic,
    ...(parsed.data.token ? { token: parsed.data.token } : {}),
  };
}
