/**
 * Runs an async task per key, never two at once for the same key, coalescing bursts: a request
 * that arrives while the key's task runs marks it dirty, and the task runs once more afterwards.
 * Different keys run concurrently. Errors go to `onError`; the runner keeps going.
 */
export class KeyedRunner {
  private readonly running = new Map<string, Promise<void>>();
  private readonly dirty = new Set<string>();

  constructor(
    private readonly task: (key: string) => Promise<void>,
    private readonly onError: (error: unknown, key: string) => void,
  ) {}

  /** Asks for the task to run for `key` (now, or once more after the current run). */
  request(key: string): Promise<void> {
    const current = this.running.get(key);
    if (current) {
      this.dirty.add(key);
      return current;
    }
    const run = this.loop(key).finally(() => this.running.delete(key));
    this.running.set(key, run);
    return run;
  }

  /** Resolves when no task is running or queued. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  private async loop(key: string): Promise<void> {
    do {
      this.dirty.delete(key);
      try {
        await this.task(key);
      } catch (error) {
        this.onError(error, key);
      }
    } while (this.dirty.has(key));
  }
}
