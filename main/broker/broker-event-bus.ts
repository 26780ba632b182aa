import type { HitlRequest } from '@contract/request';
import type { BrokerEvent, BrokerEventType, BrokerListener } from './broker-types';

/**
 * The broker's listeners and its event sequence: every event gets the next number, and one
 * listener throwing never keeps the others from hearing it.
 */
export class BrokerEventBus {
  private readonly listeners = new Set<BrokerListener>();
  /**
   * The listeners as an array, made by the first event after a (un)subscribe and then reused: an
   * event goes to those subscribed when it starts without a copy per event (one event per question
   * file at start), and a subscribe or unsubscribe stays O(1) (a long poll makes one of each).
   */
  private snapshot: readonly BrokerListener[] | undefined;

  constructor(
    private seq: number,
    private readonly now: () => number,
    private readonly onListenerError?: (error: unknown) => void,
  ) {}

  /** The sequence number of the last event emitted. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Adds a listener; returns the unsubscribe function. */
  subscribe(listener: BrokerListener): () => void {
    if (!this.listeners.has(listener)) {
      this.listeners.add(listener);
      this.snapshot = undefined;
    }
    return () => {
      if (this.listeners.delete(listener)) this.snapshot = undefined;
    };
  }

  /** Tells every listener (those subscribed when it starts) of one event. */
  emit(type: BrokerEventType, request: HitlRequest): void {
    const event: BrokerEvent = { seq: ++this.seq, type, at: this.now(), request };
    const listeners = (this.snapshot ??= [...this.listeners]);
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError?.(error);
      }
    }
  }
}
