import type { UnreadableItem, UnreadableList, UnreadableReport } from '@contract/unreadable';

/** Told the whole list, numbered (see `snapshot`), after every change. */
export type UnreadableListener = (list: UnreadableList) => void;

/**
 * The broker's list of "could not read" items (see unreadable.ts). A file's item goes when the
 * file is fixed or removed (`clear`); any item can be dismissed by the operator, and stays
 * dismissed while the same problem is reported again (it comes back when the reason changes).
 * Bounded: past `limit` items the oldest is dropped.
 */
export class UnreadableBoard {
  private readonly items = new Map<string, UnreadableItem>();
  private readonly dismissed = new Map<string, string>();
  private readonly listeners = new Set<UnreadableListener>();
  /** This board's run: a restarted broker's lists are never taken for older ones. */
  private readonly epoch = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  private revision = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly limit = 200,
  ) {}

  /** Adds or refreshes an item; listeners hear of it unless it was dismissed with this reason. */
  report(report: UnreadableReport): void {
    if (this.dismissed.get(report.id) === report.reason) return;
    this.dismissed.delete(report.id);
    const at = this.now();
    const known = this.items.get(report.id);
    const item: UnreadableItem = {
      id: report.id,
      source: report.source,
      origin: report.origin,
      ...(report.field ? { field: report.field } : {}),
      ...(report.kind
        ? { kind: report.kind, requestId: report.requestId, answer: report.answer }
        : {}),
      reason: report.reason,
      at: known?.at ?? at,
      lastAt: at,
      count: (known?.count ?? 0) + 1,
    };
    this.items.delete(report.id);
    this.items.set(report.id, item);
    while (this.items.size > this.limit) this.items.delete(this.items.keys().next().value!);
    this.emit();
  }

  /** The problem is gone (file fixed or removed, request accepted): the item leaves the list. */
  clear(id: string): void {
    this.dismissed.delete(id);
    if (this.items.delete(id)) this.emit();
  }

  /** The operator dismissed it. Returns false when there was no such item. */
  dismiss(id: string): boolean {
    const item = this.items.get(id);
    if (!item) return false;
    this.items.delete(id);
    this.dismissed.set(id, item.reason);
    while (this.dismissed.size > this.limit * 5)
      this.dismissed.delete(this.dismissed.keys().next().value!);
    this.emit();
    return true;
  }

  /** Nothing listed (dismissed items are not). */
  get empty(): boolean {
    return this.items.size === 0;
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  /** The current items, the most recently reported last. */
  list(): UnreadableItem[] {
    return [...this.items.values()];
  }

  /** The current items with this board's epoch and revision (what a client orders lists by). */
  snapshot(): UnreadableList {
    return { items: this.list(), epoch: this.epoch, revision: this.revision };
  }

  /** Called with the whole list after every change; returns the unsubscribe function. */
  subscribe(listener: UnreadableListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    this.revision += 1;
    const list = this.snapshot();
    for (const listener of [...this.listeners]) {
      try {
        listener(list);
      } catch {
        // A failing listener (a closed window) must not stop the others.
      }
    }
  }
}
