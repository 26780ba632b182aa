import type { DeliveryOutcome } from '@contract/delivery';
import type { DeliveryLedger } from '../../broker/delivery-state';
import type { UnreadableBoard } from '../../broker/unreadable-board';
import type { WorkerCommand } from './worker-messages';

/** How a mailbox answer that could not be written is retried (as answer-delivery.ts does files). */
export interface MailboxRetry {
  /** The first retry's delay; each next one doubles, up to `maxMs`. Default 500 ms. */
  firstMs?: number;
  /** Default 30 s. */
  maxMs?: number;
  /** After this long the broker stops retrying (the request then says so). Default 24 h. */
  giveUpMs?: number;
  /**
   * A write the worker has not reported on after this long counts as failed (a worker that died
   * with the command). Default 20 s: the 5 s busy timeout and a slow disk.
   */
  replyMs?: number;
}

/** What the worker said of one write. */
export interface WriteOutcome {
  ok: boolean;
  /** The cue already had an answer: nothing to retry. */
  elsewhere?: boolean;
  detail?: string;
}

/** The broker request a write resolves: its id and how the operator resolved it. */
export interface Resolution {
  id: string;
  verb: 'answered' | 'cancelled';
}

interface Undelivered extends Resolution {
  command: WorkerCommand;
  since: number;
  tries: number;
  timer?: NodeJS.Timeout;
}

/**
 * Delivery of the operator's resolutions into cueme's mailbox. An answer whose write fails (the
 * file locked past the busy timeout, read-only, the disk full, the mailbox not served) is not the
 * end of it: the request's delivery state says "answered, not yet delivered: <reason>; retrying"
 * (the broker's delivery ledger lists it) and it is written again with backoff until it lands
 * (`delivered`), the cue turns out to be answered elsewhere, or the give-up time passes
 * (`undeliverable`). A cancel has no delivery state: a failing one is a "could not read" item.
 */
export class MailboxDelivery {
  private readonly undelivered = new Map<string, Undelivered>();
  private readonly firstMs: number;
  private readonly maxMs: number;
  private readonly giveUpMs: number;
  private readonly replyMs: number;

  /** `post` hands a command to the worker; false when the mailbox is not served right now. */
  constructor(
    private readonly sinks: { ledger: Pick<DeliveryLedger, 'report'>; board: UnreadableBoard },
    private readonly dbPath: string,
    private readonly post: (command: WorkerCommand) => boolean,
    retry: MailboxRetry = {},
    private readonly now: () => number = Date.now,
  ) {
    this.firstMs = retry.firstMs ?? 500;
    this.maxMs = retry.maxMs ?? 30_000;
    this.giveUpMs = retry.giveUpMs ?? 24 * 60 * 60 * 1000;
    this.replyMs = retry.replyMs ?? 20_000;
  }

  /** Writes a resolution of a cue; the worker's `written` message reports the outcome. */
  deliver(command: WorkerCommand, resolution: Resolution): void {
    const known = this.undelivered.get(command.requestId);
    if (known) clearTimeout(known.timer);
    const entry = { ...resolution, command, since: this.now(), tries: 0 };
    this.undelivered.set(command.requestId, entry);
    this.attempt(command.requestId);
  }

  /** True while a resolution of this cue is not written yet. */
  pending(requestId: string): boolean {
    return this.undelivered.has(requestId);
  }

  /** The worker's outcome of a write. */
  outcome(requestId: string, outcome: WriteOutcome): void {
    const entry = this.undelivered.get(requestId);
    if (!entry) return;
    clearTimeout(entry.timer);
    if (outcome.ok) {
      this.forget(requestId);
      return this.tell(entry, { state: 'delivered' });
    }
    if (outcome.elsewhere) {
      this.forget(requestId);
      return this.tell(entry, { state: 'undeliverable', reason: outcome.detail ?? 'answered' });
    }
    this.failed(requestId, entry, outcome.detail ?? 'the write failed');
  }

  /** Stops every retry (the requests stay undelivered). */
  close(): void {
    for (const id of [...this.undelivered.keys()]) this.forget(id);
  }

  private attempt(requestId: string): void {
    const entry = this.undelivered.get(requestId);
    if (!entry) return;
    entry.tries += 1;
    if (!this.post(entry.command))
      return this.failed(requestId, entry, 'the mailbox is not served');
    entry.timer = setTimeout(
      () => this.failed(requestId, entry, 'the mailbox worker did not report the write'),
      this.replyMs,
    );
    entry.timer.unref();
  }

  private failed(requestId: string, entry: Undelivered, reason: string): void {
    if (this.now() - entry.since >= this.giveUpMs) {
      this.forget(requestId);
      const ended = `${reason}; gave up after ${entry.tries} tries`;
      return this.tell(entry, { state: 'undeliverable', reason: ended });
    }
    this.tell(entry, { state: 'retrying', reason });
    const delay = Math.min(this.firstMs * 2 ** (entry.tries - 1), this.maxMs);
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.attempt(requestId), delay);
    entry.timer.unref();
  }

  /** An answer's outcome goes to the ledger; a cancel's failure is shown on the board. */
  private tell(entry: Undelivered, outcome: DeliveryOutcome): void {
    if (entry.verb === 'answered') {
      try {
        this.sinks.ledger.report(entry.id, outcome);
      } catch {
        // The request is no longer remembered (history pruned): nothing left to show it on.
      }
      return;
    }
    const id = `delivery:${this.dbPath}#${entry.command.requestId}`;
    // A cancel of a cue that had an answer already is no news.
    if (outcome.state === 'delivered' || /already had an answer/.test(outcome.reason))
      return this.sinks.board.clear(id);
    const what = outcome.state === 'retrying' ? 'not yet delivered' : 'never delivered';
    this.sinks.board.report({
      id,
      source: 'cueme',
      origin: `${this.dbPath} (cue ${entry.command.requestId})`,
      reason: `cancelled, ${what}: ${outcome.reason}${outcome.state === 'retrying' ? '; retrying' : ''}`,
    });
  }

  private forget(requestId: string): void {
    const entry = this.undelivered.get(requestId);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.undelivered.delete(requestId);
  }
}
