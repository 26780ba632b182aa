import { watch as fsWatch, type FSWatcher as FSWatcherNative } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename } from 'node:path';
import { watch } from 'chokidar';
import { answerBaseName, questionBaseName } from './handshake-dir';

/** The base name a handshake file name belongs to, or undefined for files the adapter ignores. */
export function handshakeBaseOf(name: string): string | undefined {
  if (name.startsWith('.')) return undefined;
  return questionBaseName(name) ?? answerBaseName(name);
}

/** A running watch of one handshake directory. */
export interface HandshakeWatch {
  /** Resolves when chokidar finished its initial walk. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches the top level of `dir` for `.question` / `.answer` files. chokidar (no symlink
 * following, no atomic-write or write-finish delays) is the reliable source; a plain `fs.watch`
 * on the directory runs beside it as a fast hint, because chokidar re-reads the whole directory
 * on every change, which costs tens of milliseconds once thousands of files sit there. Both call
 * `onChange(base, written)` (written: a file was created or changed, not deleted); the consumer's
 * work per base is idempotent.
 */
export function watchHandshakeDir(
  dir: string,
  onChange: (base: string, written: boolean) => void,
  onError: (error: unknown) => void,
): HandshakeWatch {
  let hint: FSWatcherNative | undefined;
  try {
    hint = fsWatch(dir, { persistent: false }, (_event, name) => {
      const base = name ? handshakeBaseOf(name.toString()) : undefined;
      if (base !== undefined) onChange(base, true);
    });
    hint.on('error', onError);
  } catch (error) {
    onError(error);
  }
  const watcher = watch(dir, {
    // Unref'd watchers: the adapter holds the process open itself while running, so a file
    // watcher chokidar may still open while closing can never hang an exit.
    persistent: false,
    ignoreInitial: true,
    followSymlinks: false,
    atomic: false,
    depth: 0,
    ignored: (path) => path !== dir && handshakeBaseOf(basename(path)) === undefined,
  });
  watcher.on('all', (event, path) => {
    const base = handshakeBaseOf(basename(path));
    if (base !== undefined) onChange(base, event === 'add' || event === 'change');
  });
  watcher.on('error', onError);
  const ready = new Promise<void>((resolve) => watcher.once('ready', resolve));
  return {
    ready,
    close: async () => {
      hint?.close();
      await watcher.close();
    },
  };
}

/** Every distinct base name with a question or answer file in `dir`. */
export async function listHandshakeBases(dir: string): Promise<string[]> {
  const bases = (await readdir(dir)).map(handshakeBaseOf).filter((b): b is string => b !== undefined);
  return [...new Set(bases)];
}

/** Runs `task` over `items` with at most `limit` running at once. */
export async function forEachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
