import type { UnreadableItem, UnreadableList } from '@contract/unreadable';
import { loadInboxChecks } from './inbox-checks-loader';

/**
 * The listeners of one client's "could not read" list (InboxClient.subscribeUnreadable). Lists
 * from the wire (SSE `unreadable`, IPC, `GET /api/unreadable`) are checked with the shared zod
 * schema first and passed on in arrival order; what does not match is dropped.
 */
export class UnreadableListeners {
  private readonly listeners = new Set<(items: UnreadableItem[]) => void>();
  private order: Promise<void> = Promise.resolve();
  private last: UnreadableItem[] | undefined;
  private lastEpoch: string | undefined;
  private lastRevision = -1;

  get size(): number {
    return this.listeners.size;
  }

  /** Adds a listener (told the last known list at once); returns the unsubscribe function. */
  add(listener: (items: UnreadableItem[]) => void): () => void {
    this.listeners.add(listener);
    if (this.last) listener(this.last);
    return () => this.listeners.delete(listener);
  }

  /** Checks raw data (`{ items }` as JSON text or a value) and tells every listener. */
  receive(data: unknown): Promise<void> {
    this.order = this.order.then(async () => {
      const checks = await loadInboxChecks().catch(() => undefined);
      const list = checks?.parseUnreadableList(data);
      if (!list || this.isStale(list)) return;
      if (list.epoch !== undefined && list.revision !== undefined) {
        this.lastEpoch = list.epoch;
        this.lastRevision = list.revision;
      }
      this.last = list.items;
      for (const listener of [...this.listeners]) listener(list.items);
    });
    return this.order;
  }

  /**
   * A list from this broker run older than one already passed on: a `GET /api/unreadable` reply
   * the server made before a change whose SSE event arrived first. Lists without a revision (an
   * older broker) are taken in arrival order.
   */
  private isStale(list: UnreadableList): boolean {
    return (
      list.revision !== undefined &&
      list.epoch === this.lastEpoch &&
      list.revision < this.lastRevision
    );
  }
}
