import { performance } from 'node:perf_hooks';

/**
 * Matches "something arrived for key X" (an event, a file) with the code waiting for it, recording
 * performance.now() at arrival. Arrivals that come before anyone waits are kept.
 */
export class Arrivals {
  private readonly seen = new Map<string, number>();
  private readonly waiting = new Map<string, (at: number) => void>();

  /** Records that `key` arrived now. */
  hit(key: string): void {
    const at = performance.now();
    const waiter = this.waiting.get(key);
    if (waiter) {
      this.waiting.delete(key);
      waiter(at);
    } else if (!this.seen.has(key)) this.seen.set(key, at);
  }

  /** Resolves with the arrival time of `key`; rejects after `timeoutMs`. */
  expect(key: string, timeoutMs = 15_000): Promise<number> {
    const at = this.seen.get(key);
    if (at !== undefined) {
      this.seen.delete(key);
      return Promise.resolve(at);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        reject(new Error(`nothing arrived for ${key} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(key, (t) => {
        clearTimeout(timer);
        resolve(t);
      });
    });
  }
}
