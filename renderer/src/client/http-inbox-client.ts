import type { SortOrder } from '@contract/request-order';
import type { RunUpdated } from '@contract/run-schemas';
import { BrokerRest } from './broker-rest';
import type { ConnectionState, InboxClient, InboxEvent } from './inbox-client';
import { CheckGate } from './check-gate';
import {
  eventsUrl,
  parseOrUndefined,
  RUN_SSE_EVENT,
  SSE_EVENT_NAMES,
  UNREADABLE_SSE_EVENT,
} from './early-event-source';
import { loadInboxChecks } from './inbox-checks-loader';
import { parseListedSnapshot } from './listed-snapshot';
import { afterNextPaint } from './first-frames';
import { PagedSnapshot } from './paged-snapshot';
import { RunListeners } from './run-listeners';
import { UnreadableListeners } from './unreadable-listeners';
import type { UnreadableItem } from '@contract/unreadable';
import type { EventSourceLike } from './event-source-like';

export type { EventSourceLike } from './event-source-like';

export interface HttpInboxClientOptions {
  /** Broker base URL; '' means the page's own origin (the web UI served by `serve`). */
  baseUrl?: string;
  fetch?: typeof fetch;
  eventSource?: (url: string) => EventSourceLike;
  /** Delay before re-opening a stream the browser gave up on (ms). */
  retryDelayMs?: number;
  /**
   * Ask for a paged snapshot of this many requests (`/events?snapshot_limit`); the rest is
   * fetched after they are painted (see PagedSnapshot). Default: the whole list in the snapshot.
   */
  snapshotLimit?: number;
  /** Which requests that page holds: the top of the list in this order (default: urgent). */
  snapshotOrder?: SortOrder;
  /** When to fetch the rest of a paged snapshot (default: after the next paint). */
  afterPaint?: (fn: () => void) => void;
}

const CLOSED = 2;

/**
 * InboxClient over the broker's HTTP API and SSE stream (docs/http-api.md).
 * The browser's EventSource reconnects by itself and resumes with Last-Event-ID; when it gives up
 * (the server answered an error) a new stream is opened after a delay and re-syncs from its snapshot.
 * The calls (answer, cancel, history…) are BrokerRest's.
 */
export class HttpInboxClient extends BrokerRest implements InboxClient {
  private readonly openStream: (url: string) => EventSourceLike;
  private readonly retryDelayMs: number;
  private readonly listeners = new Set<(event: InboxEvent) => void>();
  private readonly connectionListeners = new Set<(state: ConnectionState) => void>();
  private readonly runListeners = new RunListeners();
  private readonly unreadableListeners = new UnreadableListeners();
  /** Stream messages in arrival order, checked with zod once it has loaded (see CheckGate). */
  private readonly gate = new CheckGate();
  private stream: EventSourceLike | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private state: ConnectionState = 'closed';
  private readonly snapshotLimit: number | undefined;
  private readonly snapshotOrder: SortOrder | undefined;
  private readonly paged: PagedSnapshot;

  constructor(options: HttpInboxClientOptions = {}) {
    super(options.baseUrl ?? '', options.fetch);
    this.openStream = options.eventSource ?? defaultEventSource;
    this.retryDelayMs = options.retryDelayMs ?? 2000;
    this.snapshotLimit = options.snapshotLimit;
    this.snapshotOrder = options.snapshotOrder;
    this.paged = new PagedSnapshot({
      emit: (event) => {
        for (const listener of [...this.listeners]) listener(event);
      },
      fetchAll: () => this.fetchSnapshot(),
      afterPaint: options.afterPaint ?? ((fn) => afterNextPaint(fn)),
      // The rest of the page could not be fetched: re-sync from a stream with the whole list.
      onFailure: () => this.reopen({ paged: false }),
    });
  }

  subscribeRuns(listener: (update: RunUpdated) => void): () => void {
    return this.runListeners.add(listener);
  }

  /** Fetches the list at once; then the stream's `unreadable` events, refetched on every (re)open. */
  subscribeUnreadable(listener: (items: UnreadableItem[]) => void): () => void {
    const off = this.unreadableListeners.add(listener);
    this.refreshUnreadable();
    return off;
  }

  subscribe(listener: (event: InboxEvent) => void): () => void {
    this.listeners.add(listener);
    if (this.stream && this.listeners.size > 1) {
      // The stream's snapshot went to the first subscriber; give this one its own.
      this.listPending().then(
        ({ requests, seq }) =>
          this.listeners.has(listener) && listener({ type: 'snapshot', seq, pending: requests }),
        () => undefined,
      );
    } else if (!this.stream && !this.retryTimer) this.connect('connecting');
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.disconnect();
    };
  }

  onConnectionChange(listener: (state: ConnectionState) => void): () => void {
    this.connectionListeners.add(listener);
    listener(this.state);
    return () => this.connectionListeners.delete(listener);
  }

  private connect(state: ConnectionState, { paged = true } = {}): void {
    this.retryTimer = undefined;
    this.setState(state);
    const stream = this.openStream(
      eventsUrl(this.baseUrl, paged ? this.snapshotLimit : undefined, this.snapshotOrder),
    );
    this.stream = stream;
    stream.onopen = () => {
      this.setState('open');
      // Live-only frames sent while disconnected are not replayed: catch up with the list.
      this.refreshUnreadable();
    };
    stream.onerror = () => {
      if (this.stream !== stream) return;
      if (stream.readyState !== CLOSED) return this.setState('reconnecting');
      // The browser gave up (e.g. a 401/403 or a restarted server refused once): retry ourselves.
      stream.close();
      this.stream = undefined;
      this.paged.reset();
      this.setState('reconnecting');
      this.retryTimer = setTimeout(() => this.connect('reconnecting'), this.retryDelayMs);
    };
    for (const name of SSE_EVENT_NAMES) {
      stream.addEventListener(name, (message) => {
        // The first page of a paged snapshot may be painted on a structural check (light): the
        // card and the whole list that follows are checked with zod.
        const light = name === 'snapshot' && paged && this.snapshotLimit !== undefined;
        this.gate.run((checks) => {
          if (this.stream !== stream) return;
          const event = checks
            ? checks.parseInboxEvent(name, message.data, message.lastEventId, message.json)
            : parseListedSnapshot(message.json ?? parseOrUndefined(message.data));
          if (!event) return;
          if (this.state !== 'open') this.setState('open');
          this.paged.accept(event);
        }, light);
      });
    }
    stream.addEventListener(RUN_SSE_EVENT, (message) => this.runListeners.receive(message.data));
    stream.addEventListener(UNREADABLE_SSE_EVENT, (message) =>
      this.unreadableListeners.receive(message.data),
    );
  }

  private refreshUnreadable(): void {
    if (this.unreadableListeners.size === 0) return;
    // With its revision: a reply made before a change must not replace the change's event.
    this.unreadableList().then(
      (list) => this.unreadableListeners.receive(list),
      () => undefined,
    );
  }

  /** The whole pending list as a snapshot event, checked like the stream's. */
  private async fetchSnapshot(): Promise<Extract<InboxEvent, { type: 'snapshot' }>> {
    const [{ requests, seq }, checks] = await Promise.all([this.listPending(), loadInboxChecks()]);
    const event = checks.parseInboxEvent('snapshot', '', undefined, { seq, pending: requests });
    if (event?.type !== 'snapshot') throw new Error('GET /api/requests: not a pending list');
    return event;
  }

  /** Closes the stream and opens a new one at once (e.g. for a whole, unpaged snapshot). */
  private reopen(options: { paged: boolean }): void {
    this.stream?.close();
    this.stream = undefined;
    this.gate.clear();
    this.paged.reset();
    this.connect('reconnecting', options);
  }

  private disconnect(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.stream?.close();
    this.stream = undefined;
    this.gate.clear();
    this.paged.reset();
    this.setState('closed');
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of [...this.connectionListeners]) listener(state);
  }
}

/** The browser's EventSource for `url` (the client's default `eventSource`). */
export function defaultEventSource(url: string): EventSourceLike {
  const Impl = (
    globalThis as unknown as {
      EventSource?: new (url: string, init?: { withCredentials?: boolean }) => EventSourceLike;
    }
  ).EventSource;
  if (!Impl) throw new Error('EventSource is not available in this environment');
  return new Impl(url);
}
