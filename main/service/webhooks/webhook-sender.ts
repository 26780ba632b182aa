import type { DeliveryAttempt } from './delivery-log';
import { DeliveryLog } from './delivery-log';
import { discordBody, slackBody } from './chat-bodies';
import type { WebhookTarget } from './webhook-config';
import type { WebhookEvent } from './webhook-event';
import { SIGNATURE_HEADER, signBody } from './webhook-signature';
import { describePostError, postJson } from './post-json';

export interface RetryPolicy {
  /** Tries per event, the first included (default 5). */
  attempts: number;
  /** Wait before the second try; doubled before each next one (default 1 s). */
  baseDelayMs: number;
  /** One try's time limit (default 10 s). */
  timeoutMs: number;
  /** Events in flight at once for this webhook; beyond it new ones are dropped and logged (default 100). */
  maxInFlight: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 1000,
  timeoutMs: 10_000,
  maxInFlight: 100,
};

/**
 * Delivers events to one webhook: each event on its own (a slow receiver holds up only its own
 * events, never the broker nor another webhook), retried with exponential backoff on a network
 * error, a timeout, 429 or 5xx, up to `attempts` tries; every try goes to the delivery log.
 */
export class WebhookSender {
  readonly log: DeliveryLog;
  private inFlight = 0;
  private readonly stop = new AbortController();

  constructor(
    readonly target: WebhookTarget,
    private readonly secret: string | undefined,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
    logLimit?: number,
  ) {
    this.log = new DeliveryLog(logLimit);
  }

  /** Starts delivering `event`; resolves when it is delivered or given up (never rejects). */
  send(event: WebhookEvent): Promise<void> {
    const base = { eventId: event.id, event: event.event, requestId: event.request.id };
    if (this.stop.signal.aborted) return Promise.resolve();
    if (this.inFlight >= this.retry.maxInFlight) {
      this.log.add({
        ...base,
        at: Date.now(),
        attempt: 0,
        outcome: 'dropped',
        error: 'too many in flight',
      });
      return Promise.resolve();
    }
    this.inFlight++;
    return this.deliver(event, base).finally(() => this.inFlight--);
  }

  /** Stops retrying and aborts the tries under way. */
  close(): void {
    this.stop.abort();
  }

  private async deliver(
    event: WebhookEvent,
    base: Omit<DeliveryAttempt, 'at' | 'attempt' | 'outcome'>,
  ) {
    const body = JSON.stringify(this.bodyOf(event));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'clarity-hitl-webhook',
      'x-hitl-event': event.event,
      'x-hitl-delivery': event.id,
      'x-hitl-timestamp': String(Math.floor(Date.parse(event.at) / 1000)),
      ...(this.secret ? { [SIGNATURE_HEADER]: signBody(this.secret, body) } : {}),
    };
    for (let attempt = 1; attempt <= this.retry.attempts; attempt++) {
      if (this.stop.signal.aborted) return;
      const result = await this.tryOnce(body, headers);
      if (this.stop.signal.aborted) return;
      const last = attempt === this.retry.attempts;
      const outcome = result.ok
        ? 'delivered'
        : !result.retry
          ? 'refused'
          : last
            ? 'gave-up'
            : 'retrying';
      this.log.add({ ...base, at: Date.now(), attempt, ...result.detail, outcome });
      if (outcome !== 'retrying') return;
      await this.wait(this.retry.baseDelayMs * 2 ** (attempt - 1));
    }
  }

  private async tryOnce(body: string, headers: Record<string, string>) {
    try {
      const status = await postJson(this.target.url, body, headers, {
        timeoutMs: this.retry.timeoutMs,
        signal: this.stop.signal,
      });
      const ok = status >= 200 && status < 300;
      return {
        ok,
        retry: status >= 500 || status === 429,
        detail: ok ? { status } : { status, error: `HTTP ${status}` },
      };
    } catch (error) {
      return { ok: false, retry: true, detail: { error: describePostError(error) } };
    }
  }

  private bodyOf(event: WebhookEvent): unknown {
    if (this.target.format === 'slack') return slackBody(event);
    if (this.target.format === 'discord') return discordBody(event);
    return event;
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      const signal = this.stop.signal;
      signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
    });
  }
}
