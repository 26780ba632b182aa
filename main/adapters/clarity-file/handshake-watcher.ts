import { readdir } from 'node:fs/promises';
import { basename } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { answerBaseName, questionBaseName } from './handshake-dir';
import { QUESTION_EXT } from './question-file';

/** The base name a handshake file name belongs to, or undefined for files the adapter ignores. */
export function handshakeBaseOf(name: string): string | undefined {
  if (name.startsWith('.')) return undefined;
  return questionBaseName(name) ?? answerBaseName(name);
}

/**
 * Watches the top level of `dir` for `.question` / `.answer` files (chokidar: no symlink
 * following, no atomic-write or write-finish delays, so events arrive within milliseconds).
 * `onChange(base, questionWritten)` gets the base name of every file that changed.
 * Resolves once the watcher is ready.
 */
export async function watchHandshakeDir(
  dir: string,
  onChange: (base: string, questionWritten: boolean) => void,
  onError: (error: unknown) => void,
): Promise<FSWatcher> {
  const watcher = watch(dir, {
    ignoreInitial: true,
    followSymlinks: false,
    atomic: false,
    depth: 0,
    ignored: (path) => path !== dir && handshakeBaseOf(basename(path)) === undefined,
  });
  watcher.on('all', (event, path) => {
    const base = handshakeBaseOf(basename(path));
    if (base !== undefined) onChange(base, (event === 'add' || event === 'change') && path.endsWith(QUESTION_EXT));
  });
  watcher.on('error', onError);
  await new Promise<void>((ready) => watcher.once('ready', ready));
  return watcher;
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
