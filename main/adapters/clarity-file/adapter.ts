import { setImmediate as nextTurn } from 'node:timers/promises';
import { mkdir, readdir } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Broker, BrokerEvent } from '../../broker/broker';
import type { HitlRequest } from '@contract/request';
import { removeIfPresent } from './answer-file';
import { AnswerDelivery } from './answer-delivery';
import { AnswerIntake } from './answer-intake';
import type { ClarityFileAdapterOptions } from './adapter-options';
import { DirGuard } from './dir-identity';
import {
  forEachLimited,
  handshakeBases,
  watchHandshakeDir,
  type HandshakeWatch,
} from './handshake-watcher';
import { InvalidFiles, unreadableSink, type InvalidQuestionFile } from './invalid-files';
import { KeyedRunner } from './keyed-runner';
import { MirrorFiles } from './mirror-files';
import { ANSWER_EXT, QUESTION_EXT } from './question-file';
import type { QuestionPrefetch } from './prefetch/question-prefetch';
import { QuestionFiles } from './question-files';
import { TrackedBases } from './tracked-bases';

export type { ClarityFileAdapterOptions, InvalidQuestionFile };

const SCAN_CONCURRENCY = 32;

/** Where a tracked request's files are (see `ClarityFileAdapter.filesOf`). */
export interface RequestFiles {
  safeKey: string;
  kind: 'file' | 'mirror';
  questionPath: string;
  answerPath: string;
  /** Answered, but its `.answer` could not be written yet (why; it is being retried). */
  undelivered?: string;
}

/**
 * The Clarity file handshake (docs/protocols.md#clarity-file-handshake): every
 * `{dir}/{name}.question` is a pending `clarity-file` request; answering it writes `{name}.answer`
 * atomically; cancelling it deletes the question; the runtime deleting the question takes the
 * request out of pending (question-files.ts). Also mirrors requests born elsewhere as question
 * files so file tools can see and answer them (mirror-files.ts).
 *
 * While open, the adapter keeps the process alive (one idle timer); after close() nothing of it
 * does (its directory watch and rescan timer are unref'd).
 */
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
  private readonly delivery: AnswerDelivery;
  private readonly operations = new Set<Promise<void>>();
  private watcher: HandshakeWatch | undefined;
  private keepAlive: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly files: QuestionFiles;
  private scanning = false;
  private closed = false;
  private dirGuard: DirGuard | undefined;
  private readonly prefetch: QuestionPrefetch | undefined; // read ahead: the start-up scan's only

  private constructor(private readonly options: ClarityFileAdapterOptions) {
    this.dir = resolve(options.dir);
    this.dirPrefix = this.dir.endsWith(sep) ? this.dir : this.dir + sep;
    this.prefetch = options.prefetch?.dir === this.dir ? options.prefetch : undefined;
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
      takeAnswer: (base, id, text) => this.intake.answer(base, id, text, 'cli'),
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
    this.intake = new AnswerIntake(this.broker, this.invalid, {
      answerPath: (base) => this.answerPath(base),
      recheck: (base) => void this.runner.request(base),
      onError: (error) => this.options.onError?.(error),
    });
    this.broker.deliveries.expect('clarity-file');
    this.delivery = new AnswerDelivery(
      this.broker.deliveries,
      (error) => this.options.onError?.(error),
      options.deliveryRetry,
    );
    this.files = new QuestionFiles({
      dir: this.dir,
      broker: this.broker,
      bases: this.tracked,
      mirrors: this.mirrors,
      invalid: this.invalid,
      intake: this.intake,
      delivery: this.delivery,
      now: this.now,
      questionPath: (base) => this.questionPath(base),
      answerPath: (base) => this.answerPath(base),
      closed: () => this.closed,
      scanning: () => this.scanning,
      prefetched: (base) => this.prefetch?.take(base),
      dirInUse: () => this.dirInUse(),
      onAnswerWritten: options.onAnswerWritten,
    });
  }

  /** Creates the directory if needed, starts watching, scans what is already there; resolves when ready. */
  static async start(options: ClarityFileAdapterOptions): Promise<ClarityFileAdapter> {
    const adapter = new ClarityFileAdapter(options);
    await adapter.begin().catch(async (error: unknown) => {
      await adapter.close();
      throw error;
    });
    return adapter;
  }

  /** Files that are currently invalid, in the order they were found. */
  invalidFiles(): InvalidQuestionFile[] {
    return this.invalid.list();
  }

  /**
   * Mirrors a request born elsewhere (e.g. Clarity HTTP mode) as a question file (docs/cli.md, HTTP mode).
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
    const undelivered = this.delivery.failure(requestId);
    return {
      safeKey: base,
      kind: entry.kind,
      questionPath: this.questionPath(base),
      answerPath: this.answerPath(base),
      ...(undelivered === undefined ? {} : { undelivered }),
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
    this.delivery.close();
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
      this.delivery.abandon(`the handshake dir was removed or replaced: ${reason}`);
      this.options.onDirLost?.(reason);
    });
    this.unsubscribe = this.broker.subscribe((event) => this.onBrokerEvent(event));
    this.watcher = watchHandshakeDir(
      this.dir,
      (base, written) => {
        this.files.forgetListing(base);
        // Also while it is being claimed: a change then reaches only this watch, not the thread's.
        this.prefetch?.forget(base);
        if (written) this.invalid.changed(base);
        if (this.delivery.active) this.delivery.nudge(this.answerPath(base));
        void this.runner.request(base);
      },
      (error) => this.options.onError?.(error),
      {
        rescanMs: this.options.rescanMs,
        ownFile: (name) => this.mirrors.ownFile(name),
        ownEcho: (name) => this.mirrors.ownEcho(name),
      },
    );
    // The watch is already running: a file that appears during the scan is seen by one or both,
    // and the questions read ahead can be claimed (while the directory is listed).
    this.scanning = true;
    try {
      const [names] = await Promise.all([readdir(this.dir), this.prefetch?.claim(this.dir)]);
      this.watcher.prime(names);
      const bases = handshakeBases(names);
      this.files.listedAtStart(names, bases);
      await forEachLimited(bases, SCAN_CONCURRENCY, (base) => this.runner.request(base));
      if (!this.options.deferReliableWatch) this.watcher.startReliable();
    } finally {
      this.scanning = false;
      this.files.forgetListing();
      this.prefetch?.close();
    }
  }

  /** Brings one base name's request in line with what is on disk. Runs one at a time per base. */
  private reconcile(base: string): Promise<void> {
    if (this.closed || !this.dirInUse()) return Promise.resolve();
    const entry = this.tracked.get(base);
    if (entry?.kind === 'mirror') return this.mirrors.reconcile(base, entry);
    return this.files.reconcile(base, entry);
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
      if (this.intake.takeFromFile(event.request))
        return void this.broker.deliveries.report(event.request.id, { state: 'delivered' });
      this.track(this.files.writeAnswer(base, event.request));
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

  /** Counts `operation` in whenIdle(); its error goes to onError unless the caller reports it. */
  private track(operation: Promise<unknown>, report = true): void {
    const tracked: Promise<void> = operation
      .then(() => undefined)
      .catch((error) => {
        if (report) this.options.onError?.(error);
      })
      .finally(() => this.operations.delete(tracked));
    this.operations.add(tracked);
  }

  // A base is one file name (never a separator, never `.` first): plain concatenation is join().
  // One flat string each (Array.join; `+` would make a tree of pieces, see flatString): a path is
  // kept in every file request's record and handed to a system call on every event.
  private questionPath(base: string): string {
    return [this.dirPrefix, base, QUESTION_EXT].join('');
  }

  private answerPath(base: string): string {
    return [this.dirPrefix, base, ANSWER_EXT].join('');
  }
}
