import type { UnreadableBoard } from '../../broker/unreadable-board';
import type { WorkerCommand } from './worker-messages';

/** How a mailbox answer that could not be written is retried (as answer-delivery.ts does files). */
export interface MailboxRetry {
  /** The first retry's delay; each next one doubles, up to `maxMs`. Default 500 ms. */
  firstMs?: number;
  /** Default 30 s. */
  maxMs?: number;
  /** After this long the broker stops retrying (the item then says so). Default 24 h. */
  giveUpMs?: number;
}

/** What the worker said of one write. */
export interface WriteOutcome {
  ok: boolean;
  /** The cue already had an answer: nothing to retry. */
  elsewhere?: boolean;
  detail?: string;
}

interface Undelivered {
  command: WorkerCommand;
  /** How the operator resolved the request: `answered` or `cancelled`. */
  verb: string;
  since: number;
  tries: number;
  timer?: NodeJS.Timeout;
}

/**
 * Delivery of the operator's answers into cueme's mailbox. An answer whose write fails (the file
 * locked past the busy timeout, read-only, the disk full, the mailbox not served) is not the end
 * of it: it becomes a visible "could not read" item ("answered, not yet delivered: <reason>;
 * retrying") and is written again with backoff until it lands (the item goes), the cue turns
 * out to be answered elsewhere, or the give-up time passes (the item then says so).
 */
export class MailboxDelivery {
  private readonly undelivered = new Map<string, Undelivered>();
  private readonly firstMs: number;
  private readonly maxMs: number;
  private readonly giveUpMs: number;

  /** `post` hands a command to the worker; false when the mailbox is not served right now. */
  constructor(
    private readonly board: UnreadableBoard,
    private readonly dbPath: string,
    private readonly post: (command: WorkerCommand) => boolean,
    retry: MailboxRetry = {},
    private readonly now: () => number = Date.now,
  ) {
    this.firstMs = retry.firstMs ?? 500;
    this.maxMs = retry.maxMs ?? 30_000;
    this.giveUpMs = retry.giveUpMs ?? 24 * 60 * 60 * 1000;
  }

  /**
   * Writes the operator's resolution (`verb`: answered or cancelled) of a cue; the worker's
   * `written` message reports the outcome (see `outcome`).
   */
  deliver(command: WorkerCommand, verb: 'answered' | 'cancelled'): void {
    const known = this.undelivered.get(command.requestId);
    if (known) clearTimeout(known.timer);
    this.undelivered.set(command.requestId, { command, verb, since: this.now(), tries: 0 });
    this.attempt(command.requestId);
  }

  /** True while an answer for this cue is not written yet. */
  pending(requestId: string): boolean {
    return this.undelivered.has(requestId);
  }

  /** The worker's outcome of a write. */
  outcome(requestId: string, outcome: WriteOutcome): void {
    const entry = this.undelivered.get(requestId);
    if (!entry) return;
    if (outcome.ok) return this.forget(requestId);
    if (outcome.elsewhere) {
      this.forget(requestId);
      // The operator's answer never reached the agent (a cancel of a finished cue is no news).
      if (entry.verb === 'answered')
        this.show(requestId, `answered, never delivered: ${outcome.detail}`);
      return;
    }
    this.failed(requestId, entry, outcome.detail ?? 'the write failed');
  }

  /** Stops every retry and takes their items away. */
  close(): void {
    for (const id of [...this.undelivered.keys()]) this.forget(id);
  }

  private attempt(requestId: string): void {
    const entry = this.undelivered.get(requestId);
    if (!entry) return;
    entry.tries += 1;
    if (!this.post(entry.command)) this.failed(requestId, entry, 'the mailbox is not served');
  }

  private failed(requestId: string, entry: Undelivered, reason: string): void {
    if (this.now() - entry.since >= this.giveUpMs) {
      this.undelivered.delete(requestId);
      this.show(
        requestId,
        `${entry.verb}, never delivered: ${reason}; gave up after ${entry.tries} tries`,
      );
      return;
    }
    this.show(requestId, `${entry.verb}, not yet delivered: ${reason}; retrying`);
    const delay = Math.min(this.firstMs * 2 ** (entry.tries - 1), this.maxMs);
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.attempt(requestId), delay);
    entry.timer.unref();
  }

  private show(requestId: string, reason: string): void {
    this.board.report({
      id: itemId(this.dbPath, requestId),
      source: 'cueme',
      origin: `${this.dbPath} (cue ${requestId})`,
      reason: `cue ${requestId} ${reason}`,
    });
  }

  private forget(requestId: string): void {
    const entry = this.undelivered.get(requestId);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.undelivered.delete(requestId);
    this.board.clear(itemId(this.dbPath, requestId));
  }
}

function itemId(dbPath: string, requestId: string): string {
  return `delivery:${dbPath}#${requestId}`;
}
