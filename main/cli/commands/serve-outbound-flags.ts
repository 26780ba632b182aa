import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { BrokerServiceOptions } from '../../service/broker-service-types';
import { ntfyTarget } from '../../service/ntfy/ntfy-config';
import { readConfig } from '../../config/config-schema';
import { NTFY } from '../../config/env-vars';
import { telegramOptions, type TelegramFlags } from './serve-telegram-flags';
import {
  publicUrlOf,
  webhookTarget,
  WebhookFormatSchema,
  type WebhookFormat,
  type WebhookOption,
} from '../../service/webhooks/webhook-config';

/** `serve`'s flags for what goes out: links, webhooks, ntfy and Telegram push. */
export interface OutboundFlags extends TelegramFlags {
  publicUrl?: string;
  webhook: string[];
  webhookSecretFile?: string;
  webhookFormat?: WebhookFormat;
  ntfy?: string;
  ntfyTokenFile?: string;
  ntfyReplyTopic?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** Adds `--public-url`, the `--webhook…`, `--ntfy…` and `--telegram…` flags to `serve`. */
export function addOutboundFlags(command: Command): Command {
  return command
    .option(
      '--public-url <url>',
      'where you reach this broker from elsewhere (your https reverse proxy or tailnet URL): links the broker sends out point there, and its host and origin pass the Host/Origin checks',
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
    )
    .option(
      '--ntfy <server-url/topic>',
      `push each new request to this ntfy topic with one-tap buttons; answers come back through <topic>-reply (docs/phone.md; visible to local users in ps: prefer ${NTFY.name})`,
    )
    .option('--ntfy-token-file <path>', 'the ntfy access token (first line) for both topics')
    .option('--ntfy-reply-topic <topic>', 'where the buttons post (default: <topic>-reply)')
    .option(
      '--telegram-token-file <path>',
      "send each new request to a Telegram chat with buttons, as the bot whose BotFather token is this file's first line (docs/phone.md)",
    )
    .option('--telegram-chat <id>', 'the chat the bot writes to (your user id, or a group id)')
    .option('--telegram-user <id>', "who may press the buttons (default: the private chat's user)")
    .option(
      '--telegram-api <url>',
      'a self-hosted Bot API server (default https://api.telegram.org)',
    );
}

/**
 * The service options of these flags, checked before anything starts: a bad URL, format or
 * secret file is a usage error naming the flag.
 */
export function outboundServiceOptions(
  flags: OutboundFlags,
  fail: (message: string) => never,
  readSecret: (file: string, fail: (message: string) => never, flag: string) => string,
  env: NodeJS.ProcessEnv = process.env,
): Pick<BrokerServiceOptions, 'publicUrl' | 'webhooks' | 'webhookSecret' | 'ntfy' | 'telegram'> {
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
    ...ntfyOptions(flags, fail, readSecret, env),
    ...telegramOptions(flags, fail, readSecret),
  };
}

/** `?format=` on the URL wins over `--webhook-format`. */
function webhookOption(url: string, format: WebhookFormat | undefined): WebhookOption {
  const ownFormat = URL.canParse(url) && new URL(url).searchParams.has('format');
  return { url, ...(format && !ownFormat ? { format } : {}) };
}

/**
 * ntfy from `--ntfy`, else `$CLARITY_HITL_NTFY`: a topic on a server without access control is
 * the only secret between another local account and the phone's buttons, and argv is in `ps`.
 */
function ntfyOptions(
  flags: OutboundFlags,
  fail: (message: string) => never,
  readSecret: (file: string, fail: (message: string) => never, flag: string) => string,
  env: NodeJS.ProcessEnv,
): Pick<BrokerServiceOptions, 'ntfy'> {
  const url = flags.ntfy ?? envNtfy(env, fail);
  if (url === undefined) {
    if (flags.ntfyTokenFile !== undefined || flags.ntfyReplyTopic !== undefined)
      fail(`--ntfy-token-file and --ntfy-reply-topic need --ntfy (or ${NTFY.name})`);
    return {};
  }
  const token =
    flags.ntfyTokenFile === undefined
      ? undefined
      : readSecret(flags.ntfyTokenFile, fail, '--ntfy-token-file');
  const ntfy = {
    url,
    ...(token ? { token } : {}),
    ...(flags.ntfyReplyTopic ? { replyTopic: flags.ntfyReplyTopic } : {}),
  };
  try {
    ntfyTarget(ntfy);
  } catch (error) {
    const from = flags.ntfy === undefined ? NTFY.name : '--ntfy';
    fail(`${from}: ${(error as Error).message.replace(/^ntfy: /, '')}`);
  }
  return { ntfy };
}

function envNtfy(env: NodeJS.ProcessEnv, fail: (message: string) => never): string | undefined {
  try {
    return readConfig(env, ['ntfy']).ntfy;
  } catch (error) {
    return fail((error as Error).message);
  }
}
