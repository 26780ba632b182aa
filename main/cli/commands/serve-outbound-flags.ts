import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { BrokerServiceOptions } from '../../service/broker-service-types';
import {
  publicUrlOf,
  webhookTarget,
  WebhookFormatSchema,
  type WebhookFormat,
  type WebhookOption,
} from '../../service/webhooks/webhook-config';

/** `serve`'s flags for links sent out and webhooks. */
export interface WebhookFlags {
  publicUrl?: string;
  webhook: string[];
  webhookSecretFile?: string;
  webhookFormat?: WebhookFormat;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** Adds `--public-url`, `--webhook`, `--webhook-secret-file` and `--webhook-format` to `serve`. */
export function addWebhookFlags(command: Command): Command {
  return command
    .option(
      '--public-url <url>',
      'where you reach this broker from elsewhere (your https reverse proxy or tailnet URL): links the broker sends out point there',
    )
    .option(
      '--webhook <url>',
      'POST every asked/answered/expired/cancelled event there (repeatable; ?format=slack or ?format=discord for those services)',
      collect,
      [],
    )
    .option(
      '--webhook-secret-file <path>',
      'sign webhook bodies (X-Hub-Signature-256: sha256=…) with the secret in this file (first line)',
    )
    .option(
      '--webhook-format <format>',
      'json (default), slack or discord: the body of webhooks whose URL has no ?format=',
      (value) => {
        const parsed = WebhookFormatSchema.safeParse(value);
        if (!parsed.success) throw new InvalidArgumentError('expected json, slack or discord');
        return parsed.data;
      },
    );
}

/**
 * The service options of these flags, checked before anything starts: a bad URL, format or
 * secret file is a usage error naming the flag.
 */
export function webhookServiceOptions(
  flags: WebhookFlags,
  fail: (message: string) => never,
  readSecret: (file: string, fail: (message: string) => never, flag: string) => string,
): Pick<BrokerServiceOptions, 'publicUrl' | 'webhooks' | 'webhookSecret'> {
  let publicUrl: string | undefined;
  try {
    publicUrl = publicUrlOf(flags.publicUrl);
  } catch (error) {
    fail(`--public-url: ${(error as Error).message.replace(/^publicUrl: /, '')}`);
  }
  const webhooks = flags.webhook.map((url, index) => {
    const option = webhookOption(url, flags.webhookFormat);
    try {
      webhookTarget(option, index);
    } catch (error) {
      fail(`--webhook ${url}: ${(error as Error).message.replace(/^webhooks\.\d+(\.url)?: /, '')}`);
    }
    return option;
  });
  if (flags.webhookSecretFile !== undefined && webhooks.length === 0)
    fail('--webhook-secret-file needs at least one --webhook');
  const secret =
    flags.webhookSecretFile === undefined
      ? undefined
      : readSecret(flags.webhookSecretFile, fail, '--webhook-secret-file');
  return {
    ...(publicUrl ? { publicUrl } : {}),
    ...(webhooks.length ? { webhooks } : {}),
    ...(secret ? { webhookSecret: secret } : {}),
  };
}

/** `?format=` on the URL wins over `--webhook-format`. */
function webhookOption(url: string, format: WebhookFormat | undefined): WebhookOption {
  const ownFormat = URL.canParse(url) && new URL(url).searchParams.has('format');
  return { url, ...(format && !ownFormat ? { format } : {}) };
}
