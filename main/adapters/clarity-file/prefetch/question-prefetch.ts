import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { SYNC, type PrefetchMessage, type PrefetchWorkerData } from './prefetch-protocol';
import { prefetchedQuestion, type PrefetchedQuestion, type PrefetchedRow } from './prefetch-read';

/** Question files read ahead at most: ~0.5 KB of rows each, the rest is read by the scan. */
const MAX_FILES = 50_000;
/** Files per message: small enough that the scan starts on the first ones early. */
const BATCH = 256;

type Waiter = (question: PrefetchedQuestion | undefined) => void;

/**
 * The question files of one handshake directory, read on a thread of their own while the
 * broker's own thread is still busy starting (loading its code, opening its stores), so that
 * the start-up scan finds them read instead of reading each itself (docs/benchmarks.md).
 *
 * A read is only ever a stand-in for reading the same file at the same moment: the thread opens
 * its own watch of the directory before it lists or reads anything, and the scan takes nothing
 * before {@link sync}, which it calls once its own watch is open. A file the thread's watch saw
 * change before then is read again by the scan; a change after then reaches the scan through
 * its own watch ({@link forget}). The directory must still be the one the thread listed.
 */
export class QuestionPrefetch {
  private readonly rows = new Map<string, PrefetchedRow>();
  private readonly waiters = new Map<string, Waiter>();
  private readonly dropped = new Set<string>();
  private planned: Set<string> | undefined;
  private identity: { dev: number; ino: number } | undefined;
  private state: 'reading' | 'done' | 'failed' = 'reading';
  private readonly finished: Promise<boolean>;
  private finish: (read: boolean) => void = () => {};
  private synced = false;
  /** The thread has answered `sync` (it may stop once it has also read everything). */
  private answered = false;
  private exited = false;
  private closed = false;
  private changedReply:
    ((reply: { names: string[]; all: boolean } | undefined) => void) | undefined;
  private changed: Promise<{ names: string[]; all: boolean } | undefined> | undefined;

  private constructor(
    /** The directory read, resolved: the scan of any other directory does not use it. */
    readonly dir: string,
    private readonly worker: Worker,
  ) {
    this.finished = new Promise((resolve) => (this.finish = resolve));
    worker.unref();
    worker.on('message', (message: PrefetchMessage) => this.receive(message));
    worker.on('error', () => this.fail());
    worker.on('exit', () => this.fail());
  }

  /**
   * Starts reading `dir` (resolved) on a thread running `script` (the built
   * question-prefetch-worker.js; `execArgv`: the thread's Node flags, none by default);
   * undefined when the thread cannot start.
   */
  static start(
    dir: string,
    script: URL | string,
    { execArgv = [] as string[], maxFiles = MAX_FILES } = {},
  ): QuestionPrefetch | undefined {
    try {
      const workerData: PrefetchWorkerData = { dir, maxFiles, batch: BATCH };
      const worker = new Worker(script, { workerData, execArgv, stdout: false, stderr: false });
      return new QuestionPrefetch(dir, worker);
    } catch {
      return undefined;
    }
  }

  /**
   * This read-ahead, when it is of `dir` and usable now (see {@link sync}, which this calls): the
   * caller's own watch of `dir` must be open. Undefined for another directory (left alone) or when
   * it cannot be used (then closed).
   */
  async claim(dir: string): Promise<QuestionPrefetch | undefined> {
    if (dir !== this.dir) return undefined;
    return (await this.sync()) ? this : undefined;
  }

  /**
   * To be called once the caller's own watch of the directory is open: resolves true when the
   * reads can be used from now on (the thread runs, the directory is the one it listed), after
   * which {@link take} gives them. False: nothing of it is used; it is closed.
   */
  async sync(): Promise<boolean> {
    if (this.state === 'failed' || (this.exited && !this.changed)) return false;
    this.changed ??= new Promise((resolve) => {
      this.changedReply = resolve;
      this.worker.postMessage(SYNC);
    });
    const reply = await this.changed;
    if (!reply || reply.all || !this.sameDirectory()) {
      this.close();
      return false;
    }
    for (const name of reply.names) this.forgetName(name);
    this.synced = true;
    return true;
  }

  /**
   * The question file `base` as read ahead, at once or once its batch has come; undefined when
   * the scan must read it itself (not read ahead, not plain, changed since, or the thread
   * stopped). Each read is given once.
   */
  take(base: string): PrefetchedQuestion | undefined | Promise<PrefetchedQuestion | undefined> {
    if (!this.synced || this.dropped.has(base)) return undefined;
    const row = this.rows.get(base);
    if (row) {
      this.rows.delete(base);
      return prefetchedQuestion(row);
    }
    if (this.state !== 'reading' || !this.planned?.has(base)) return undefined;
    this.dropped.add(base);
    return new Promise((resolve) => this.waiters.set(base, resolve));
  }

  /** Resolves once the thread has read every file it listed (true), or stopped before (false). */
  whenRead(): Promise<boolean> {
    return this.finished;
  }

  /** The caller's watch saw `base` change: its read ahead, if any, is stale. */
  forget(base: string): void {
    if (this.closed) return;
    this.dropped.add(base);
    this.rows.delete(base);
    this.settle(base, undefined);
  }

  /** Stops the thread and lets go of every read not taken (the scan is over, or it was not needed). */
  close(): void {
    this.closed = true;
    this.state = this.state === 'reading' ? 'failed' : this.state;
    this.finish(this.state === 'done');
    this.synced = false;
    this.rows.clear();
    this.planned = undefined;
    this.dropped.clear();
    for (const base of [...this.waiters.keys()]) this.settle(base, undefined);
    this.changedReply?.(undefined);
    void this.worker.terminate();
  }

  private receive(message: PrefetchMessage): void {
    if (this.state === 'failed') return;
    if (message.type === 'planned') {
      this.planned = new Set(message.bases);
      this.identity = { dev: message.dev, ino: message.ino };
    } else if (message.type === 'rows') {
      for (const row of JSON.parse(message.json) as (PrefetchedRow | string)[]) this.arrived(row);
    } else if (message.type === 'changed') {
      this.answered = true;
      this.changedReply?.({ names: message.names, all: message.all });
      if (this.state === 'done') void this.worker.terminate();
    } else {
      this.state = 'done';
      this.finish(true);
      for (const base of [...this.waiters.keys()]) this.settle(base, undefined);
      if (this.answered) void this.worker.terminate();
    }
  }

  private arrived(row: PrefetchedRow | string): void {
    const base = typeof row === 'string' ? row : row[0];
    const waiter = this.waiters.get(base);
    if (waiter)
      return this.settle(base, typeof row === 'string' ? undefined : prefetchedQuestion(row));
    if (typeof row === 'string') this.planned?.delete(base);
    else if (!this.dropped.has(base)) this.rows.set(base, row);
  }

  private settle(base: string, question: PrefetchedQuestion | undefined): void {
    const waiter = this.waiters.get(base);
    if (!waiter) return;
    this.waiters.delete(base);
    waiter(question);
  }

  /** A name the thread's watch saw change: a `.question` file's read is stale. */
  private forgetName(name: string): void {
    if (name.endsWith('.question')) this.forget(name.slice(0, -'.question'.length));
  }

  private sameDirectory(): boolean {
    try {
      const stats = statSync(this.dir);
      return stats.dev === this.identity?.dev && stats.ino === this.identity.ino;
    } catch {
      return false;
    }
  }

  /** The thread stopped: whatever it has not given by now, it never will. */
  private fail(): void {
    this.exited = true;
    this.changedReply?.(undefined);
    if (this.state !== 'done') this.close();
  }
}
