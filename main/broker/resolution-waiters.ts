import type { HitlRequest } from '@contract/request';

type Wake = (request: HitlRequest) => void;

/** Callers waiting for pending requests to resolve (HTTP long-polls, held executes, MCP). */
export class ResolutionWaiters {
  private readonly waiters = new Map<string, Set<Wake>>();

  /** Resolves with the request once `wake` is called for its id; rejects when `signal` aborts. */
  wait(id: string, signal?: AbortSignal): Promise<HitlRequest> {
    return new Promise((resolve, reject) => {
      const set = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, set);
      const done = (r: HitlRequest) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(r);
      };
      const onAbort = () => {
        set.delete(done);
        reject(signal?.reason ?? new Error('aborted'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      set.add(done);
    });
  }

  /** Takes the waiters of `request` (they are forgotten) and wakes them with it. */
  wake(request: HitlRequest): void {
    const waiting = this.waiters.get(request.id);
    this.waiters.delete(request.id);
    for (const done of waiting ?? []) done(request);
  }
}
