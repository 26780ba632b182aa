import { inboxChecksIfLoaded, loadInboxChecks, type InboxChecks } from './inbox-checks-loader';

/** One piece of work on a message from the broker; `checks` is undefined only for light work. */
export type CheckedTask = (checks: InboxChecks | undefined) => void;

/**
 * Runs the client's message work in arrival order, with the zod checks once they have loaded.
 * Work marked light (the first snapshot page, checked structurally) runs at once while nothing
 * waits; anything else waits for the checks, and so does everything after it, so order is kept.
 */
export class CheckGate {
  private queue: CheckedTask[] = [];

  constructor(
    private readonly load: () => Promise<InboxChecks> = loadInboxChecks,
    private readonly current: () => InboxChecks | undefined = inboxChecksIfLoaded,
    private readonly onLoadError: (error: unknown) => void = (error) =>
      console.error('hitl: could not load the message checks', error),
  ) {}

  /** Runs `task` now if it can, else after the checks have loaded (in arrival order). */
  run(task: CheckedTask, light = false): void {
    if (this.queue.length === 0) {
      const checks = this.current();
      if (checks) return task(checks);
      if (light) return task(undefined);
    }
    this.queue.push(task);
    if (this.queue.length === 1) this.drain();
  }

  /** Drops waiting work (its stream was closed). */
  clear(): void {
    this.queue = [];
  }

  private drain(): void {
    this.load().then(
      (checks) => {
        const waiting = this.queue;
        this.queue = [];
        for (const task of waiting) task(checks);
      },
      (error: unknown) => {
        this.queue = [];
        this.onLoadError(error);
      },
    );
  }
}
