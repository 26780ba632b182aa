/** The part of the browser's EventSource this client uses (kept minimal so tests can fake it). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  /** `json`: the data already parsed, when the source did that while the app was loading (EarlyEventSource). */
  addEventListener(
    name: string,
    listener: (event: { data: string; lastEventId: string; json?: unknown }) => void,
  ): void;
  close(): void;
}
