import { randomUUID } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Broker, BrokerEvent } from '../../broker/broker';
import { DuplicateRequestError } from '../../broker/errors';
import type { HitlRequest } from '@contract/request';
import { readAnswerFile, removeIfPresent, type AnswerRead } from './answer-file';
import { AnswerIntake } from './answer-intake';
import { writeFileAtomic } from './atomic-write';
import { exists, questionBaseName } from './handshake-dir';
import {
  forEachLimited,
  handshakeBases,
  watchHandshakeDir,
  type HandshakeWatch,
} from './handshake-watcher';
import { InvalidFiles, unreadableSink, type InvalidQuestionFile } from './invalid-files';

export type { ClarityFileAdapterOptions, InvalidQuestionFile };
import { DirGuard } from './dir-identity';
import { flatString } from './flat-string';
import { KeyedRunner } from './keyed-runner';
import {
  ANSWER_EXT,
  QUESTION_EXT,
  readQuestionFile,
  sameSignature,
  statSignature,
  statSignatureNow,
} from './question-file';
import { MirrorFiles } from './mirror-files';
import {
  decidesItsFile,
  fileEntry,
  holdsOwnMirror,
  TrackedBases,
  type Tracked,
} from './tracked-bases';
import type { ClarityFileAdapterOptions } from './adapter-options';
import { fileQuestionRequest, fingerprint } from './question-request';
import { stableFileRequestId } from './stable-id';

const SCAN_CONCURRENCY = 32;

/**
 * The Clarity file handshake (docs/protocols.md#clarity-file-handshake): every `{dir}/{name}.question` is a pending `clarity-file` request;
 * answering it writes `{name}.answer` atomically; cancelling it deletes the question; the runtime
 * deleting the question takes the request out of pending. Also mirrors requests born elsewhere as
 * question files so file tools can see and answer them.
 *
 * While open, the adapter keeps the process alive (one idle timer); after close() nothing of it
 * does (its directory watch and rescan timer are unref'd).
 */
/** Where a tracked request's files are (see `ClarityFileAdapter.filesOf`). */
export interface RequestFiles {
  safeKey: string;
  kind: 'file' | 'mirror';
  questionPath: string;
  answerPath: string;
}

export class ClarityFileAdapter {
  readonly dir: string;
  /** `dir` with one trailing separator. */
  private readonly dirPrefix: string;
  private readonly broker: Broker;
  private readonly now: () => number;
  private readonly runner: KeyedRunner;
  private readonly tracked = new TrackedBases();
  private readonly mirrors: MirrorFiles;
  private readonly invalid: InvalidFiles;
  private readonly intake: AnswerIntake;
  private readonly operations = new Set<Promise<void>>();
  private watcher: HandshakeWatch | undefined;
  private keepAlive: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private scanning = false;
  /** Bases the start-up listing showed without an `.answer`: their first reconcile skips the read. */
  private readonly listedWithoutAnswer = new Set<string>();
  private closed = false;
  private dirGuard: DirGuard | undefined;

  private constructor(private readonly options: ClarityFileAdapterOptions) {
    this.dir = resolve(options.dir);
    this.dirPrefix = this.dir.endsWith(sep) ? this.dir : this.dir + sep;
    this.broker = options.broker;
    this.now = options.now ?? Date.now;
    this.runner = new KeyedRunner(
      (base) => this.reconcile(base),
      (error) => this.options.onError?.(error),
    );
    this.mirrors = new MirrorFiles({
      broker: this.broker,
      bases: this.tracked,
      questionPath: (base) => this.questionPath(base),
      answerPath: (base) => this.answerPath(base),
      recheck: (base) => void this.runner.request(base),
      dirUsable: () => this.dirGuard?.usable() !== false,
      usableAnswer: (base, answer) => this.intake.usable(base, answer),
    });
    this.invalid = new InvalidFiles(
      options.invalidGraceMs ?? 300,
      this.now,
      options.onInvalid,
      (base) => {
        void this.runner.request(base);
      },
      unreadableSink(this.broker.unreadable, this.dir),
    );
    this.intake = new AnswerIntake(this.broker, this.invalid);
  }

  /** Creates the directory if needed, starts watching, scans what is already there; resolves when ready. */
  static async start(options: ClarityFileAdapterOptions): Promise<ClarityFileAdapter> {
    const adapter = new ClarityFileAdapter(options);
    try {
      await adapter.begin();
    } catch (error) {
      await adapter.close();
      throw error;
    }
    return adapter;
  }

  /** Files that are currently invalid, in the order they were found. */
  invalidFiles(): InvalidQuestionFile[] {
    return this.invalid.list();
  }

  /**
   * Mirrors a request born elsewhere (e.g. Clarity HTTP mode) as a question file. See the README.
   * The file name is claimed at once (`filesOf` knows it when this returns); the file is written
   * once `ready` resolves, e.g. after the HTTP reply went out, and whenIdle() waits for it.
   */
  mirror(request: HitlRequest, ready?: PromiseLike<unknown>): Promise<void> {
    if (this.closed) return Promise.resolve();
    const writing = this.mirrors.write(request, ready);
    this.track(writing, false);
    return writing;
  }

  /**
   * The handshake files of a request this adapter tracks (a runtime's question or a mirror): its
   * base name, which the Clarity spec calls `safeKey`, and both paths.
   */
  filesOf(requestId: string): RequestFiles | undefined {
    const base = this.tracked.baseOf(requestId);
    const entry = base === undefined ? undefined : this.tracked.get(base);
    if (base === undefined || !entry) return undefined;
    return {
      safeKey: base,
      kind: entry.kind,
      questionPath: this.questionPath(base),
      answerPath: this.answerPath(base),
    };
  }

  /** Resolves when every file operation started so far has finished (handy for tests and benchmarks). */
  async whenIdle(): Promise<void> {
    while (this.operations.size > 0) await Promise.all([...this.operations]);
    await this.runner.idle();
    while (this.operations.size > 0) await Promise.all([...this.operations]);
  }

  /** Stops watching. Pending requests stay pending in the broker. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe?.();
    clearInterval(this.keepAlive);
    this.dirGuard?.stop();
    this.invalid.clear();
    await this.watcher?.close();
    await this.whenIdle();
  }

  /** Starts chokidar beside the fast fs.watch path (when `deferReliableWatch` held it back). */
  startReliableWatch(): void {
    this.watcher?.startReliable();
  }

  private async begin(): Promise<void> {
    this.keepAlive = setInterval(() => undefined, 1 << 30);
    await mkdir(this.dir, { recursive: true });
    // Replaced by a symlink or another directory while watched: stop using it, tell the operator.
    this.dirGuard = new DirGuard(this.dir, this.options.rescanMs ?? 2000, (reason) => {
      void this.watcher?.close();
      this.options.onDirLost?.(reason);
    });
    this.unsubscribe = this.broker.subscribe((event) => this.onBrokerEvent(event));
    this.watcher = watchHandshakeDir(
      this.dir,
      (base, written) => {
        this.listedWithoutAnswer.delete(base);
        if (written) this.invalid.changed(base);
        void this.runner.request(base);
      },
      (error) => this.options.onError?.(error),
      { rescanMs: this.options.rescanMs, ownFile: (name) => this.isOwnMirror(name) },
    );
    // The watch is already running: a file that appears during the scan is seen by one or both.
    this.scanning = true;
    try {
      const names = await readdir(this.dir);
      this.watcher.prime(names);
      const listed = new Set(names);
      for (const base of handshakeBases(names))
        if (!listed.has(base + ANSWER_EXT)) this.listedWithoutAnswer.add(base);
      await forEachLimited(handshakeBases(names), SCAN_CONCURRENCY, (base) =>
        this.runner.request(base),
      );
      if (!this.options.deferReliableWatch) this.watcher.startReliable();
    } finally {
      this.scanning = false;
      this.listedWithoutAnswer.clear();
    }
  }

  /** Brings one base name's request in line with what is on disk. Runs one at a time per base. */
  private async reconcile(base: string): Promise<void> {
    if (this.closed || !this.dirInUse()) return;
    const entry = this.tracked.get(base);
    if (entry?.kind === 'mirror') return this.mirrors.reconcile(base, entry);
    if (
      entry?.signature &&
      sameSignature(entry.signature, await statSignature(this.questionPath(base)))
    ) {
      return this.takeExternalAnswer(base, entry);
    }
    const read = readQuestionFile(this.questionPath(base));
    if (!read.ok && read.missing) {
      this.forgetInvalid(base);
      if (entry) this.tracked.retire(base, entry, this.broker);
      return;
    }
    if (entry && read.ok && entry.fingerprint === fingerprint(read.question)) {
      entry.signature = read.signature;
      return this.takeExternalAnswer(base, entry);
    }
    // A half-written file gets its grace period before it retires a request or counts as invalid.
    if (!read.ok && read.transient && this.invalid.inGrace(base)) return this.invalid.wait(base);
    if (entry) this.tracked.retire(base, entry, this.broker);
    if (!read.ok) return this.markInvalid(base, read.reason, read.field);
    this.invalid.forget(base, []);
    const question = read.question;
    if (question.mirrorOf !== undefined) return this.mirrors.adoptStale(base, question.mirrorOf);
    const print = fingerprint(question);
    // Stable across broker restarts; a fresh one if that id was used already (answered before).
    const stable = stableFileRequestId(this.dir, base, read.signature, print);
    const known = this.broker.get(stable);
    if (known?.source === 'clarity-file' && decidesItsFile(known))
      return this.resume(base, known, { signature: read.signature, print });
    const duplicate = this.broker.findPending('clarity-file', question.key);
    if (duplicate) {
      return this.markInvalid(
        base,
        `has key ${JSON.stringify(question.key)}, already pending from ${String(duplicate.meta?.baseName)}${QUESTION_EXT}`,
        'key',
      );
    }
    // At start, trying to open thousands of answer files the listing did not show costs more
    // than the questions themselves; one written since then is reported by the watch.
    const answer = await this.answerOnDisk(base);
    if (this.closed || this.tracked.has(base)) return;
    // Tracked before add(): a listener may answer synchronously inside add()'s 'added' event.
    const created = fileEntry(
      flatString(this.broker.get(stable) ? randomUUID() : stable),
      read.signature,
      print,
    );
    this.tracked.set(base, created);
    let request: HitlRequest;
    try {
      request = this.broker.add(
        fileQuestionRequest(question, {
          id: created.requestId,
          base,
          dir: this.dir,
          questionFile: flatString(this.questionPath(base)),
          mtimeMs: read.signature.mtimeMs,
          now: this.now(),
        }),
        'checked',
      );
    } catch (error) {
      this.tracked.delete(base, created);
      if (error instanceof DuplicateRequestError)
        return this.markInvalid(base, `has key ${JSON.stringify(question.key)} (duplicate)`, 'key');
      throw error;
    }
    this.forgetInvalid(base);
    if (this.intake.usable(base, answer))
      this.intake.answer(request.id, answer.text, this.scanning ? 'system' : 'cli');
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
      if (this.closed || this.tracked.has(base)) return;
      this.tracked.set(base, fileEntry(known.id, file.signature, file.print));
      if (this.intake.usable(base, answer))
        this.intake.answer(known.id, answer.text, this.scanning ? 'system' : 'cli');
      return;
    }
    this.listedWithoutAnswer.delete(base);
    if (known.status === 'answered' && !(await exists(this.answerPath(base))))
      await this.writeAnswer(base, known);
    else if (known.status === 'cancelled') await removeIfPresent(this.questionPath(base));
  }

  /** The `.answer` next to a question (at start, one the listing did not show is not opened). */
  private answerOnDisk(base: string): Promise<AnswerRead> | AnswerRead {
    return this.listedWithoutAnswer.delete(base)
      ? { ok: false, missing: true }
      : readAnswerFile(this.answerPath(base));
  }

  /** An `.answer` written by another process answers the pending request (resolvedBy cli). */
  private async takeExternalAnswer(base: string, entry: Tracked): Promise<void> {
    if (this.broker.get(entry.requestId)?.status !== 'pending') return;
    const answer = await readAnswerFile(this.answerPath(base));
    if (this.intake.usable(base, answer)) this.intake.answer(entry.requestId, answer.text, 'cli');
    else if (!answer.ok && !answer.missing)
      this.invalid.report(base, base + ANSWER_EXT, answer.reason);
  }

  private onBrokerEvent(event: BrokerEvent): void {
    if (event.type === 'added' || event.type === 'updated') return;
    const base = this.tracked.baseOf(event.request.id);
    const entry = base === undefined ? undefined : this.tracked.get(base);
    if (base === undefined || !entry) return;
    if (entry.kind === 'mirror') {
      // After this turn: the resolution's own replies (a long poll, the answering request) go
      // out first; the files go moments later.
      if (entry.ready) this.track(nextTurn().then(() => this.mirrors.remove(base)));
      return;
    }
    if (event.type === 'answered') {
      if (this.intake.takeFromFile(event.request.id)) return;
      this.track(this.writeAnswer(base, event.request));
    } else if (event.type === 'cancelled' && this.dirGuard?.usable() !== false) {
      this.track(removeIfPresent(this.questionPath(base)));
    }
  }

  /** The directory is watched and still the one captured at start (false before start, once lost). */
  private dirInUse(): boolean {
    if (this.dirGuard === undefined) return false;
    // The start-up scan checks once per event-loop turn rather than once per file.
    return this.scanning ? this.dirGuard.usableThisTurn() : this.dirGuard.usable();
  }

  private async writeAnswer(base: string, request: HitlRequest): Promise<void> {
    if (!this.dirInUse()) return;
    const file = this.answerPath(base);
    await writeFileAtomic(file, request.answer?.text ?? '');
    this.options.onAnswerWritten?.(request, file);
    // The runtime may have given up (deleted its question) just before: never leave an orphan
    // answer that a later question with the same key would pick up.
    if (!(await exists(this.questionPath(base)))) await removeIfPresent(file);
  }

  private markInvalid(base: string, reason: string, field?: string): void {
    this.invalid.report(base, base + QUESTION_EXT, reason, field);
  }

  private forgetInvalid(base: string): void {
    if (!this.invalid.knows(base)) return;
    this.invalid.forget(base, [base + QUESTION_EXT, base + ANSWER_EXT]);
  }

  /** Counts `operation` in whenIdle(); its error goes to onError unless the caller reports it. */
  private track(operation: Promise<void>, report = true): void {
    const tracked = operation
      .catch((error) => {
        if (report) this.options.onError?.(error);
      })
      .finally(() => this.operations.delete(tracked));
    this.operations.add(tracked);
  }

  /** Whether `name` is the question file of a mirror this adapter wrote (or is about to write). */
  private isOwnMirror(name: string): boolean {
    const base = questionBaseName(name);
    if (base === undefined) return false;
    return holdsOwnMirror(this.tracked.get(base), () => statSignatureNow(this.questionPath(base)));
  }

  // A base is one file name (never a separator, never `.` first): plain concatenation is join().
  private questionPath(base: string): string {
    return this.dirPrefix + base + QUESTION_EXT;
  }

  private answerPath(base: string): string {
    return this.dirPrefix + base + ANSWER_EXT;
  }
}

/** Resolves in the event loop's next check phase (after the I/O callbacks of this turn). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
