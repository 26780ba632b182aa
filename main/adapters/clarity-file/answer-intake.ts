import type { Broker } from '../../broker/broker';
import type { HitlRequest } from '@contract/request';
import { AlreadyResolvedError, StoreUnreachableError } from '../../broker/errors';
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

/** While the shared store is unreachable, a file's answer is tried again after this long (doubling). */
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
    const file = this.hooks.answerPath(base);
    if (!existsNow(file)) return;
    const present = await readAnswerFile(file);
    if (!present.ok || present.text === (request.answer?.text ?? '')) return;
    lossesOf(this.broker).report({
      winner: request,
      lost: { text: present.text, resolvedBy: 'cli', origin: file, then: 'answer file rewritten' },
    });
  }

  private async decide(base: string, id: string, text: string, by: 'cli' | 'system') {
    try {
      await this.broker.answerShared(id, { text }, by);
      this.retryMs.delete(base);
    } catch (error) {
      if (error instanceof AlreadyResolvedError) return this.lost(base, error.request, text, by);
      if (error instanceof StoreUnreachableError) return this.retryLater(base);
      this.hooks.onError(error);
    }
  }

  private async lost(base: string, winner: HitlRequest, text: string, by: 'cli' | 'system') {
    this.retryMs.delete(base);
    const origin = this.hooks.answerPath(base);
    // A cancelled or expired request has no answer to write: the losing one must not stay.
    if (winner.status !== 'answered') await removeIfPresent(origin);
    const then = winner.status === 'answered' ? 'answer file rewritten' : 'answer file removed';
    lossesOf(this.broker).report({ winner, lost: { text, resolvedBy: by, origin, then } });
  }

  /** The store could not decide: the file stays where it is and is looked at again later. */
  private retryLater(base: string): void {
    const delay = this.retryMs.get(base) ?? RETRY_FIRST_MS;
    this.retryMs.set(base, Math.min(delay * 2, RETRY_MAX_MS));
    setTimeout(() => this.hooks.recheck(base), delay).unref();
  }
}
