import { randomUUID } from 'node:crypto';
import type { Broker } from '../../broker/broker';
import { DuplicateRequestError } from '../../broker/errors';
import type { HitlRequest } from '@contract/request';
import { isUndelivered } from '@contract/delivery';
import { readAnswerFile, removeIfPresent, type AnswerRead } from './answer-file';
import type { AnswerDelivery, AttemptResult } from './answer-delivery';
import type { AnswerIntake } from './answer-intake';
import { writeFileAtomicOver } from './atomic-write';
import { flatString } from './flat-string';
import { exists, hasUndecodableName } from './handshake-dir';
import type { InvalidFiles } from './invalid-files';
import type { MirrorFiles } from './mirror-files';
import {
  ANSWER_EXT,
  QUESTION_EXT,
  readQuestionFile,
  sameSignature,
  statSignature,
  type QuestionRead,
} from './question-file';
import type { PrefetchedQuestion } from './prefetch/prefetch-read';
import { fileQuestionRequest, fingerprint } from './question-request';
import { stableFileRequestId } from './stable-id';
import { decidesItsFile, fileEntry, type Tracked, type TrackedBases } from './tracked-bases';

const NOT_UTF8_NAME =
  'has a file name that is not UTF-8: the broker cannot open it by name nor write its answer; rename it';

export interface QuestionFilesContext {
  dir: string;
  broker: Broker;
  bases: TrackedBases;
  mirrors: MirrorFiles;
  invalid: InvalidFiles;
  intake: AnswerIntake;
  now: () => number;
  questionPath: (base: string) => string;
  answerPath: (base: string) => string;
  /** The adapter was closed (a reconcile may still be finishing). */
  closed: () => boolean;
  /** The start-up scan runs: an answer found now was there before the broker, not given by a tool. */
  scanning: () => boolean;
  /**
   * A start-up read of `base`'s question file done ahead on another thread (QuestionPrefetch),
   * used in place of reading the file; undefined: read it.
   */
  prefetched?: (
    base: string,
  ) => PrefetchedQuestion | undefined | Promise<PrefetchedQuestion | undefined>;
  /** Writes answer files, retrying those that fail. */
  delivery: AnswerDelivery;
  /** The directory is still the one watched (checked before writing there). */
  dirInUse: () => boolean;
  onAnswerWritten?: (request: HitlRequest, file: string) => void;
}

/**
 * The runtimes' side of the handshake dir: each `{name}.question` a runtime writes is a pending
 * `clarity-file` request (asked again under the same id after a restart), an `.answer` written
 * by a file tool answers it, and an answer given in the inbox is written as its `.answer`.
 */
export class QuestionFiles {
  /** Bases the start-up listing showed without an `.answer`: their first reconcile skips the read. */
  private readonly listedWithoutAnswer = new Set<string>();

  constructor(private readonly c: QuestionFilesContext) {}

  /** The start-up listing (`names`, with these `bases`): those without an `.answer` in it. */
  listedAtStart(names: string[], bases: string[]): void {
    const answered = new Set(names.filter((name) => name.endsWith(ANSWER_EXT)));
    for (const base of bases)
      if (answered.size === 0 || !answered.has(base + ANSWER_EXT))
        this.listedWithoutAnswer.add(base);
  }

  /** What the start-up listing showed of `base` (of every base, when none is given) is no longer current. */
  forgetListing(base?: string): void {
    if (base === undefined) this.listedWithoutAnswer.clear();
    else this.listedWithoutAnswer.delete(base);
  }

  /** Brings a runtime's question file (or a name no one holds yet) in line with what is on disk. */
  async reconcile(base: string, entry: Tracked | undefined): Promise<void> {
    const path = this.c.questionPath(base);
    if (entry?.signature && sameSignature(entry.signature, await statSignature(path))) {
      return this.takeExternalAnswer(base, entry);
    }
    const ahead = entry ? undefined : this.c.prefetched?.(base);
    const early = ahead instanceof Promise ? await ahead : ahead;
    const read: QuestionRead = early ? { ok: true, ...early } : readQuestionFile(path);
    if (!read.ok && read.missing) {
      if (!entry && hasUndecodableName(this.c.dir, base + QUESTION_EXT))
        return this.markInvalid(base, NOT_UTF8_NAME, 'name');
      this.forgetInvalid(base);
      if (entry) this.c.bases.retire(base, entry, this.c.broker);
      return;
    }
    if (entry && read.ok && entry.fingerprint === fingerprint(read.question)) {
      entry.signature = read.signature;
      return this.takeExternalAnswer(base, entry);
    }
    // A half-written file gets its grace period before it retires a request or counts as invalid.
    if (!read.ok && read.transient && this.c.invalid.inGrace(base))
      return this.c.invalid.wait(base);
    if (entry) {
      // Even when the new file is not readable yet: once the entry is retired, this is unknown.
      await this.dropStaleAnswer(base, entry, read.signature ?? (await statSignature(path)));
      this.c.bases.retire(base, entry, this.c.broker);
    }
    if (!read.ok) return this.markInvalid(base, read.reason, read.field);
    if (this.c.invalid.knows(base)) this.c.invalid.forget(base, []);
    const question = read.question;
    if (question.mirrorOf !== undefined) return this.c.mirrors.adoptStale(base, question.mirrorOf);
    const print = early?.print ?? fingerprint(question);
    // Stable across broker restarts; a fresh one if that id was used already (answered before).
    const stable = early?.stable ?? stableFileRequestId(this.c.dir, base, read.signature, print);
    const known = this.c.broker.get(stable);
    if (known?.source === 'clarity-file' && decidesItsFile(known))
      return this.resume(base, known, { signature: read.signature, print });
    const duplicate = this.c.broker.findPending('clarity-file', question.key);
    if (duplicate) {
      return this.markInvalid(
        base,
        `has key ${JSON.stringify(question.key)}, already pending from ${String(duplicate.meta?.baseName)}${QUESTION_EXT}`,
        'key',
      );
    }
    // At start, trying to open thousands of answer files the listing did not show costs more
    // than the questions themselves; one written since then is reported by the watch.
    const onDisk = this.answerOnDisk(base);
    // At start the answer is known without a read (no microtask turn for each of thousands).
    const answer = onDisk instanceof Promise ? await onDisk : onDisk;
    if (this.c.closed() || this.c.bases.has(base)) return;
    // Without a turn in between, nothing can have taken the stable id since it was looked up.
    const idTaken = onDisk instanceof Promise ? this.c.broker.get(stable) !== undefined : !!known;
    // Tracked before add(): a listener may answer synchronously inside add()'s 'added' event.
    const created = fileEntry(idTaken ? flatString(randomUUID()) : stable, read.signature, print);
    this.c.bases.set(base, created);
    let request: HitlRequest;
    try {
      request = this.c.broker.add(
        fileQuestionRequest(question, {
          id: created.requestId,
          base,
          dir: this.c.dir,
          questionFile: path,
          mtimeMs: read.signature.mtimeMs,
          now: this.c.now(),
        }),
        'checked',
      );
    } catch (error) {
      this.c.bases.delete(base, created);
      if (error instanceof DuplicateRequestError)
        return this.markInvalid(base, `has key ${JSON.stringify(question.key)} (duplicate)`, 'key');
      throw error;
    }
    this.forgetInvalid(base);
    if (this.c.intake.usable(base, answer))
      this.c.intake.answer(base, request.id, answer.text, this.c.scanning() ? 'system' : 'cli');
  }

  /**
   * The question file of a request this broker already knows under the file's stable id: loaded
   * from the shared store after a restart (team mode: it was created here before), or in the
   * history. Never asked again. Pending: followed again, so an answer given on any instance writes
   * the answer file. Answered while nobody watched this file: the answer is written now (the
   * runtime is still waiting on it). Cancelled by someone: the question is removed, as it would
   * have been.
   */
  private async resume(
    base: string,
    known: HitlRequest,
    file: { signature: NonNullable<Tracked['signature']>; print: string },
  ): Promise<void> {
    this.forgetInvalid(base);
    if (known.status === 'pending') {
      const answer = await this.answerOnDisk(base);
      if (this.c.closed() || this.c.bases.has(base)) return;
      this.c.bases.set(base, fileEntry(known.id, file.signature, file.print));
      if (this.c.intake.usable(base, answer))
        this.c.intake.answer(base, known.id, answer.text, this.c.scanning() ? 'system' : 'cli');
      return;
    }
    this.listedWithoutAnswer.delete(base);
    if (known.status === 'answered' && !(await exists(this.c.answerPath(base))))
      await this.writeAnswer(base, known);
    else if (known.status === 'answered' && isUndelivered(known.delivery))
      // Written before a crash that came before its report: the file is what the runtime reads.
      this.c.broker.deliveries.report(known.id, { state: 'delivered' });
    else if (known.status === 'cancelled') await removeIfPresent(this.c.questionPath(base));
  }

  /**
   * A new question written over one already resolved (the README's `echo … > deploy.question`
   * run again, or a runtime that asks again without consuming): an `.answer` older than the new
   * question was given to the old one, where the spec's runtime would have read and deleted it.
   * It is removed, so the new question is asked instead of answered at once with the old answer.
   */
  private async dropStaleAnswer(
    base: string,
    entry: Tracked,
    question: Tracked['signature'],
  ): Promise<void> {
    const status = this.c.broker.get(entry.requestId)?.status;
    if (!question || entry.kind !== 'file' || status === undefined || status === 'pending') return;
    const file = this.c.answerPath(base);
    const answer = await statSignature(file);
    if (answer && answer.mtimeMs < question.mtimeMs) await removeIfPresent(file);
  }

  /** The `.answer` next to a question (at start, one the listing did not show is not opened). */
  private answerOnDisk(base: string): Promise<AnswerRead> | AnswerRead {
    return this.listedWithoutAnswer.delete(base)
      ? { ok: false, missing: true }
      : readAnswerFile(this.c.answerPath(base));
  }

  /** An `.answer` written by another process answers the pending request (resolvedBy cli). */
  private async takeExternalAnswer(base: string, entry: Tracked): Promise<void> {
    const request = this.c.broker.get(entry.requestId);
    // An answer file that came after the decision lost: reported, and the decided answer is
    // written back over it while the runtime still waits.
    if (request?.status === 'answered' && (await this.c.intake.late(base, request)))
      return this.writeAnswer(base, request);
    if (request?.status !== 'pending') return;
    const answer = await readAnswerFile(this.c.answerPath(base));
    if (this.c.intake.usable(base, answer))
      this.c.intake.answer(base, entry.requestId, answer.text, 'cli');
    else if (!answer.ok && !answer.missing)
      this.c.invalid.report(base, base + ANSWER_EXT, answer.reason);
  }

  /**
   * Writes the answer of a request asked by a question file, where its runtime waits for it. A
   * write that fails is retried and shown until it lands (AnswerDelivery).
   */
  async writeAnswer(base: string, request: HitlRequest): Promise<void> {
    if (!this.c.dirInUse()) return this.dirNotWatched(request);
    const file = this.c.answerPath(base);
    const attempt = () => this.writeAnswerFile(base, file, request);
    await this.c.delivery.deliver(request.id, file, attempt, async () => {
      if (!this.c.dirInUse()) return 'dir-lost';
      // The runtime gave up meanwhile (deleted its question): nothing to deliver to.
      if (!(await exists(this.c.questionPath(base)))) return 'withdrawn';
      return attempt();
    });
  }

  private async writeAnswerFile(
    base: string,
    file: string,
    request: HitlRequest,
  ): Promise<AttemptResult> {
    // An answer file someone else wrote that this answer replaces lost: it is reported, also one
    // renamed in a moment before this write.
    await writeFileAtomicOver(file, request.answer?.text ?? '', () =>
      this.c.intake.overwriting(base, request),
    );
    this.c.onAnswerWritten?.(request, file);
    // The runtime may have given up (deleted its question) just before: never leave an orphan
    // answer that a later question with the same key would pick up.
    if (await exists(this.c.questionPath(base))) return 'delivered';
    await removeIfPresent(file);
    return 'withdrawn';
  }

  /** The dir was replaced or removed, and the question with it: the answer ends undelivered. */
  private dirNotWatched(request: HitlRequest): void {
    const reason = `the handshake dir ${this.c.dir} was removed or replaced`;
    this.c.broker.deliveries.report(request.id, { state: 'undeliverable', reason });
  }

  private markInvalid(base: string, reason: string, field?: string): void {
    this.c.invalid.report(base, base + QUESTION_EXT, reason, field);
  }

  private forgetInvalid(base: string): void {
    if (!this.c.invalid.knows(base)) return;
    this.c.invalid.forget(base, [base + QUESTION_EXT, base + ANSWER_EXT]);
  }
}
