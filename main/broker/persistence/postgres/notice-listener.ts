import pg from 'pg';
import { z } from 'zod';
import { NOTIFY_CHANNEL } from './migrations';

/** What the table's trigger sends on every insert/update (`data` left out above ~7 kB). */
export const RequestNoticeSchema = z.object({
  id: z.string(),
  origin: z.string(),
  change: z.coerce.number(),
  status: z.string(),
  data: z.unknown().optional(),
});
export type RequestNotice = z.infer<typeof RequestNoticeSchema>;

export interface NoticeListenerOptions {
  connectionString: string;
  onNotice: (notice: RequestNotice) => void;
  /** Called after every (re)connection once LISTEN is in place: catch up on what was missed. */
  onListening: () => Promise<void>;
  onWarning: (message: string) => void;
  /** First retry delay after losing the connection (doubles up to `maxBackoffMs`). Default 100. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * One dedicated connection LISTENing on the requests channel. When the database goes away
 * (restart, network) it reconnects with exponential backoff, re-LISTENs and asks the owner to
 * resync, so nothing said while it was away is missed.
 */
export class NoticeListener {
  private client: pg.Client | undefined;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private backoff: number;
  private connected = false;

  constructor(private readonly options: NoticeListenerOptions) {
    this.backoff = options.minBackoffMs ?? 100;
  }

  /** True while LISTEN is in place. */
  get listening(): boolean {
    return this.connected;
  }

  /** Connects and LISTENs; the first failure is thrown (later ones retry by themselves). */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
      let raw: unknown;
      try {
        raw = JSON.parse(message.payload);
      } catch {
        return this.options.onWarning('shared store: unreadable notification ignored');
      }
      const notice = RequestNoticeSchema.safeParse(raw);
      if (notice.success) this.options.onNotice(notice.data);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      this.client = undefined;
      await client.end().catch(() => {});
      throw error;
    }
    this.connected = true;
    this.backoff = this.options.minBackoffMs ?? 100;
    await this.options.onListening().catch((error: unknown) => {
      this.options.onWarning(`shared store: resync failed: ${(error as Error).message}`);
    });
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.connected = false;
    client.end().catch(() => {});
    this.options.onWarning(
      `shared store: lost the database connection${error ? ` (${error.message})` : ''}; reconnecting`,
    );
    this.retry();
  }

  private retry(): void {
    if (this.closed || this.timer) return;
    const delay = this.backoff;
    this.backoff = Math.min(delay * 2, this.options.maxBackoffMs ?? 5000);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.closed) return;
      this.connect().then(
        () => this.options.onWarning('shared store: reconnected'),
        () => this.retry(),
      );
    }, delay);
  }
}
