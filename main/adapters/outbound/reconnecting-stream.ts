/** Longest wait between two reconnection attempts. */
const MAX_WAIT_MS = 30_000;

/** Resolves after `ms`, or at once when `signal` aborts (never rejects; keeps no process alive). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    timer.unref?.();
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

export interface ReconnectOptions {
  /** Ends the loop (and the stream in flight, which `follow` is given). */
  stop: AbortSignal;
  /** First wait before reconnecting, doubled up to 30 s; an opened stream resets it. */
  retryMs?: number;
  /** Follows the stream once; calls `opened()` once it is open; returns or throws when it ends. */
  follow: (opened: () => void) => Promise<void>;
  /** Told why the stream stopped (`undefined`: it ended by itself), before the wait. */
  onStopped: (error: unknown) => void;
}

/**
 * Follows an outbound stream for as long as `stop` allows: after every end or failure, waits
 * (1 s doubling to 30 s by default, reset once a stream opens) and opens it again. An outbound
 * stream needs no inbound connection, which is what lets a laptop behind NAT hear the outside.
 */
export async function keepFollowing(options: ReconnectOptions): Promise<void> {
  const base = options.retryMs ?? 1000;
  let wait = base;
  while (!options.stop.aborted) {
    let stopped: unknown;
    try {
      await options.follow(() => (wait = base));
    } catch (error) {
      stopped = error;
    }
    if (options.stop.aborted) return;
    options.onStopped(stopped);
    await sleep(wait, options.stop);
    wait = Math.min(wait * 2, MAX_WAIT_MS);
  }
}

/**
 * Runs `open` with a signal that also aborts when the stream stays silent for `idleMs`: `touch()`
 * (on every chunk) restarts the count. A silent stream's abort becomes `silent for <idleMs> ms`.
 */
export async function withIdleWatch(
  stop: AbortSignal,
  idleMs: number,
  open: (signal: AbortSignal, touch: () => void) => Promise<void>,
): Promise<void> {
  const idle = new AbortController();
  let timer = setTimeout(() => idle.abort(), idleMs);
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), idleMs);
  };
  try {
    await open(AbortSignal.any([stop, idle.signal]), touch);
  } catch (error) {
    if (idle.signal.aborted && !stop.aborted) throw new Error(`silent for ${idleMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
