/**
 * Runs one job per key at a time. Asked again while it runs, it runs once more afterwards (the
 * run under way may have read what changed too early), however often it was asked meanwhile.
 */
export class OncePerKey {
  private readonly running = new Map<string, { again: boolean; done: Promise<void> }>();

  /** Runs `job` for `key` now, or once more after the run under way; resolves when done. */
  run(key: string, job: () => Promise<void>): Promise<void> {
    const running = this.running.get(key);
    if (running) {
      running.again = true;
      return running.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await job();
        } while (entry.again);
      } finally {
        this.running.delete(key);
      }
    })();
    this.running.set(key, entry);
    return entry.done;
  }
}
