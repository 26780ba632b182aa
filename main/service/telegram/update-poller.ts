import { z } from 'zod';
import { sleep } from '../../adapters/outbound/reconnecting-stream';
import {
  BotApiError,
  CallbackQuerySchema,
  UpdateSchema,
  type BotApi,
  type CallbackQuery,
} from './bot-api';

export interface UpdatePollerOptions {
  api: BotApi;
  /** Told of each button press (already checked against its schema; not yet against the chat). */
  onCallback: (query: CallbackQuery) => void;
  onWarning?: (message: string) => void;
  /** How long Telegram holds a `getUpdates` open when there is nothing (default 25 s). */
  pollSeconds?: number;
  /** First wait after a failed poll, doubled up to 30 s (default 1 s). */
  retryMs?: number;
}

/**
 * Follows the bot's updates by long polling (`getUpdates`, outbound only: no webhook, no public
 * URL, no open port). Confirms each batch with the next `offset`; retries after any error,
 * waiting Telegram's `retry_after` when it gives one. Only button presses are asked for.
 */
export class UpdatePoller {
  private offset: number | undefined;
  private readonly stop = new AbortController();
  /** Resolves when the loop has ended (after `close`). */
  readonly done: Promise<void>;

  constructor(private readonly options: UpdatePollerOptions) {
    this.done = this.run();
  }

  /** Stops polling (the poll in flight is aborted). */
  close(): void {
    this.stop.abort();
  }

  private async run(): Promise<void> {
    const base = this.options.retryMs ?? 1000;
    let wait = base;
    while (!this.stop.signal.aborted) {
      try {
        await this.pollOnce();
        wait = base;
        continue;
      } catch (error) {
        if (this.stop.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        this.options.onWarning?.(`telegram ${message}; retrying`);
        const after = error instanceof BotApiError ? error.retryAfterMs : undefined;
        await sleep(after ?? wait, this.stop.signal);
        wait = Math.min(wait * 2, 30_000);
      }
    }
  }

  private async pollOnce(): Promise<void> {
    const timeout = this.options.pollSeconds ?? 25;
    const updates = await this.options.api.call(
      'getUpdates',
      {
        ...(this.offset !== undefined ? { offset: this.offset } : {}),
        timeout,
        allowed_updates: ['callback_query'],
      },
      z.array(z.unknown()).max(100),
      { timeoutMs: (timeout + 15) * 1000, signal: this.stop.signal },
    );
    const before = this.offset;
    for (const raw of updates) {
      const update = UpdateSchema.safeParse(raw);
      if (!update.success) continue;
      this.offset = Math.max(this.offset ?? 0, update.data.update_id + 1);
      if (update.data.callback_query === undefined) continue;
      const query = CallbackQuerySchema.safeParse(update.data.callback_query);
      if (query.success) this.options.onCallback(query.data);
      else this.options.onWarning?.('telegram: a malformed button press was ignored');
    }
    // Updates without a readable id cannot be confirmed: back off instead of asking in a loop.
    if (updates.length > 0 && this.offset === before)
      throw new Error('getUpdates: updates without an update_id');
  }
}
