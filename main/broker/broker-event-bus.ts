import type { HitlRequest } from '@contract/request';
import type { BrokerEvent, BrokerEventType, BrokerListener } from './broker-types';

/**
 * The broker's listeners and its event sequence: every event gets the next number, and one
 * listener throwing never keeps the others from hearing it.
 */
export class BrokerEventBus {
  // Replaced, never changed in place, on (un)subscribe: an event goes to the array current when
  // it starts without copying it per event (one event per question file at start).
  private listeners: readonly BrokerListener[] = [];

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
    if (!this.listeners.includes(listener)) this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((other) => other !== listener);
    };
  }

  /** Tells every listener (those subscribed when it starts) of one event. */
  emit(type: BrokerEventType, request: HitlRequest): void {
    const event: BrokerEvent = { seq: ++this.seq, type, at: this.now(), request };
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError?.(error);
      }
    }
  }
}
