import type { SortOrder } from '@contract/request-order';
import type { EventSourceLike } from './event-source-like';

type Message = { data: string; lastEventId: string; json?: unknown };
type Happening =
  { kind: 'open' } | { kind: 'error' } | { kind: 'message'; name: string; message: Message };

/**
 * The SSE event names of docs/http-api.md the web inbox listens to. Kept here, free of zod and
 * React, because this module is part of the tiny entry chunk; parse-inbox-event re-exports it.
 */
export const SSE_EVENT_NAMES = [
  'snapshot',
  'agent_message',
  'new_question',
  'updated',
  'answered',
  'cancelled',
  'expired',
] as const;

/** The agent-run SSE event (docs/http-api.md): not an inbox event, see InboxClient.subscribeRuns. */
export const RUN_SSE_EVENT = 'run_updated';

/** The "could not read" list (docs/http-api.md): see InboxClient.subscribeUnreadable. */
export const UNREADABLE_SSE_EVENT = 'unreadable';

/**
 * How many pending requests the first snapshot of the web inbox holds (`/events?snapshot_limit`):
 * the top of the inbox's default order (soonest deadline, then oldest), enough for the first
 * screen; the rest is fetched once they are painted.
 */
export const FIRST_PAGE_SIZE = 200;

/**
 * The web inbox's SSE URL: a paged snapshot of the first `snapshotLimit` in the list's `order`
 * (so the first page is the top of the list and nothing moves when the rest arrives), or the
 * whole list when undefined.
 */
export function eventsUrl(
  baseUrl: string,
  snapshotLimit?: number,
  order: SortOrder = 'urgent',
): string {
  return snapshotLimit === undefined
    ? `${baseUrl}/events`
    : `${baseUrl}/events?snapshot_limit=${snapshotLimit}&snapshot_order=${order}`;
}

/**
 * An EventSource opened by the entry script while the app code is still downloading and
 * compiling, so the server produces and sends the (large) snapshot meanwhile. Everything that
 * happens before the client attaches (open, error, messages) is kept in order and replayed to it
 * once it has set its handlers and listeners; after that, events pass straight through.
 */
export class EarlyEventSource implements EventSourceLike {
  onopen: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private readonly listeners = new Map<string, Array<(message: Message) => void>>();
  private backlog: Happening[] | undefined = [];
  private flushQueued = false;

  /** `onFirstSnapshot`: called with the parsed snapshot if it lands before the client attaches. */
  constructor(
    private readonly source: EventSource,
    private onFirstSnapshot?: (json: unknown) => void,
  ) {
    source.onopen = () => this.happen({ kind: 'open' });
    source.onerror = () => this.happen({ kind: 'error' });
    for (const name of [...SSE_EVENT_NAMES, RUN_SSE_EVENT, UNREADABLE_SSE_EVENT]) {
      source.addEventListener(name, (event: MessageEvent<string>) => {
        const message: Message = { data: event.data, lastEventId: event.lastEventId };
        // The snapshot (megabytes with 10,000 pending) usually lands while the app code is still
        // compiling off the main thread: parse it now, in that idle time, not after.
        if (this.backlog && name === 'snapshot') {
          message.json = parseOrUndefined(event.data);
          this.onFirstSnapshot?.(message.json);
          this.onFirstSnapshot = undefined;
        }
        this.happen({ kind: 'message', name, message });
      });
    }
  }

  get readyState(): number {
    return this.source.readyState;
  }

  addEventListener(name: string, listener: (message: Message) => void): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener);
    this.listeners.set(name, list);
    // The client adds all its listeners in one synchronous loop: replay once that is done.
    if (this.backlog && !this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => this.flush());
    }
  }

  close(): void {
    this.backlog = undefined;
    this.source.close();
  }

  private happen(happening: Happening): void {
    if (this.backlog) this.backlog.push(happening);
    else this.dispatch(happening);
  }

  private flush(): void {
    const backlog = this.backlog ?? [];
    this.backlog = undefined;
    for (const happening of backlog) this.dispatch(happening);
  }

  private dispatch(happening: Happening): void {
    if (happening.kind === 'open') this.onopen?.(happening);
    else if (happening.kind === 'error') this.onerror?.(happening);
    else
      for (const listener of this.listeners.get(happening.name) ?? []) listener(happening.message);
  }
}

/** `JSON.parse(text)`, or undefined when the text is not JSON. */
export function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * An `eventSource` factory for HttpInboxClient whose first call for `url` hands out `early`
 * (already connecting); later calls (reconnects) open fresh streams.
 */
export function firstTheEarlyStream(
  early: EarlyEventSource,
  url: string,
  open: (url: string) => EventSourceLike,
): (url: string) => EventSourceLike {
  let unused: EarlyEventSource | undefined = early;
  return (requested) => {
    if (unused && requested === url) {
      const stream = unused;
      unused = undefined;
      return stream;
    }
    return open(requested);
  };
}
