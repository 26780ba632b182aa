import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { QUESTION_EXT } from '../plain-question';
import { prefetchQuestion, type PrefetchedRow } from './prefetch-read';
import { SYNC, type PrefetchMessage, type PrefetchWorkerData } from './prefetch-protocol';

/**
 * `out/main/question-prefetch-worker.js`: reads a handshake directory's question files on a
 * thread of its own while the broker's thread is still loading its code (question-prefetch.ts).
 * Its own watch of the directory is opened before anything is read, so the broker can tell which
 * reads a later change made stale.
 */
const { dir, maxFiles, batch } = workerData as PrefetchWorkerData;
const port = parentPort!;
const post = (message: PrefetchMessage) => port.postMessage(message);

const changed = new Set<string>();
let all = false;
let watcher: FSWatcher | undefined;
// What the path names before and after the watch opens: the same directory both times, or the
// watch may be on another one than the listing and the reads below.
const before = statSync(dir);
try {
  watcher = watch(dir, { persistent: false }, (_event, name) => {
    if (name) changed.add(String(name));
    else all = true;
  });
  watcher.on('error', () => {
    all = true;
  });
} catch {
  all = true;
}
const { dev, ino } = statSync(dir);
if (dev !== before.dev || ino !== before.ino) all = true;

port.on('message', (message: unknown) => {
  if (message !== SYNC) return;
  // After the I/O callbacks of this turn: every event the OS had queued before the caller's
  // own watch opened has been counted by then.
  setImmediate(() => {
    watcher?.close();
    watcher = undefined;
    post({ type: 'changed', names: [...changed], all });
  });
});

const bases: string[] = [];
for (const name of readdirSync(dir)) {
  if (bases.length >= maxFiles) break;
  if (name.startsWith('.') || !name.endsWith(QUESTION_EXT) || name === QUESTION_EXT) continue;
  bases.push(name.slice(0, -QUESTION_EXT.length));
}
post({ type: 'planned', bases, dev, ino });
for (let start = 0; start < bases.length; start += batch) {
  const rows: (PrefetchedRow | string)[] = [];
  for (const base of bases.slice(start, start + batch)) rows.push(readAhead(base));
  post({ type: 'rows', json: JSON.stringify(rows) });
  // A turn of the event loop between batches: the caller's `sync` is answered within one.
  await new Promise((resolve) => setImmediate(resolve));
}
post({ type: 'done' });

function readAhead(base: string): PrefetchedRow | string {
  try {
    return prefetchQuestion(dir, base) ?? base;
  } catch {
    return base;
  }
}
