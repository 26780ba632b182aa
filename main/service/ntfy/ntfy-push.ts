import type { AnswerInput, HitlRequest } from '@contract/request';
import type { Broker } from '../../broker/broker';
import { ActionCodes, type PhoneDecision } from './action-codes';
import { ntfyTarget, type NtfyOption, type NtfyTarget } from './ntfy-config';
import { requestMessage, resolvedMessage, type NtfyPublish } from './ntfy-message';
import { ReplyStream } from './reply-stream';

export interface NtfyPushOptions {
  broker: Broker;
  ntfy: NtfyOption;
  /** The action codes' key derives from it (it never leaves the broker). */
  operatorSecret: string;
  /** The `click` link of each notification. */
  publicUrl?: string;
  onWarning?: (message: string) => void;
  /** The reply stream's first reconnect wait (default 1 s). */
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
  private readonly published = new Set<string>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly unsubscribe: () => void;
  private readonly warn: (message: string) => void;

  /** Throws an Error naming the field when the ntfy option is invalid. */
  constructor(private readonly options: NtfyPushOptions) {
    this.target = ntfyTarget(options.ntfy);
    this.codes = new ActionCodes(options.operatorSecret);
    this.warn = options.onWarning ?? (() => {});
    this.unsubscribe = options.broker.subscribe(({ type, request }) => {
      if (type === 'added' && request.status === 'pending') {
        this.published.add(request.id);
        this.track(
          this.publish(requestMessage(request, this.target, this.codes, options.publicUrl)),
        );
      } else if (type === 'answered' || type === 'cancelled' || type === 'expired') {
        this.codes.forget(request.id);
        if (this.published.delete(request.id))
          this.track(this.publish(resolvedMessage(request, this.target)));
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
    this.unsubscribe();
    this.replies.close();
  }

  private track(work: Promise<unknown>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async publish(body: NtfyPublish): Promise<void> {
    try {
      const response = await fetch(this.target.server, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.target.token ? { authorization: `Bearer ${this.target.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel().catch(() => {});
      if (!response.ok) this.warn(`ntfy publish: HTTP ${response.status}`);
    } catch (error) {
      this.warn(`ntfy publish: ${error instanceof Error ? error.message : String(error)}`);
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
        via: 'phone',
      });
    } catch (error) {
      this.warn(`ntfy: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The answer a button's decision gives this request; undefined when they do not fit. */
export function answerOf(request: HitlRequest, decision: PhoneDecision): AnswerInput | undefined {
  const input = request.input;
  if (input.kind === 'approval' && (decision === 'allow' || decision === 'deny'))
    return { value: { kind: 'approval', decision } };
  if (input.kind === 'confirm' && (decision === 'yes' || decision === 'no'))
    return { value: { kind: 'confirm', confirmed: decision === 'yes' } };
  if (input.kind === 'choice' && decision.startsWith('option:')) {
    const option = input.options[Number(decision.slice('option:'.length))];
    if (option) return { value: { kind: 'choice', selected: [option.value] } };
  }
  return undefined;
}
