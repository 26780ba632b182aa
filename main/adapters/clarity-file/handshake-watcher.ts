import { existsSync, watch as fsWatch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { readdir } from 'node:fs/promises';
import { answerBaseName, questionBaseName } from './handshake-dir';
import { createReliableGate, type ReliableGate, type ReliableGateOptions } from './reliable-gate';
import type { ReliableWatch } from './reliable-watch';

/** How often the directory listing is compared with the last one, to catch events the OS dropped. */
export const DEFAULT_RESCAN_MS = 2000;
/** A rescan waits at least this many times as long as the last one took (see watchHandshakeDir). */
export const RESCAN_COST_FACTOR = 50;

/** The base name a handshake file name belongs to, or undefined for files the adapter ignores. */
export function handshakeBaseOf(name: string): string | undefined {
  if (name.startsWith('.')) return undefined;
  return questionBaseName(name) ?? answerBaseName(name);
}

/** A running watch of one handshake directory. */
export interface HandshakeWatch {
  /**
   * Sets the listing later rescans are compared with (the adapter's start-up scan), so the
   * first rescan only reports what changed since.
   */
  prime(names: string[]): void;
  /** Starts chokidar in the background (after the start-up scan); never awaited. */
  startReliable(): void;
  /**
   * Where chokidar runs beside the plain watch: undefined while it is held back (in a very full
   * directory), `in-process` with few files, `thread` with more.
   */
  reliableMode(): ReliableWatch['mode'] | undefined;
  close(): Promise<void>;
}

export interface HandshakeWatchOptions {
  /** Interval of the safety-net rescan, in ms (default 2 s). */
  rescanMs?: number;
  /**
   * chokidar is held back while the directory holds more handshake files than this (default
   * 5,000), and starts once a rescan finds it at or below: chokidar keeps an OS watch and a stat
   * per file, about 7 KB each (70 MB at 10,000 files, most of the broker's memory;
   * docs/benchmarks.md). The directory's own `fs.watch` and the rescan still see every change.
   */
  reliableMaxFiles?: number;
  /**
   * chokidar runs on the broker's thread while the directory holds at most this many handshake
   * files (default 100), and moves to a worker thread once a rescan finds more. Its per-change
   * re-read of the directory only delays the broker's other work in a full directory, while the
   * thread's own V8 isolate costs ~12 MB of RSS even when the directory is empty
   * (docs/benchmarks.md).
   */
  reliableThreadFiles?: number;
  /**
   * The broker's own files in the directory (HTTP mode's mirrors). chokidar starts only once the
   * directory holds a handshake file that is not one of them, and then leaves them out: a
   * directory that only ever holds the broker's own mirrors needs no second watch, and chokidar on
   * the broker's thread re-reads the directory and follows each new file, which during a burst
   * of HTTP-mode questions (each mirrored, then removed) took a fifth of every round trip
   * (docs/benchmarks.md). The directory's `fs.watch` and the rescan see every file regardless.
   */
  ownFile?: (name: string) => boolean;
  /**
   * Whether a directory event on `name` is the broker's own change coming back, with the file
   * still as the broker left it (a mirror it wrote, one it removed): such an event is not passed
   * on, since reconciling it would find nothing to do. Every HTTP-mode question with a handshake
   * dir is written and removed once, and each echo cost a reconcile on the request's own path.
   */
  ownEcho?: (name: string) => boolean;
}

export const DEFAULT_RELIABLE_MAX_FILES = 5000;
export const DEFAULT_RELIABLE_THREAD_FILES = 100;

/**
 * Watches the top level of `dir` for `.question` / `.answer` files with a plain `fs.watch` on
 * the directory (inotify, FSEvents, ReadDirectoryChanges: one OS watch, an event per file name),
 * plus a periodic rescan of the directory listing that reports every handshake file that
 * appeared or vanished since the last listing, in case the OS dropped events (inotify queue
 * overflow) or the watch could not start. The watch is re-opened on the next rescan when it
 * failed. Both call `onChange(base, written)` (written: a file was created or changed, not
 * deleted); the consumer's work per base is idempotent.
 *
 * chokidar runs beside them as the cross-platform source (FSEvents, Windows, renames and editors'
 * write patterns), started once the adapter's own start-up scan is done and never awaited: its
 * initial walk lstats every file and watches each one, which over 10,000 question files would
 * otherwise delay start-up by a second. Beyond a few files it runs in a worker thread
 * (reliable-watch.ts), so its per-change directory re-read never delays the plain `fs.watch`
 * path (docs/benchmarks.md).
 * Events may arrive two or three times; the consumer's work per base is idempotent.
 */
export function watchHandshakeDir(
  dir: string,
  onChange: (base: string, written: boolean) => void,
  onError: (error: unknown) => void,
  options: HandshakeWatchOptions = {},
): HandshakeWatch {
  let watcher: FSWatcher | undefined;
  let closed = false;
  let known: Set<string> | undefined;
  let rescanning = false;
  const ownEcho = safeOwnEcho(options.ownEcho);
  const gate = reliableGateFor(dir, onChange, onError, options, {
    watching: () => watcher !== undefined,
    listed: () => known?.size ?? 0,
  });

  const onEvent = (name: string) => {
    if (!name) return void rescan();
    const base = handshakeBaseOf(name);
    if (base === undefined || ownEcho(name)) return;
    gate.noteOthers([name]);
    onChange(base, true);
  };
  const open = () => {
    watcher = openDirWatch(dir, onEvent, onError, (failed) => {
      if (watcher === failed) watcher = undefined;
    });
  };

  const every = options.rescanMs ?? DEFAULT_RESCAN_MS;
  let timer: NodeJS.Timeout | undefined;
  // The safety net costs what listing the directory costs: at 100,000 files a rescan every 2 s
  // took a tenth of a core at rest. The next one waits at least RESCAN_COST_FACTOR times as long
  // as this one took, so the net never holds more than ~2% of a core.
  const schedule = (lastTookMs: number) => {
    if (closed) return;
    timer = setTimeout(() => void rescan(), Math.max(every, lastTookMs * RESCAN_COST_FACTOR));
    timer.unref();
  };

  const rescan = async () => {
    if (rescanning || closed) return;
    rescanning = true;
    const started = performance.now();
    try {
      if (!watcher) open();
      const names = new Set((await readdir(dir)).filter((n) => handshakeBaseOf(n) !== undefined));
      if (closed) return;
      const previous = known;
      known = names;
      gate.afterRescan(names);
      if (!previous) return;
      for (const name of names) if (!previous.has(name)) onChange(handshakeBaseOf(name)!, true);
      for (const name of previous) if (!names.has(name)) onChange(handshakeBaseOf(name)!, false);
    } catch (error) {
      onError(error);
    } finally {
      rescanning = false;
      if (timer !== undefined) {
        clearTimeout(timer);
        schedule(performance.now() - started);
      }
    }
  };

  open();
  schedule(0);
  return {
    prime: (names) => {
      known ??= new Set(names.filter((n) => handshakeBaseOf(n) !== undefined));
    },
    // Judged now, after the start-up scan: mirrors left from the last run are the broker's again.
    startReliable: () => gate.want(known ?? []),
    reliableMode: () => gate.mode(),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      watcher?.close();
      watcher = undefined;
      await gate.close();
    },
  };
}

/** The chokidar side of watchHandshakeDir, reporting base names to `onChange`. */
function reliableGateFor(
  dir: string,
  onChange: (base: string, written: boolean) => void,
  onError: (error: unknown) => void,
  options: HandshakeWatchOptions,
  state: Pick<ReliableGateOptions, 'watching' | 'listed'>,
): ReliableGate {
  const ownFile = options.ownFile ?? (() => false);
  return createReliableGate({
    dir,
    onChange: (name, written) => {
      const base = handshakeBaseOf(name);
      if (base !== undefined) onChange(base, written);
    },
    onError,
    ownFile,
    // Still there: a listing, or a watch event, can name a mirror the broker has removed since
    // (it is no longer its own file then, and not anyone else's either).
    isOthers: (name) =>
      handshakeBaseOf(name) !== undefined && !ownFile(name) && existsSync(join(dir, name)),
    maxFiles: options.reliableMaxFiles ?? DEFAULT_RELIABLE_MAX_FILES,
    threadFiles: options.reliableThreadFiles ?? DEFAULT_RELIABLE_THREAD_FILES,
    ...state,
  });
}

/**
 * `fs.watch` on `dir` (not persistent), calling `onEvent` with each event's file name (empty
 * when the OS gave none). A failure to start goes to `onError`; an error later closes the watch,
 * then `onFailed` and `onError` hear it (the caller re-opens on its next rescan).
 */
function openDirWatch(
  dir: string,
  onEvent: (name: string) => void,
  onError: (error: unknown) => void,
  onFailed: (watch: FSWatcher) => void,
): FSWatcher | undefined {
  try {
    const w = fsWatch(dir, { persistent: false }, (_event, name) =>
      onEvent(name?.toString() ?? ''),
    );
    w.on('error', (error) => {
      w.close();
      onFailed(w);
      onError(error);
    });
    return w;
  } catch (error) {
    onError(error);
    return undefined;
  }
}

/**
 * HandshakeWatchOptions.ownEcho, called synchronously in the watch's callback: a file-system
 * error there (EACCES, EIO on a network share) must not escape it, so the event then goes on as
 * any other.
 */
function safeOwnEcho(ownEcho: ((name: string) => boolean) | undefined): (name: string) => boolean {
  return (name) => {
    try {
      return ownEcho?.(name) ?? false;
    } catch {
      return false;
    }
  };
}

/** Every distinct base name with a question or answer file among `names` (a directory listing). */
export function handshakeBases(names: string[]): string[] {
  const bases = names.map(handshakeBaseOf).filter((b): b is string => b !== undefined);
  return [...new Set(bases)];
}

/** Every distinct base name with a question or answer file in `dir`. */
export async function listHandshakeBases(dir: string): Promise<string[]> {
  return handshakeBases(await readdir(dir));
}

/** Runs `task` over `items` with at most `limit` running at once. */
export async function forEachLimited<T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
