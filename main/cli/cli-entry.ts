import nodeModule from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { optimizerHold } from './optimizer-hold';
import { startStartupPrefetch } from './startup-prefetch';

/** How long after it starts the CLI counts as started: TurboFan's hold and the heap's settling. */
const START_UP_MS = 2000;
/** The heap below which that settling GC runs (an idle broker's is ~20 MB). */
const SETTLE_MAX_HEAP_BYTES = 48 * 1024 * 1024;

/**
 * `out/main/cli.js`: a few lines that turn on Node's on-disk compile cache (Node ≥ 22.1; a no-op
 * on older Node) before the CLI's large bundle is loaded, so every later start skips compiling it
 * again. It must come first: a static import would be compiled before this line ran. It also
 * holds TurboFan off while the CLI starts (optimizer-hold.ts), and has `serve`'s question files
 * read on another thread meanwhile (startup-prefetch.ts).
 */
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// Set before the reading thread exists: while it, this thread and V8's helpers share the cores,
// TurboFan compiling on the thread that needs the code beats a compile job on yet another thread
// (~15 ms at 10,000 files, docs/benchmarks.md).
setFlagsFromString('--no-concurrent-recompilation');
// A directory full enough to read ahead is a busy start: TurboFan is wanted from the first file.
const readingAhead = startStartupPrefetch(
  process.argv,
  new URL('./question-prefetch-worker.js', import.meta.url),
);
if (!readingAhead) {
  setFlagsFromString('--concurrent-recompilation');
  optimizerHold.hold();
}
setTimeout(() => {
  optimizerHold.release();
  if (readingAhead) setFlagsFromString('--concurrent-recompilation');
  settleHeap();
}, START_UP_MS).unref();
await import('./clarity-hitl');

/**
 * One memory-reducing full GC once start-up is over: it compacts the old space, shrinks the young
 * generation and hands the freed pages back (~3.5 MB of an idle broker's RSS). V8 would only do
 * that itself after a GC it never runs while idle. `gc` comes from a fresh context created while
 * --expose-gc is on (as Node documents for v8.setFlagsFromString); the flag goes back off at once.
 * It pauses the thread for tens of milliseconds, once.
 */
function settleHeap(): void {
  // A broker still busy with a large directory (or holding one) has a heap many times this: a
  // last-resort GC of it would pause start-up for hundreds of ms, to save what it needs anyway.
  if (process.memoryUsage().heapUsed > SETTLE_MAX_HEAP_BYTES) return;
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: object) => void;
  setFlagsFromString('--no-expose-gc');
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
