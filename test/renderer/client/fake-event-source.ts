import type { EventSourceLike } from '../../../renderer/src/client/http-inbox-client';

type Listener = (e: { data: string; lastEventId: string }) => void;

/** A scriptable browser EventSource: the test plays the server (open, fail, deliver messages). */
export class FakeStream implements EventSourceLike {
  readyState = 0;
  onopen: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, Listener[]>();
  constructor(readonly url = '') {}
  addEventListener(name: string, listener: Listener): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** Delivers one message; data that is not a string goes as its JSON. */
  emit(name: string, data: unknown, id = ''): void {
    for (const h of this.handlers.get(name) ?? [])
      h({ data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: id });
  }
  fail(readyState: number): void {
    this.readyState = readyState;
    this.onerror?.({});
  }
}
