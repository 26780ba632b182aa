import { describe, expect, it } from 'vitest';
import {
  keepFollowing,
  withIdleWatch,
} from '../../../../main/adapters/outbound/reconnecting-stream';

describe('keepFollowing', () => {
  it('opens the stream again after each failure or end, told why, until stopped', async () => {
    const stop = new AbortController();
    const stopped: unknown[] = [];
    let attempts = 0;
    await keepFollowing({
      stop: stop.signal,
      retryMs: 1,
      follow: async (opened) => {
        attempts += 1;
        if (attempts === 1) throw new Error('refused');
        opened();
        if (attempts === 3) stop.abort();
      },
      onStopped: (error) => stopped.push(error instanceof Error ? error.message : error),
    });
    expect(attempts).toBe(3);
    // The third ended because it was stopped: nobody is told of that one.
    expect(stopped).toEqual(['refused', undefined]);
  });
});

describe('withIdleWatch', () => {
  it('aborts a stream silent for idleMs, saying so; a touched one runs on', async () => {
    const stop = new AbortController();
    const silent = withIdleWatch(stop.signal, 20, (signal) => waitAbort(signal));
    await expect(silent).rejects.toThrow('silent for 20 ms');

    let touches = 0;
    await withIdleWatch(stop.signal, 30, async (_signal, touch) => {
      for (; touches < 5; touches++) {
        await new Promise((r) => setTimeout(r, 10));
        touch();
      }
    });
    expect(touches).toBe(5);
  });

  it('passes the stop through as it is (no "silent" message)', async () => {
    const stop = new AbortController();
    const run = withIdleWatch(stop.signal, 10_000, (signal) => waitAbort(signal));
    stop.abort(new Error('closed'));
    await expect(run).rejects.toThrow('closed');
  });
});

function waitAbort(signal: AbortSignal): Promise<void> {
  return new Promise((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
  );
}
