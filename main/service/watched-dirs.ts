import { withdraw } from '../broker/withdraw';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ClarityFileAdapter, type RequestFiles } from '../adapters/clarity-file';
import type { Broker } from '../broker/broker';
import type { HitlRequest } from '@contract/request';
import { DirReturnWatch } from './dir-return';
import type { QuestionPrefetch } from '../adapters/clarity-file/prefetch/question-prefetch';
import { acquireOwnerLock, type OwnerLock } from './owner-lock';

/** The lock file in each watched handshake dir: one broker owns a directory at a time. */
export const HANDSHAKE_LOCK = '.clarity-hitl-broker.lock';

export interface WatchedDirsOptions {
  broker: Broker;
  /** Told about invalid files and file-system errors (the watch keeps going). */
  warn: (message: string) => void;
  /** Told when a directory was replaced or removed while watched (it is then dropped). */
  onDirLost?: (dir: string, reason: string) => void;
  /** How often a dropped directory is looked at to see whether it is back (default 1 s). */
  returnCheckMs?: number;
  /** Question files of one directory read ahead (QuestionPrefetch): handed to its first adapter. */
  prefetch?: QuestionPrefetch;
}

/** A directory dropped because it changed under the broker, for the operator to see. */
export interface DirProblem {
  dir: string;
  message: string;
  at: number;
}

/**
 * The set of Clarity handshake directories the broker watches, one file adapter each, which the
 * operator can change while the broker runs. The first directory also receives the `.question`
 * mirrors of HTTP-born questions.
 */
export class WatchedDirs {
  private readonly adapters: ClarityFileAdapter[] = [];
  /** The directories, resolved, in order; the same array for the life of the service. */
  readonly dirs: string[] = [];
  private reliableStarted = false;
  private readonly locks = new Map<string, OwnerLock>();
  private ownerUrl: string | undefined;
  private readonly lost: DirProblem[] = [];
  private changing: Promise<void> = Promise.resolve();
  /** The directories asked for (resolved, in order), watched or not. */
  private wanted: string[] = [];
  /** Dropped directories being looked at until they are back (see dir-return.ts). */
  private readonly returning = new Map<string, DirReturnWatch>();
  private closed = false;

  /** See WatchedDirsOptions.prefetch: given to the first adapter of its directory. */
  private prefetch: QuestionPrefetch | undefined;

  constructor(private readonly options: WatchedDirsOptions) {
    this.prefetch = options.prefetch;
  }

  /** The running file adapters, in directory order. */
  list(): readonly ClarityFileAdapter[] {
    return this.adapters;
  }

  /** The adapter that mirrors HTTP-born questions as files (the first directory's), if any. */
  mirrorTarget(): ClarityFileAdapter | undefined {
    return this.adapters[0];
  }

  /** The handshake files of a request, from whichever watched directory tracks it. */
  filesOf(requestId: string): RequestFiles | undefined {
    for (const adapter of this.adapters) {
      const files = adapter.filesOf(requestId);
      if (files) return files;
    }
    return undefined;
  }

  /** Resolves when the directory's file operations (e.g. an answer being written) are done. */
  async settled(requestId: string): Promise<void> {
    for (const adapter of this.adapters) if (adapter.filesOf(requestId)) await adapter.whenIdle();
  }

  /** Starts chokidar for every directory (held back until the broker serves HTTP). */
  startReliableWatch(): void {
    this.reliableStarted = true;
    for (const adapter of this.adapters) adapter.startReliableWatch();
  }

  /**
   * Watches exactly `dirs` from now on: new directories are scanned and watched, removed ones are
   * no longer watched and their pending file questions leave the inbox (cancelled as no longer
   * watched; nothing is written to the directory, so the runtime can still be answered after the
   * directory is added again). A directory that cannot be watched is reported and skipped, or
   * with `strict` (start-up of `serve`) fails the call. Calls run one after another.
   */
  set(dirs: readonly string[], { strict = false } = {}): Promise<void> {
    const run = this.changing.then(() => this.apply(dirs, strict));
    this.changing = run.catch(() => undefined);
    return run;
  }

  /**
   * Directories not watched because they were replaced or removed while watched, or came back in
   * a form refused (newest last). A directory watched again leaves the list.
   */
  problems(): readonly DirProblem[] {
    return this.lost;
  }

  /** Records the broker's URL in every directory lock (so a refused second broker can name it). */
  setOwnerUrl(url: string): void {
    this.ownerUrl = url;
    for (const lock of this.locks.values()) lock.setUrl(url);
  }

  /** Stops every watch. Pending requests stay in the broker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const watch of this.returning.values()) watch.stop();
    this.returning.clear();
    await this.changing;
    for (const adapter of this.adapters.splice(0)) {
      await adapter.close();
      this.unlock(adapter.dir);
    }
    this.dirs.splice(0);
  }

  private async apply(wanted: readonly string[], strict: boolean): Promise<void> {
    const next = [...new Set(wanted.map((dir) => resolve(dir)))];
    this.wanted = next;
    for (const [dir, watch] of this.returning) {
      watch.stop();
      this.returning.delete(dir);
    }
    try {
      for (const adapter of [...this.adapters]) {
        if (!next.includes(adapter.dir)) await this.stop(adapter);
      }
      for (const dir of next) {
        if (this.adapters.some((a) => a.dir === dir)) continue;
        try {
          this.adapters.push(await this.start(dir));
        } catch (error) {
          if (strict) throw error;
          this.options.warn(`${dir}: not watched: ${describe(error)}`);
        }
      }
    } finally {
      this.adapters.sort((a, b) => next.indexOf(a.dir) - next.indexOf(b.dir));
      this.dirs.splice(0, this.dirs.length, ...this.adapters.map((a) => a.dir));
    }
  }

  /** Takes the directory's owner lock (OwnerLockError: another broker has it), then watches it. */
  private async start(dir: string): Promise<ClarityFileAdapter> {
    const { broker, warn } = this.options;
    await mkdir(dir, { recursive: true });
    const lock = acquireOwnerLock(join(dir, HANDSHAKE_LOCK), `handshake dir ${dir}`);
    this.locks.set(dir, lock);
    try {
      if (this.ownerUrl) lock.setUrl(this.ownerUrl);
      const adapter = await ClarityFileAdapter.start({
        dir,
        broker,
        onInvalid: (invalid) => warn(`invalid question file: ${invalid.reason}`),
        onError: (error) => warn(`${dir}: ${describe(error)}`),
        onDirLost: (reason) => this.dropLost(dir, reason),
        deferReliableWatch: true,
        prefetch: this.takePrefetch(dir),
      });
      if (this.reliableStarted) adapter.startReliableWatch();
      return adapter;
    } catch (error) {
      this.unlock(dir);
      throw error;
    }
  }

  /** The read-ahead of `dir`'s questions, given once (a later start of `dir` reads them itself). */
  private takePrefetch(dir: string): QuestionPrefetch | undefined {
    const prefetch = this.prefetch;
    if (prefetch?.dir !== dir) return undefined;
    this.prefetch = undefined;
    return prefetch;
  }

  /** The directory changed under the adapter: it stops being watched; the operator is told. */
  private dropLost(dir: string, reason: string): void {
    this.lost.push({ dir, message: reason, at: Date.now() });
    this.options.warn(reason);
    this.options.onDirLost?.(dir, reason);
    const adapter = this.adapters.find((a) => a.dir === dir);
    const drop = async () => {
      if (adapter && this.adapters.includes(adapter)) await this.stop(adapter, reason);
      this.dirs.splice(0, this.dirs.length, ...this.adapters.map((a) => a.dir));
      if (!this.closed && this.wanted.includes(dir) && !this.returning.has(dir))
        this.returning.set(dir, this.watchReturn(dir));
    };
    this.changing = this.changing
      .then(drop)
      .catch((error: unknown) => this.options.warn(describe(error)));
  }

  /** Watches the path of a dropped directory; once it is a valid directory again, watches it. */
  private watchReturn(dir: string): DirReturnWatch {
    const notice = (message: string) => {
      this.lost.push({ dir, message, at: Date.now() });
      this.options.warn(message);
    };
    let lastFailure: string | undefined;
    const comeBack = (): Promise<boolean> => {
      const run = this.changing.then(async () => {
        if (this.closed || !this.wanted.includes(dir)) return true;
        if (this.adapters.some((a) => a.dir === dir)) return true;
        try {
          this.adapters.push(await this.start(dir));
        } catch (error) {
          // Tried again every interval (e.g. another broker holds it): told once per reason.
          const message = `${dir}: not watched again yet: ${describe(error)}`;
          if (message !== lastFailure) this.options.warn(message);
          lastFailure = message;
          return false;
        }
        this.adapters.sort((a, b) => this.wanted.indexOf(a.dir) - this.wanted.indexOf(b.dir));
        this.dirs.splice(0, this.dirs.length, ...this.adapters.map((a) => a.dir));
        this.returning.delete(dir);
        // The "no longer watched" notices of this dir go; the operator is told it is back.
        this.lost.splice(0, this.lost.length, ...this.lost.filter((p) => p.dir !== dir));
        this.options.warn(`${dir} is a directory again; watched again`);
        return true;
      });
      this.changing = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    return new DirReturnWatch(dir, this.options.returnCheckMs ?? 1000, comeBack, notice);
  }

  private unlock(dir: string): void {
    this.locks.get(dir)?.release();
    this.locks.delete(dir);
  }

  private async stop(adapter: ClarityFileAdapter, why?: string): Promise<void> {
    this.adapters.splice(this.adapters.indexOf(adapter), 1);
    await adapter.close();
    this.unlock(adapter.dir);
    const { broker } = this.options;
    for (const request of broker.pending()) {
      if (isFromDir(request, adapter.dir))
        void withdraw(broker, request.id, {
          status: 'cancelled',
          reason: why ?? `${adapter.dir} is no longer watched`,
          by: 'system',
        });
    }
  }
}

function isFromDir(request: HitlRequest, dir: string): boolean {
  return request.source === 'clarity-file' && request.meta?.dir === dir;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
