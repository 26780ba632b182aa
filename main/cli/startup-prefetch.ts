import { existsSync, opendirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QuestionPrefetch } from '../adapters/clarity-file/prefetch/question-prefetch';
import { readVar } from '../config/env-read';
import { HANDSHAKE_DIR } from '../config/env-vars';
import { DEFAULT_HANDSHAKE_DIR } from '../config/settings-table';

/**
 * Entries a directory needs before its questions are read ahead: below this the scan reads them
 * in a few milliseconds, less than the thread costs to start (~30 ms of a core, ~10 MB).
 */
const MIN_ENTRIES = 256;

let started: QuestionPrefetch | undefined;

/**
 * For `clarity-hitl serve`: starts reading the first handshake dir's question files on another
 * thread while the CLI's code is still loading (QuestionPrefetch). `argv` is process.argv, read
 * before commander has it: a guess at the directory serve will watch first, which serve's scan
 * uses only when it is that directory. Nothing happens for other commands, for a dir that is
 * missing or nearly empty, or when `script` (the built question-prefetch-worker.js) is not there.
 * Linux only: there the thread's watch hears of a change as it is made (inotify queues it at once),
 * which is what makes its reads safe to use; FSEvents and ReadDirectoryChangesW report later.
 * True when the thread was started.
 */
export function startStartupPrefetch(
  argv: readonly string[],
  script: URL,
  platform: NodeJS.Platform = process.platform,
): boolean {
  if (platform !== 'linux' || argv[2] !== 'serve' || !existsSync(fileURLToPath(script)))
    return false;
  let dir: string | undefined;
  try {
    dir = firstDir(argv.slice(3));
  } catch {
    return false;
  }
  if (dir === undefined || !holdsAtLeast(dir, MIN_ENTRIES)) return false;
  started = QuestionPrefetch.start(resolve(dir), script);
  return started !== undefined;
}

/** The read-ahead started for this process, handed over once (serve passes it to the service). */
export function takeStartupPrefetch(): QuestionPrefetch | undefined {
  const prefetch = started;
  started = undefined;
  return prefetch;
}

/**
 * The directory `serve [dir] [--dir <path>…]` watches first: its argument, else its first
 * `--dir`, else CLARITY_HITL_DIR or the default. Undefined when the words are not plain enough
 * to tell (any other word that is not an option could be the argument).
 */
export function firstDir(args: readonly string[]): string | undefined {
  const dirs: string[] = [];
  let positional: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === '--dir') dirs.push(args[++i] ?? '');
    else if (word.startsWith('--dir=')) dirs.push(word.slice('--dir='.length));
    else if (i === 0 && !word.startsWith('-')) positional = word;
  }
  const dir = positional ?? dirs[0] ?? readVar(HANDSHAKE_DIR) ?? DEFAULT_HANDSHAKE_DIR;
  return dir === '' ? undefined : dir;
}

/** Whether `dir` is a directory with at least `count` entries (reads no more than that). */
function holdsAtLeast(dir: string, count: number): boolean {
  let handle;
  try {
    handle = opendirSync(dir, { bufferSize: count });
    for (let seen = 0; seen < count; seen++) if (handle.readSync() === null) return false;
    return true;
  } catch {
    return false;
  } finally {
    handle?.closeSync();
  }
}
