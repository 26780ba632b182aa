import type { RunUpdated } from '@contract/run-schemas';
import { loadInboxChecks } from './inbox-checks-loader';

/**
 * The listeners of `run_updated` events (InboxClient.subscribeRuns) of one client. Data from the
 * wire is checked with the shared zod schema first (loaded lazily, see inbox-checks-loader.ts);
 * what does not match is dropped. Updates are passed on in the order they arrived.
 */
export class RunListeners {
  private readonly listeners = new Set<(update: RunUpdated) => void>();
  private order: Promise<void> = Promise.resolve();

  /** Adds a listener; returns the unsubscribe function. */
  add(listener: (update: RunUpdated) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener about a checked update. */
  emit(update: RunUpdated): void {
    for (const listener of [...this.listeners]) listener(update);
  }

  /**
   * Checks raw data (SSE JSON text, or an IPC payload) and emits it when it is a run update.
   * Resolves once it has been passed on (or dropped).
   */
  receive(data: unknown): Promise<void> {
    this.order = this.order.then(async () => {
      const checks = await loadInboxChecks().catch(() => undefined);
      const update = checks?.parseRunUpdated(data);
      if (update) this.emit(update);
    });
    return this.order;
  }
}
