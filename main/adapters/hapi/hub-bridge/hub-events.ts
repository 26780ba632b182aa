import { FOLLOWED_EVENTS, HubEventSchema, type HubEvent } from './hub-wire';
import type { HubClient } from './hub-client';
import { keepFollowing, withIdleWatch } from '../../outbound/reconnecting-stream';

/**
 * A frame longer than this is skipped, unread (a session message can carry a whole file: the
 * hub's socket takes 48 MiB); the stream goes on after it.
 */
const MAX_FRAME = 8 * 1024 * 1024;

export interface HubEventsOptions {
  client: HubClient;
  /** Each followed event, in order (a `connection-changed` first on every (re)connect). */
  onEvent: (event: HubEvent) => void;
  onWarning?: (message: string) => void;
  /** First wait before reconnecting, doubled up to 30 s (default 1 s). */
  retryMs?: number;
  /**
   * A stream silent this long is taken for dead and reopened (default 90 s; the hub sends a
   * heartbeat every 30 s).
   */
  idleMs?: number;
}

/**
 * Follows a HAPI hub's `GET /api/events?all=true` (server-sent events, one JSON `SyncEvent` per
 * `data:`), reconnecting after any error, end or silence. Frames that are not JSON, not an event
 * the bridge reads, or malformed are skipped.
 */
export class HubEvents {
  private readonly stop = new AbortController();

  constructor(private readonly options: HubEventsOptions) {
    void this.run();
  }

  /** Stops following the hub. */
  close(): void {
    this.stop.abort();
  }

  private run(): Promise<void> {
    return keepFollowing({
      stop: this.stop.signal,
      ...(this.options.retryMs !== undefined ? { retryMs: this.options.retryMs } : {}),
      follow: (opened) => this.follow(opened),
      onStopped: (error) =>
        this.options.onWarning?.(
          error === undefined
            ? 'HAPI hub event stream ended; reconnecting'
            : `HAPI hub event stream: ${error instanceof Error ? error.message : String(error)}; reconnecting`,
        ),
    });
  }

  private follow(onOpen: () => void): Promise<void> {
    return withIdleWatch(this.stop.signal, this.options.idleMs ?? 90_000, async (signal, touch) => {
      const response = await this.options.client.openEvents(signal);
      if (!response.body) throw new Error('no body');
      onOpen();
      await this.read(response.body as AsyncIterable<Uint8Array>, touch);
    });
  }

  private async read(body: AsyncIterable<Uint8Array>, onData: () => void): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    let skipping = false;
    for await (const chunk of body) {
      onData();
      buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
      if (skipping) {
        const end = buffer.indexOf('\n\n');
        // Keep a last newline: the frame's end may come split across two chunks.
        if (end < 0) buffer = buffer.endsWith('\n') ? '\n' : '';
        else [buffer, skipping] = [buffer.slice(end + 2), false];
        if (skipping) continue;
      }
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        this.frame(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
      if (buffer.length > MAX_FRAME) {
        this.options.onWarning?.(
          `HAPI hub sent an event longer than ${MAX_FRAME / 1024 / 1024} MiB; skipped`,
        );
        [buffer, skipping] = [buffer.endsWith('\n') ? '\n' : '', true];
      }
    }
  }

  /** One SSE frame: its `data:` lines joined (comments, ids and event names are not needed). */
  private frame(text: string): void {
    const data = text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      .join('\n');
    if (!data) return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const type = (json as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !FOLLOWED_EVENTS.has(type)) return;
    const parsed = HubEventSchema.safeParse(json);
    if (!parsed.success) {
      this.options.onWarning?.(`HAPI hub sent a malformed ${type} event; skipped`);
      return;
    }
    this.options.onEvent(parsed.data);
  }
}
