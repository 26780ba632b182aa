import {
  RunUpdatedSchema,
  type RunUpdated,
} from '../../../main/adapters/tool-server-lite/run-schemas';

/**
 * The listeners of `run_updated` events (InboxClient.subscribeRuns) of one client. Data from the
 * wire is checked with the shared zod schema first; what does not match is dropped.
 */
export class RunListeners {
  private readonly listeners = new Set<(update: RunUpdated) => void>();

  /** Adds a listener; returns the unsubscribe function. */
  add(listener: (update: RunUpdated) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener about a checked update. */
  emit(update: RunUpdated): void {
    for (const listener of [...this.listeners]) listener(update);
  }

  /** Checks raw data (SSE JSON text, or an IPC payload) and emits it when it is a run update. */
  receive(data: unknown): void {
    let json = data;
    if (typeof data === 'string') {
      try {
        json = JSON.parse(data);
      } catch {
        return;
      }
    }
    const parsed = RunUpdatedSchema.safeParse(json);
    if (parsed.success) this.emit(parsed.data);
  }
}
