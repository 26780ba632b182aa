import { z } from 'zod';
import type { HitlRequest } from '@contract/request';
import type { Broker } from '../../broker/broker';
import { ActionCodes } from '../phone/action-codes';
import { answerOf, phoneButtons } from '../phone/phone-buttons';
import { BotApi, BotApiError, MessageSchema, type CallbackQuery } from './bot-api';
import { telegramTarget, type TelegramOption, type TelegramTarget } from './telegram-config';
import { requestMessage, resolvedText } from './telegram-message';
import { UpdatePoller } from './update-poller';

export interface TelegramPushOptions {
  broker: Broker;
  telegram: TelegramOption;
  /** The action codes' key derives from it (it never leaves the broker). */
  operatorSecret: string;
  /** The link in each message. */
  publicUrl?: string;
  onWarning?: (message: string) => void;
  /** The first wait before a send is retried or a failed poll repeated (default 1 s). */
  retryMs?: number;
  /** How long each `getUpdates` is held open by Telegram (default 25 s). */
  pollSeconds?: number;
}

const REFUSED = 'Not taken: this button is used, expired or not yours';

/**
 * Phone push through a Telegram bot: each new request is sent to the configured chat with inline
 * buttons whose single-use codes come back as callback queries, read by long polling (outbound
 * only). A press counts only from the configured chat and user, on the request's own message; a
 * valid code answers as the operator through the phone. A request resolved anywhere has its
 * message edited to its outcome, without buttons.
 */
export class TelegramPush {
  readonly target: TelegramTarget;
  private readonly api: BotApi;
  private readonly codes: ActionCodes;
  private readonly poller: UpdatePoller;
  /** Each request's sent message id (undefined when sending failed), by request id. */
  private readonly sent = new Map<string, Promise<number | undefined>>();
  /** Which request each live message asks, by message id. */
  private readonly requestOf = new Map<number, string>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly unsubscribe: () => void;
  private readonly warn: (message: string) => void;
  private closed = false;

  /** Throws an Error naming the field when the option is invalid (never showing the token). */
  constructor(private readonly options: TelegramPushOptions) {
    this.target = telegramTarget(options.telegram);
    this.api = new BotApi(this.target);
    this.codes = new ActionCodes(options.operatorSecret, 'telegram action codes v1');
    this.warn = options.onWarning ?? (() => {});
    this.unsubscribe = options.broker.subscribe(({ type, request }) => {
      if (type === 'added' && request.status === 'pending') this.announce(request);
      else if (type === 'answered' || type === 'cancelled' || type === 'expired')
        this.conclude(request);
    });
    this.poller = new UpdatePoller({
      api: this.api,
      onCallback: (query) => this.track(this.press(query)),
      onWarning: this.warn,
      ...(options.retryMs !== undefined ? { retryMs: options.retryMs } : {}),
      ...(options.pollSeconds !== undefined ? { pollSeconds: options.pollSeconds } : {}),
    });
  }

  /** Resolves once every send, edit and answer started so far is done. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Stops sending and polling. */
  close(): void {
    this.closed = true;
    this.unsubscribe();
    this.poller.close();
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
    return work;
  }

  private announce(request: HitlRequest): void {
    const params = requestMessage(request, this.target.chat, this.codes, this.options.publicUrl);
    const first = this.track(
      this.send('sendMessage', params, MessageSchema).then((message) => {
        if (!message) return undefined;
        this.requestOf.set(message.message_id, request.id);
        return message.message_id;
      }),
    );
    this.sent.set(request.id, first);
  }

  /** Voids the request's codes and, after its first send, edits its message to the outcome. */
  private conclude(request: HitlRequest): void {
    this.codes.forget(request.id);
    const first = this.sent.get(request.id);
    this.sent.delete(request.id);
    if (!first) return;
    const edit = first.then(async (messageId) => {
      if (messageId === undefined) return;
      await this.send(
        'editMessageText',
        { chat_id: this.target.chat, message_id: messageId, text: resolvedText(request) },
        z.unknown(),
      );
      this.requestOf.delete(messageId);
    });
    this.track(edit);
  }

  /** One button press: from the configured chat and user, on its request's message, once. */
  private async press(query: CallbackQuery): Promise<void> {
    const message = query.message;
    if (!message || String(message.chat.id) !== this.target.chat)
      return this.refuse(query, 'from another chat');
    if (String(query.from.id) !== this.target.user) return this.refuse(query, 'from another user');
    const onRequest = this.requestOf.get(message.message_id);
    const redeemed = this.codes.redeem(query.data ?? '', onRequest ?? '');
    if (!redeemed.ok) return this.refuse(query, redeemed.why);
    const request = this.options.broker.get(redeemed.requestId);
    const answer = request && answerOf(request, redeemed.decision);
    if (!request || request.status !== 'pending' || !answer)
      return this.refuse(query, 'no longer pending');
    const label = phoneButtons(request).find((b) => b.decision === redeemed.decision)?.label;
    try {
      await this.options.broker.answerShared(request.id, answer, 'ui', {
        authority: 'operator',
        via: 'phone (Telegram)',
      });
    } catch (error) {
      this.warn(`telegram: ${error instanceof Error ? error.message : String(error)}`);
      return this.acknowledge(query.id, REFUSED);
    }
    await this.acknowledge(query.id, `Sent: ${label ?? 'answer'}`);
  }

  private async refuse(query: CallbackQuery, why: string): Promise<void> {
    this.warn(`telegram: a button press was refused (${why})`);
    await this.acknowledge(query.id, REFUSED);
  }

  /** Stops the phone's spinner with a short notice (`answerCallbackQuery`). */
  private async acknowledge(queryId: string, text: string): Promise<void> {
    await this.send('answerCallbackQuery', { callback_query_id: queryId, text }, z.unknown(), 1);
  }

  /** Calls the Bot API, retrying a network error, 429 or 5xx (after retry_after or 1, 2 × retryMs). */
  private async send<T>(
    method: string,
    params: object,
    schema: z.ZodType<T>,
    attempts = 3,
  ): Promise<T | undefined> {
    const wait = this.options.retryMs ?? 1000;
    for (let attempt = 1; attempt <= attempts && !this.closed; attempt++) {
      try {
        return await this.api.call(method, params, schema, { timeoutMs: 10_000 });
      } catch (error) {
        const failure = error as BotApiError;
        if (attempt === attempts || !(error instanceof BotApiError) || !failure.retry) {
          this.warn(`telegram ${failure.message}`);
          return undefined;
        }
        const ms = failure.retryAfterMs ?? wait * 2 ** (attempt - 1);
        await new Promise((resolve) => setTimeout(resolve, ms).unref());
      }
    }
    return undefined;
  }
}
