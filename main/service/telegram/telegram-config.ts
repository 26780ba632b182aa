import { z } from 'zod';
import { describeZodError } from '../../broker/validation';

/** A BotFather token: the bot's id, a colon, then its secret. */
const BOT_TOKEN = /^[0-9]{1,20}:[A-Za-z0-9_-]{20,100}$/;
/** A Telegram chat or user id as digits (a group's or channel's is negative). */
const CHAT_ID = /^-?[0-9]{1,20}$/;

/**
 * `--telegram-token-file`, `--telegram-chat`, `--telegram-user`, as the service options take them
 * (the same shape as ntfy's: a plain object the desktop settings can fill).
 */
export const TelegramOptionSchema = z
  .object({
    /** The bot's token from BotFather (`123456:ABC…`); it never appears in a log or error. */
    token: z.string().regex(BOT_TOKEN, 'expected a BotFather token (<digits>:<secret>)'),
    /** The chat the bot writes to: your private chat with it (your user id) or a group's id. */
    chat: z.string().regex(CHAT_ID, 'expected a numeric chat id (negative for a group)'),
    /** Who may press the buttons (default: in a private chat, its user; a group needs one). */
    user: z
      .string()
      .regex(/^[0-9]{1,20}$/, 'expected a numeric user id')
      .optional(),
    /** A self-hosted Bot API server (default `https://api.telegram.org`). */
    apiUrl: z
      .string()
      .url()
      .refine((value) => /^https?:$/.test(new URL(value).protocol), 'expected an http(s) URL')
      .optional(),
  })
  .refine((option) => option.user !== undefined || !option.chat.startsWith('-'), {
    message: 'a group chat needs the user who may answer (--telegram-user)',
    path: ['user'],
  });
export type TelegramOption = z.infer<typeof TelegramOptionSchema>;

/** A Telegram setup ready to use. */
export interface TelegramTarget {
  /** The Bot API's base, with a trailing slash (the token is added per call, never logged). */
  apiUrl: string;
  token: string;
  chat: string;
  /** The one user whose button presses count. */
  user: string;
}

/** Validates the Telegram option; throws an Error naming the field (never showing the token). */
export function telegramTarget(option: unknown): TelegramTarget {
  const parsed = TelegramOptionSchema.safeParse(option);
  if (!parsed.success) throw new Error(`telegram: ${describeZodError(parsed.error)}`);
  const { token, chat, user, apiUrl } = parsed.data;
  const base = new URL(apiUrl ?? 'https://api.telegram.org/');
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  base.search = '';
  base.hash = '';
  return { apiUrl: base.href, token, chat, user: user ?? chat };
}

/** `text` with the bot token (and any URL holding it) blanked: for every error and warning. */
export function redactToken(text: string, token: string): string {
  return token ? text.split(token).join('<token>') : text;
}
