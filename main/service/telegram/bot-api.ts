import { z } from 'zod';
import { describeZodError } from '../../broker/validation';
import { describePostError, postJsonForText } from '../webhooks/post-json';
import { redactToken, type TelegramTarget } from './telegram-config';

/** Every Bot API reply: `ok`, then the result or why not (hostile input: checked, capped). */
const ReplySchema = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error_code: z.number().int().optional(),
  description: z.string().optional(),
  parameters: z.object({ retry_after: z.number().int().min(0).optional() }).optional(),
});

/** A failed Bot API call: its text never holds the token; `retry` for network errors, 429, 5xx. */
export class BotApiError extends Error {
  override name = 'BotApiError';
  constructor(
    message: string,
    readonly retry: boolean,
    /** Telegram's own `retry_after` (flood control), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * The Telegram Bot API over kept-alive HTTPS (`POST <api>/bot<token>/<method>` with a JSON body).
 * Every error is worded without the token, which sits in the URL.
 */
export class BotApi {
  constructor(private readonly target: TelegramTarget) {}

  /** Calls `method`; resolves with its result checked by `schema`, else rejects with BotApiError. */
  async call<T>(
    method: string,
    params: object,
    schema: z.ZodType<T>,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<T> {
    // `./`: the token holds a colon, which would otherwise read as a URL scheme.
    const url = new URL(`./bot${this.target.token}/${method}`, this.target.apiUrl);
    let reply: { status: number; text: string };
    try {
      reply = await postJsonForText(
        url,
        JSON.stringify(params),
        { 'content-type': 'application/json' },
        { ...options, maxBytes: 4 * 1024 * 1024 },
      );
    } catch (error) {
      throw this.error(`${method}: ${describePostError(error)}`, true);
    }
    const parsed = ReplySchema.safeParse(parseJson(reply.text));
    if (!parsed.success)
      throw this.error(`${method}: HTTP ${reply.status}, not a Bot API reply`, reply.status >= 500);
    const { ok, result, description, parameters } = parsed.data;
    if (!ok) {
      const retry = reply.status >= 500 || reply.status === 429;
      const why = `${method}: HTTP ${reply.status}${description ? ` ${description.slice(0, 200)}` : ''}`;
      const after = parameters?.retry_after;
      throw this.error(why, retry, after === undefined ? undefined : Math.min(after, 300) * 1000);
    }
    const checked = schema.safeParse(result);
    if (!checked.success)
      throw this.error(`${method}: unexpected result (${describeZodError(checked.error)})`, false);
    return checked.data;
  }

  private error(message: string, retry: boolean, retryAfterMs?: number): BotApiError {
    return new BotApiError(redactToken(message, this.target.token), retry, retryAfterMs);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A sent or edited message, as far as the broker reads it. */
export const MessageSchema = z.object({
  message_id: z.number().int(),
  chat: z.object({ id: z.number().int() }),
});

/** A button press (`callback_query`), as far as the broker reads it. */
export const CallbackQuerySchema = z.object({
  id: z.string().min(1).max(200),
  from: z.object({ id: z.number().int() }),
  message: MessageSchema.optional(),
  data: z.string().max(64).optional(),
});
export type CallbackQuery = z.infer<typeof CallbackQuerySchema>;

/** One update of `getUpdates`: its id (always read), and a button press when it is one. */
export const UpdateSchema = z.object({
  update_id: z.number().int().min(0),
  callback_query: z.unknown().optional(),
});
