/** What became of one attempt to deliver one event to one webhook. */
export type AttemptOutcome = 'delivered' | 'retrying' | 'gave-up' | 'refused' | 'dropped';

/** One line of a webhook's delivery log. */
export interface DeliveryAttempt {
  /** When the attempt ended (ms since the epoch). */
  at: number;
  eventId: string;
  event: string;
  requestId: string;
  /** 1 for the first try. */
  attempt: number;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why it failed (network error, timeout, status), when it did. */
  error?: string;
  outcome: AttemptOutcome;
}

/** The last `limit` attempts of one webhook, oldest first (kept in memory only). */
export class DeliveryLog {
  private readonly entries: DeliveryAttempt[] = [];

  constructor(private readonly limit = 50) {}

  /** Adds an attempt, forgetting the oldest beyond the limit. */
  add(entry: DeliveryAttempt): void {
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
  }

  /** A copy of the attempts, oldest first. */
  list(): DeliveryAttempt[] {
    return [...this.entries];
  }
}
