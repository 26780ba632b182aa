import type { DeliveryLedger } from '../../broker/delivery-state';
import type { DeliveryOutcome } from '@contract/delivery';

/** How an answer file that could not be written is retried. */
export interface DeliveryRetry {
  /** The first retry's delay; each next one doubles, up to `maxMs`. Default 500 ms. */
  firstMs?: number;
  /** Default 30 s. */
  maxMs?: number;
  /** After this long the broker stops retrying (the item then says so). Default 24 h. */
  giveUpMs?: number;
}

/** What one write attempt came to. */
export type AttemptResult = 'delivered' | 'withdrawn' | 'dir-lost';

interface Failing {
  requestId: string;
  file: string;
  since: number;
  tries: number;
  reason: string;
  timer?: NodeJS.Timeout;
  retry?: () => Promise<AttemptResult>;
  /** A retry is running (a nudge then waits for its outcome). */
  busy?: boolean;
}

/**
 * Delivery of the answer files the broker writes into a handshake dir, reported to the broker's
 * delivery state (main/broker/delivery-state.ts) at each try. A write that fails (EACCES, EROFS,
 * ENOSPC, EIO, …) is not the end of the answer: the request becomes "answered, not yet delivered:
 * <reason>; retrying" and is tried again with backoff until it lands (`delivered`), the runtime
 * withdraws its question or the give-up time passes (`undeliverable`), or the directory stops
 * being watched (it stays undelivered: the dir's next scan or the next start writes it).
 * A broker started later writes answers still missing at its start-up scan (QuestionFiles.resume).
 */
export class AnswerDelivery {
  private readonly failing = new Map<string, Failing>();
  private readonly firstMs: number;
  private readonly maxMs: number;
  private readonly giveUpMs: number;

  constructor(
    private readonly ledger: Pick<DeliveryLedger, 'report'>,
    private readonly onError: (error: unknown) => void,
    retry: DeliveryRetry = {},
    private readonly now: () => number = Date.now,
  ) {
    this.firstMs = retry.firstMs ?? 500;
    this.maxMs = retry.maxMs ?? 30_000;
    this.giveUpMs = retry.giveUpMs ?? 24 * 60 * 60 * 1000;
  }

  /**
   * Runs `attempt` (writes `file` for `requestId`); a failure is shown and retried, where each
   * retry runs `retry` (which also checks the runtime still waits). Never rejects.
   */
  async deliver(
    requestId: string,
    file: string,
    attempt: () => Promise<AttemptResult>,
    retry: () => Promise<AttemptResult> = attempt,
  ): Promise<void> {
    this.forget(file);
    try {
      this.settled(requestId, await attempt(), '');
    } catch (error) {
      const entry: Failing = { requestId, file, since: this.now(), tries: 1, reason: '' };
      this.failing.set(file, entry);
      this.onError(error);
      this.failed(entry, error, retry);
    }
  }

  /** Why the answer of `requestId` is not delivered yet, while it is not. */
  failure(requestId: string): string | undefined {
    for (const entry of this.failing.values())
      if (entry.requestId === requestId) return entry.reason;
    return undefined;
  }

  /** Some answer is waiting to be delivered (a cheap check before building a path for nudge). */
  get active(): boolean {
    return this.failing.size > 0;
  }

  /**
   * Something changed at `file`'s name in the directory (the watch saw it): a failing write there
   * is retried now rather than at its next backoff step (the fault may just have cleared).
   */
  nudge(file: string): void {
    const entry = this.failing.get(file);
    if (!entry?.retry) return;
    clearTimeout(entry.timer);
    void this.again(entry, entry.retry);
  }

  /**
   * The directory was removed or replaced: the questions these answers were for went with it, so
   * each ends undelivered, visibly (a runtime that asks again in a new directory asks anew).
   */
  abandon(why: string): void {
    for (const [file, entry] of [...this.failing]) {
      this.forget(file);
      this.tell(entry.requestId, { state: 'undeliverable', reason: `${why} (${entry.reason})` });
    }
  }

  /** Stops every retry (the broker stops); the requests stay undelivered for the next start. */
  close(): void {
    for (const file of [...this.failing.keys()]) this.forget(file);
  }

  private failed(entry: Failing, error: unknown, retry: () => Promise<AttemptResult>): void {
    entry.reason = describe(error);
    const elapsed = this.now() - entry.since;
    if (elapsed >= this.giveUpMs) {
      this.failing.delete(entry.file);
      const reason = `${entry.reason}; gave up after ${entry.tries} tries`;
      return this.tell(entry.requestId, { state: 'undeliverable', reason });
    }
    this.tell(entry.requestId, { state: 'retrying', reason: entry.reason });
    entry.retry = retry;
    const delay = Math.min(this.firstMs * 2 ** (entry.tries - 1), this.maxMs);
    entry.timer = setTimeout(() => void this.again(entry, retry), delay);
    entry.timer.unref();
  }

  private async again(entry: Failing, retry: () => Promise<AttemptResult>): Promise<void> {
    if (this.failing.get(entry.file) !== entry || entry.busy) return;
    entry.tries += 1;
    let result: AttemptResult;
    entry.busy = true;
    try {
      result = await retry();
    } catch (error) {
      if (this.failing.get(entry.file) === entry) this.failed(entry, error, retry);
      return;
    } finally {
      entry.busy = false;
    }
    if (this.failing.get(entry.file) !== entry) return;
    this.forget(entry.file);
    this.settled(entry.requestId, result, ` (${entry.reason})`);
  }

  /** A try that did not throw: the file is there, or there is no one left to deliver to. */
  private settled(requestId: string, result: AttemptResult, lastFailure: string): void {
    if (result === 'delivered') this.tell(requestId, { state: 'delivered' });
    else if (result === 'withdrawn')
      this.tell(requestId, {
        state: 'undeliverable',
        reason: `the question was withdrawn${lastFailure}`,
      });
  }

  private tell(requestId: string, outcome: DeliveryOutcome): void {
    try {
      this.ledger.report(requestId, outcome);
    } catch (error) {
      // The request is no longer remembered (history pruned): nothing left to show it on.
      this.onError(error);
    }
  }

  private forget(file: string): void {
    const entry = this.failing.get(file);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.failing.delete(file);
  }
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  // Node's "EROFS: read-only file system, open '<temp path>'": the code and its words.
  if (code && message.startsWith(`${code}: `)) return message.split(', ')[0]!;
  return code ? `${code}: ${message}` : message;
}
