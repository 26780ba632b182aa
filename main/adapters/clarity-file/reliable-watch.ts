import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** A running chokidar watch of one directory. */
export interface ReliableWatch {
  /** Where chokidar runs: its own worker thread, or the broker's thread after a fallback. */
  readonly mode: 'thread' | 'in-process';
  close(): Promise<void>;
}

export interface ReliableWatchOptions {
  /** The chokidar module the worker loads (default: the broker's own copy). */
  chokidarUrl?: string;
  /**
   * Called once chokidar watches: when the thread's has finished its first walk, or at once when
   * it fell back to the broker's thread.
   */
  onReady?: () => void;
}

/** What the watch reports: a file name in the directory, and whether it was written (not deleted). */
export type ReliableChange = (name: string, written: boolean) => void;

/** Whether a file name could be a handshake file (`x.question`, `x.answer`, not hidden). */
export function looksLikeHandshakeFile(name: string): boolean {
  return !name.startsWith('.') && /.\.(question|answer)$/.test(name);
}

const CHOKIDAR_OPTIONS = {
  ignoreInitial: true,
  followSymlinks: false,
  atomic: false,
  depth: 0,
} as const;

// The worker's program, evaluated as a CommonJS script so it needs no file of its own (the same
// code runs from the TypeScript sources, under test runners and from the bundle). chokidar is
// loaded by the URL the broker resolved, so the worker uses the broker's own copy.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { basename } = require('node:path');
const wanted = (name) => !name.startsWith('.') && /.\\.(question|answer)$/.test(name);
import(workerData.chokidarUrl).then(({ watch }) => {
  const dir = workerData.dir;
  const watcher = watch(dir, {
    ...workerData.options,
    ignored: (path) => path !== dir && !wanted(basename(path)),
  });
  watcher.on('ready', () => parentPort.postMessage({ ready: true }));
  watcher.on('all', (event, path) => {
    const name = basename(path);
    if (wanted(name)) parentPort.postMessage({ name, written: event === 'add' || event === 'change' });
  });
  watcher.on('error', (error) => {
    parentPort.postMessage({ error: String(error && error.message || error), code: error && error.code });
  });
});
`;

interface WorkerMessage {
  ready?: boolean;
  name?: string;
  written?: boolean;
  error?: string;
  code?: string;
}

/**
 * Runs chokidar over `dir` in a worker thread. chokidar re-reads and lstat()s every entry of the
 * directory on each change (throttled to once a second, then once more); with thousands of
 * pending question files that is tens of milliseconds of callbacks, which on the broker's own
 * event loop delayed every new question by several milliseconds (docs/benchmarks.md). In a
 * worker that work runs beside the broker instead of in front of it. When the worker cannot run
 * (it fails to start or dies), chokidar falls back to the broker's own thread.
 */
export function startReliableWatch(
  dir: string,
  onChange: ReliableChange,
  onError: (error: unknown) => void,
  options: ReliableWatchOptions = {},
): ReliableWatch {
  let closed = false;
  let fallback: ReliableWatch | undefined;
  let readyCalled = false;
  const ready = () => {
    if (readyCalled) return;
    readyCalled = true;
    options.onReady?.();
  };
  const fallBack = (error: unknown) => {
    onError(error);
    if (closed || fallback) return;
    fallback = startReliableWatchInProcess(dir, onChange, onError);
    ready();
  };
  let worker: Worker | undefined;
  try {
    const chokidarUrl =
      options.chokidarUrl ?? pathToFileURL(createRequire(import.meta.url).resolve('chokidar')).href;
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { dir, chokidarUrl, options: CHOKIDAR_OPTIONS },
      // No loaders or flags of the parent (a TypeScript loader would only slow the worker down).
      execArgv: [],
      stdout: false,
      stderr: false,
    });
    worker.unref();
    worker.on('message', (message: WorkerMessage) => {
      if (closed) return;
      if (message.ready) {
        ready();
      } else if (message.error !== undefined) {
        onError(Object.assign(new Error(message.error), { code: message.code }));
      } else if (message.name !== undefined) {
        onChange(message.name, message.written === true);
      }
    });
    worker.on('error', (error) => fallBack(error));
    worker.on('exit', (code) => {
      if (!closed) fallBack(new Error(`the file watcher thread stopped (exit code ${code})`));
    });
  } catch (error) {
    fallBack(error);
  }
  return {
    get mode() {
      return fallback ? 'in-process' : 'thread';
    },
    close: async () => {
      closed = true;
      await worker?.terminate();
      await fallback?.close();
    },
  };
}

/**
 * chokidar on the broker's own thread: the fallback of {@link startReliableWatch}, and the watch
 * of a directory with few files (handshake-watcher.ts). Files for which `ownFile` is true (the
 * question files the broker writes itself, HTTP mode's mirrors) are left out: chokidar watches
 * and stats each file it follows, which for a mirror written and removed on every HTTP-mode
 * question took a fifth of the round trip's time on the broker's thread, to report back the
 * broker's own writes. The directory's `fs.watch` and the rescan still see them.
 */
export function startReliableWatchInProcess(
  dir: string,
  onChange: ReliableChange,
  onError: (error: unknown) => void,
  ownFile: (name: string) => boolean = () => false,
): ReliableWatch {
  let closed = false;
  // Loaded on first use, not with the broker: chokidar starts once the broker serves, and only
  // here on the broker's own thread (the worker thread loads its own copy).
  const watching = import('chokidar').then(({ watch }) => {
    if (closed) return undefined;
    const watcher = watch(dir, {
      ...CHOKIDAR_OPTIONS,
      // Unref'd: the adapter holds the process open itself while running, so a watcher chokidar
      // may still open while closing can never hang an exit.
      persistent: false,
      ignored: (path) => {
        if (path === dir) return false;
        const name = basename(path);
        return !looksLikeHandshakeFile(name) || ownFile(name);
      },
    });
    watcher.on('all', (event, path) => {
      const name = basename(path);
      if (looksLikeHandshakeFile(name)) onChange(name, event === 'add' || event === 'change');
    });
    watcher.on('error', onError);
    return watcher;
  });
  watching.catch(onError);
  return {
    mode: 'in-process',
    close: async () => {
      closed = true;
      await (await watching.catch(() => undefined))?.close();
    },
  };
}
