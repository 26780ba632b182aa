import type { Broker } from '../../broker/broker';
import type { HitlRequest } from '@contract/request';
import { AlreadyResolvedError, NotSavedError, StoreUnreachableError } from '../../broker/errors';
import { lossesOf } from '../../broker/resolution-losses';
import { readAnswerFile, removeIfPresent, type AnswerRead } from './answer-file';
import { existsNow } from './handshake-dir';
import type { InvalidFiles } from './invalid-files';

/** What the intake needs from its adapter. */
export interface AnswerIntakeHooks {
  /** The `.answer` path of a base name. */
  answerPath: (base: string) => string;
  /** Looks at a base name's files again (the adapter's reconcile). */
  recheck: (base: string) => void;
  /** An unexpected failure while deciding a file's answer. */
  onError: (error: unknown) => void;
}

/** While an answer cannot be decided, its file is tried again after this long (doubling). */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15_000;

/**
 * Answers that arrive as `.answer` files written by someone else (a CLI, another broker, the
 * start-up scan): decides when such a file counts, answers the request through the same decision
 * as every other answer (`answerShared`: in team mode the shared store's transaction picks one
 * winner), and remembers which answers came from a file so the adapter does not write them back.
 *
 * While the store is unreachable the file waits on disk (its own durable queue) and is tried
 * again, with backoff, until the store decides. A file that lost is reported (inbox item and
 * audit line, resolution-losses.ts); the adapter then writes the winning answer over it, or the
 * file is removed when the request was cancelled or expired.
 */
export class AnswerIntake {
  /** Request id → the answer file's text, while that answer is being decided. */
  private readonly fromFile = new Map<string, string>();
  private readonly retryMs = new Map<string, number>();
  /** Losses already reported (request, file, text). */
  private readonly reported = new Set<string>();

  constructor(
    private readonly broker: Broker,
    private readonly invalid: Pick<InvalidFiles, 'inGrace' | 'wait'>,
    private readonly hooks: AnswerIntakeHooks,
  ) {}

  /**
   * An empty answer file may be one whose writer has created it but not written yet (`echo yes >
   * x.answer`): it counts as an empty approval only once it stayed empty for the grace period.
   */
  usable(base: string, answer: AnswerRead): answer is AnswerRead & { ok: true } {
    if (!answer.ok) return false;
    if (!answer.empty || !this.invalid.inGrace(base)) return true;
    this.invalid.wait(base);
    return false;
  }

  /**
   * Answers the request with the file's text if it is still pending. Without a shared store it is
   * answered at once (before this returns); with one, once the store has decided.
   */
  answer(base: string, id: string, text: string, by: 'cli' | 'system'): void {
    if (this.broker.get(id)?.status !== 'pending' || this.fromFile.has(id)) return;
    this.fromFile.set(id, text);
    void this.decide(base, id, text, by).finally(() => this.fromFile.delete(id));
  }

  /**
   * True when `request`'s answer is the one its answer file already holds (it came from that
   * file), so there is nothing to write.
   */
  takeFromFile(request: HitlRequest): boolean {
    const text = this.fromFile.get(request.id);
    return text !== undefined && request.answer?.text === text;
  }

  /**
   * Before the adapter writes `request`'s answer over an `.answer` file someone else wrote: that
   * file's different answer lost (another answer was decided first) and is reported.
   */
  async overwriting(base: string, request: HitlRequest): Promise<void> {
    // Being decided here: decide() reports the outcome itself.
    if (this.fromFile.has(request.id)) return;
    const text = await this.differentAnswer(base, request);
    if (text !== undefined) this.reportOnce(request, text, 'cli', this.hooks.answerPath(base));
  }

  /**
   * True when the `.answer` next to an answered request's question holds another answer (one
   * written after the decision): the adapter then writes the decided answer over it.
   */
  async late(base: string, request: HitlRequest): Promise<boolean> {
    if (this.fromFile.has(request.id)) return false;
    return (await this.differentAnswer(base, request)) !== undefined;
  }

  /** The text of `base`'s answer file when it is not `request`'s answer. */
  private async differentAnswer(base: string, request: HitlRequest): Promise<string | undefined> {
    const file = this.hooks.answerPath(base);
    if (!existsNow(file)) return undefined;
    const present = await readAnswerFile(file);
    // Read trimmed, as the runtime reads it.
    if (!present.ok || present.text === (request.answer?.text ?? '').trim()) return undefined;
    return present.text;
  }

  /** Reports a lost answer once (a file seen again before it is rewritten is the same loss). */
  private reportOnce(winner: HitlRequest, text: string, by: 'cli' | 'system', origin: string) {
    const then = winner.status === 'answered' ? 'answer file rewritten' : 'answer file removed';
    const once = `${winner.id}\0${origin}\0${text}`;
    if (this.reported.has(once)) return;
    if (this.reported.size >= 1000) this.reported.clear();
    this.reported.add(once);
    lossesOf(this.broker).report({ winner, lost: { text, resolvedBy: by, origin, then } });
  }

  private async decide(base: string, id: string, text: string, by: 'cli' | 'system') {
    try {
      await this.broker.answerShared(id, { text }, by);
      this.retryMs.delete(base);
    } catch (error) {
      if (error instanceof AlreadyResolvedError) return this.lost(base, error.request, text, by);
      // Not decided (the team store unreachable, the state dir full): the file is tried again.
      if (error instanceof StoreUnreachableError || error instanceof NotSavedError)
        return this.retryLater(base);
      this.hooks.onError(error);
    }
  }

  private async lost(base: string, winner: HitlRequest, text: string, by: 'cli' | 'system') {
    this.retryMs.delete(base);
    const origin = this.hooks.answerPath(base);
    // A cancelled or expired request has no answer to write: the losing one must not stay.
    if (winner.status !== 'answered') await removeIfPresent(origin);
    this.reportOnce(winner, text, by, origin);
  }

  /** Nothing was decided: the file stays where it is and is looked at again later. */
  private retryLater(base: string): void {
    const delay = this.retryMs.get(base) ?? RETRY_FIRST_MS;
    this.retryMs.set(base, Math.min(delay * 2, RETRY_MAX_MS));
    setTimeout(() => this.hooks.recheck(base), delay).unref();
  }
}
