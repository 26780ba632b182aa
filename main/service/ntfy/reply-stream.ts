import { z } from 'zod';
import { keepFollowing, withIdleWatch } from '../../adapters/outbound/reconnecting-stream';

/** One line of ntfy's JSON stream (`GET /<topic>/json`): only the fields the broker reads. */
const StreamLineSchema = z.object({
  id: z.string().min(1).max(100),
  event: z.string(),
  message: z.string().max(4096).optional(),
});

const MAX_LINE = 64 * 1024;

export interface ReplyStreamOptions {
  /** `https://ntfy.example.org/` (with the trailing slash). */
  server: string;
  topic: string;
  token?: string;
  /** Told of each `message` event's text (a posted action code). */
  onMessage: (text: string) => void;
  onWarning?: (message: string) => void;
  /** First wait before reconnecting, doubled up to 30 s (default 1 s). */
  retryMs?: number;
  /**
   * A stream silent this long is taken for dead and reopened (default 2 minutes; ntfy sends a
   * keepalive every 45 s, and a connection lost without a FIN would otherwise hang forever).
   */
  idleMs?: number;
}

/**
 * Follows an ntfy topic as an outbound JSON stream, so a phone's answer needs no inbound
 * connection to the broker. Reconnects after any error or end, resuming with `since=` the last
 * message id seen (at first: the time it started, so nothing from before this run is replayed).
 */
export class ReplyStream {
  private since: string;
  private readonly stop = new AbortController();
  private connected?: () => void;
  /** Resolves once the stream is open (the first time), for tests and start-up. */
  readonly ready: Promise<void>;

  constructor(private readonly options: ReplyStreamOptions) {
    this.since = String(Math.floor(Date.now() / 1000));
    this.ready = new Promise((resolve) => (this.connected = resolve));
    void this.run();
  }

  /** Stops following the topic. */
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
          `ntfy reply stream: ${error === undefined ? 'ended' : describe(error)}; reconnecting`,
        ),
    });
  }

  private follow(onOpen: () => void): Promise<void> {
    const url = new URL(`${encodeURIComponent(this.options.topic)}/json`, this.options.server);
    url.searchParams.set('since', this.since);
    const headers: Record<string, string> = this.options.token
      ? { authorization: `Bearer ${this.options.token}` }
      : {};
    return withIdleWatch(
      this.stop.signal,
      this.options.idleMs ?? 120_000,
      async (signal, touch) => {
        const response = await fetch(url, { headers, signal });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        onOpen();
        this.connected?.();
        await this.read(response.body as AsyncIterable<Uint8Array>, touch);
      },
    );
  }

  private async read(body: AsyncIterable<Uint8Array>, onData: () => void): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of body) {
      onData();
      buffer += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        this.line(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
      }
      if (buffer.length > MAX_LINE) throw new Error('a line longer than 64 KiB');
    }
  }

  private line(text: string): void {
    if (text.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = StreamLineSchema.safeParse(json);
    if (!parsed.success || parsed.data.event !== 'message') return;
    this.since = parsed.data.id;
    if (parsed.data.message !== undefined) this.options.onMessage(parsed.data.message);
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}
