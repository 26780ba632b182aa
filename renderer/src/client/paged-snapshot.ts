import type { InboxEvent } from './inbox-client';

type Snapshot = Extract<InboxEvent, { type: 'snapshot' }>;

export interface PagedSnapshotOptions {
  /** Passes an event on to the client's listeners. */
  emit: (event: InboxEvent) => void;
  /** The whole pending list as a snapshot (e.g. `GET /api/requests`); rejects when it cannot. */
  fetchAll: () => Promise<Snapshot>;
  /** Runs `fn` once the page has painted what it has (see afterNextPaint). */
  afterPaint: (fn: () => void) => void;
  /** The whole list could not be fetched: the caller re-syncs another way (a full snapshot). */
  onFailure: (error: unknown) => void;
}

/**
 * Completes a paged snapshot (`/events?snapshot_limit=N`: the newest N pending and the `total`).
 * The page is passed on at once so the inbox paints; after that paint the whole list is fetched
 * and passed on as a full snapshot. The stream's events that arrive meanwhile are held and passed
 * on after it, in order: those the list already contains (seq at or below its seq) are then
 * replays the inbox ignores, so nothing is applied twice or lost, whichever arrives first.
 */
export class PagedSnapshot {
  private held: InboxEvent[] | undefined;
  private generation = 0;

  constructor(private readonly options: PagedSnapshotOptions) {}

  /** Whether a page is being completed (events are held). */
  get completing(): boolean {
    return this.held !== undefined;
  }

  /** Passes `event` on, holds it while a page is being completed, or starts completing one. */
  accept(event: InboxEvent): void {
    if (event.type === 'snapshot') {
      this.reset();
      this.options.emit(event);
      if (event.total !== undefined && event.total > event.pending.length) this.complete();
      return;
    }
    if (this.held) this.held.push(event);
    else this.options.emit(event);
  }

  /** Forgets a completion under way (the stream closed or a new snapshot supersedes it). */
  reset(): void {
    this.generation += 1;
    this.held = undefined;
  }

  private complete(): void {
    const generation = this.generation;
    const held: InboxEvent[] = [];
    this.held = held;
    const current = () => generation === this.generation;
    this.options.afterPaint(() => {
      if (!current()) return;
      this.options.fetchAll().then(
        (full) => {
          if (!current()) return;
          this.held = undefined;
          this.options.emit(full);
          for (const event of held) this.options.emit(event);
        },
        (error: unknown) => {
          if (!current()) return;
          this.held = undefined;
          this.options.onFailure(error);
        },
      );
    });
  }
}
