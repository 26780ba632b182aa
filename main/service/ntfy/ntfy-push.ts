import type { Broker } from '../../broker/broker';
import { ActionCodes } from '../phone/action-codes';
import { answerOf } from '../phone/phone-buttons';
import { ntfyTarget, type NtfyOption, type NtfyTarget } from './ntfy-config';
import { requestMessage, resolvedMessage, type NtfyPublish } from './ntfy-message';
import { ReplyStream } from './reply-stream';
import { describePostError, postJson } from '../webhooks/post-json';

export interface NtfyPushOptions {
  broker: Broker;
  ntfy: NtfyOption;
  /** The action codes' key derives from it (it never leaves the broker). */
  operatorSecret: string;
  /** The `click` link of each notification. */
  publicUrl?: string;
  onWarning?: (message: string) => void;
  /** The first wait before a publish is retried or the reply stream reconnects (default 1 s). */
  retryMs?: number;
  /** The reply stream's silence limit before reconnecting (default 2 minutes). */
  idleMs?: number;
}

/**
 * Phone push through ntfy: each new request is published with one-tap buttons whose single-use
 * codes go to a reply topic the broker follows (outbound only); a valid code answers as the
 * operator through the phone. A request resolved anywhere has its notification replaced by its
 * outcome, without buttons.
 */
export class NtfyPush {
  readonly target: NtfyTarget;
  readonly replies: ReplyStream;
  private readonly codes: ActionCodes;
  /** Each request with a notification, and its first publish (the update waits for it). */
  private readonly published = new Map<string, Promise<void>>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly unsubscribe: () => void;
  private readonly warn: (message: string) => void;
  private closed = false;

  /** Throws an Error naming the field when the ntfy option is invalid. */
  constructor(private readonly options: NtfyPushOptions) {
    this.target = ntfyTarget(options.ntfy);
    this.codes = new ActionCodes(options.operatorSecret);
    this.warn = options.onWarning ?? (() => {});
    this.unsubscribe = options.broker.subscribe(({ type, request }) => {
      if (type === 'added' && request.status === 'pending') {
        const first = this.publish(
          requestMessage(request, this.target, this.codes, options.publicUrl),
        );
        this.published.set(request.id, first);
        this.track(first);
      } else if (type === 'answered' || type === 'cancelled' || type === 'expired') {
        this.codes.forget(request.id);
        const first = this.published.get(request.id);
        this.published.delete(request.id);
        // After the first publish (retries included): a stale button is never the last word.
        if (first)
          this.track(first.then(() => this.publish(resolvedMessage(request, this.target))));
      }
    });
    this.replies = new ReplyStream({
      server: this.target.server,
      topic: this.target.replyTopic,
      ...(this.target.token ? { token: this.target.token } : {}),
      onMessage: (code) => this.track(this.reply(code)),
      onWarning: this.warn,
      ...(options.retryMs !== undefined ? { retryMs: options.retryMs } : {}),
      ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
    });
  }

  /** Resolves once every publish and answer started so far is done. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Stops publishing and following the reply topic. */
  close(): void {
    this.closed = true;
    this.unsubscribe();
    this.replies.close();
  }

  private track(work: Promise<unknown>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Publishes, retrying a network error, 429 or 5xx twice (after 1 and 2 × retryMs). */
  private async publish(body: NtfyPublish): Promise<void> {
    const wait = this.options.retryMs ?? 1000;
    for (let attempt = 1; attempt <= 3 && !this.closed; attempt++) {
      const failure = await this.publishOnce(body);
      if (failure === undefined) return;
      if (attempt === 3 || !failure.retry) return this.warn(`ntfy publish: ${failure.error}`);
      await new Promise((resolve) => setTimeout(resolve, wait * 2 ** (attempt - 1)).unref());
    }
  }

  private async publishOnce(
    body: NtfyPublish,
  ): Promise<{ error: string; retry: boolean } | undefined> {
    try {
      const status = await postJson(
        new URL(this.target.server),
        JSON.stringify(body),
        {
          'content-type': 'application/json',
          ...(this.target.token ? { authorization: `Bearer ${this.target.token}` } : {}),
        },
        { timeoutMs: 10_000 },
      );
      if (status >= 200 && status < 300) return undefined;
      return { error: `HTTP ${status}`, retry: status >= 500 || status === 429 };
    } catch (error) {
      return { error: describePostError(error), retry: true };
    }
  }

  private async reply(code: string): Promise<void> {
    const redeemed = this.codes.redeem(code);
    if (!redeemed.ok) return this.warn(`ntfy: a phone answer was refused (${redeemed.why})`);
    const request = this.options.broker.get(redeemed.requestId);
    const answer = request && answerOf(request, redeemed.decision);
    if (!request || request.status !== 'pending' || !answer)
      return this.warn('ntfy: a phone answer came for a request no longer pending');
    try {
      await this.options.broker.answerShared(request.id, answer, 'ui', {
        authority: 'operator',
        via: 'phone (ntfy)',
      });
    } catch (error) {
      this.warn(`ntfy: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
