import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Broker, BrokerEvent, ResolutionGate } from '../../broker';
import { HitlRequestSchema, type HitlRequest } from '@contract/request';
import { migrate } from './migrations';
import { NoticeListener, type RequestNotice } from './notice-listener';
import { insertRequest, storeResolved, updatePendingRequest } from './request-rows';
import { retrying } from './retrying';
import { boundedClaim } from './bounded-claim';
import { reportConflict } from '../../resolution-losses';
import { redactSecretsIn, redactStoreUrl } from './redact-url';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` (any libpq-style URL `pg` accepts). */
  url: string;
  /** Tells this instance's own notifications apart (default: a random UUID). */
  instanceId?: string;
  /** Resolved requests loaded into the broker at start (default 5,000). */
  historyLimit?: number;
  /** How long an answer waits for an unreachable database before its 503. Default 5 s. */
  claimTimeoutMs?: number;
  onWarning?: (message: string) => void;
}

/** Counters for tests, the bench and diagnostics. */
export interface PostgresStoreStats {
  /** Changes from other instances applied to this broker. */
  applied: number;
  /** Resolutions made here without the gate that lost to one already stored. */
  conflicts: number;
}

const DISPLAY_FIELDS = [
  'title',
  'prompt',
  'input',
  'context',
  'agent',
  'meta',
  'expiresAt',
] as const;

/**
 * Team mode: several broker instances share one request store in PostgreSQL. The in-memory
 * Broker stays each instance's live cache; this store writes every new request, update and
 * resolution to the `hitl_requests` table, and applies what other instances write (LISTEN/NOTIFY,
 * plus a resync by change number after a reconnect) to the local Broker, so SSE clients and held
 * waiters on this instance see them. As the Broker's ResolutionGate it lets one transaction
 * decide which resolution wins (an upsert that only changes a row still `pending`).
 */
export class PostgresStore implements ResolutionGate {
  readonly instanceId: string;
  readonly stats: PostgresStoreStats = { applied: 0, conflicts: 0 };
  private readonly pool: pg.Pool;
  private readonly listener: NoticeListener;
  private readonly warn: (message: string) => void;
  private broker: Broker | undefined;
  private unsubscribe: (() => void) | undefined;
  private lastChange = 0;
  private loaded = false;
  /** True while a change from the database is being applied (its events are not written back). */
  private remote = false;
  /** Ids whose resolution the gate already stored: their local event needs no write. */
  private readonly settled = new Set<string>();
  private readonly chains = new Map<string, Promise<unknown>>();
  private closed = false;
  /** Notices that came while the first load ran: applied right after it. */
  private early: RequestNotice[] = [];

  private constructor(private readonly options: PostgresStoreOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.warn = options.onWarning ?? (() => {});
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: 4,
      connectionTimeoutMillis: 5000,
    });
    this.pool.on('error', (error) => this.warn(`shared store: ${error.message}`));
    this.listener = new NoticeListener({
      connectionString: options.url,
      onNotice: (notice) => this.onNotice(notice),
      onListening: () => this.resync(),
      onWarning: this.warn,
    });
  }

  /** Connects and runs the schema migrations (see migrations.ts). */
  static async open(options: PostgresStoreOptions): Promise<PostgresStore> {
    const store = new PostgresStore(options);
    try {
      const client = await store.pool.connect();
      try {
        await migrate(client);
      } finally {
        client.release();
      }
    } catch (error) {
      await store.pool.end().catch(() => {});
      const why = redactSecretsIn((error as Error).message, options.url);
      throw new Error(`shared store ${redactStoreUrl(options.url)}: ${why}`);
    }
    return store;
  }

  /**
   * Loads the shared pending requests and recent history into `broker`, then follows both ways:
   * the broker's events are written, other instances' changes are applied.
   */
  async attach(broker: Broker): Promise<void> {
    this.broker = broker;
    broker.useGate(this);
    this.unsubscribe = broker.subscribe((event) => this.onEvent(event));
    await this.listener.start();
  }

  /** True while the notification connection is up. */
  get connected(): boolean {
    return this.listener.listening;
  }

  /**
   * ResolutionGate: stores `proposed` unless another resolution is already stored. While the
   * database cannot be reached it refuses with StoreUnreachableError (bounded-claim.ts): after
   * the claim timeout, or after ~1 s when the notification connection is down already.
   */
  claim(proposed: HitlRequest): Promise<{ won: boolean; winner: HitlRequest }> {
    const timeout = this.options.claimTimeoutMs ?? 5000;
    return boundedClaim({
      key: proposed.key,
      waitMs: this.connected ? timeout : Math.min(timeout, 1000),
      enqueue: (op) => this.enqueue(proposed.id, op),
      attempt: async () => {
        const result = await storeResolved(this.pool, proposed, this.instanceId);
        this.settled.add(proposed.id);
        return result;
      },
      closed: () => this.closed,
      onUnreachable: (error) =>
        this.warn(
          `shared store unreachable, ${proposed.key} not decided: ${redactSecretsIn((error as Error).message ?? String(error), this.options.url)}`,
        ),
    });
  }

  /** Resolves once every write queued so far is done (or failed). */
  async drain(): Promise<void> {
    while (this.chains.size > 0) await Promise.allSettled([...this.chains.values()]);
  }

  /** Waits (up to 3 s) for queued writes, then disconnects. */
  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.broker?.useGate(undefined);
    await Promise.race([this.drain(), new Promise((resolve) => setTimeout(resolve, 3000))]);
    this.closed = true;
    await this.listener.close();
    await this.pool.end().catch(() => {});
  }

  private onEvent(event: BrokerEvent): void {
    if (this.remote) return;
    const request = event.request;
    if (event.type === 'added')
      return void this.write(request.id, () => insertRequest(this.pool, request, this.instanceId));
    if (event.type === 'updated')
      return void this.write(request.id, () =>
        updatePendingRequest(this.pool, request, this.instanceId),
      );
    if (this.settled.delete(request.id)) return;
    this.write(request.id, async () => {
      const { won, winner } = await storeResolved(this.pool, request, this.instanceId);
      if (won || (winner.status === request.status && request.status === 'expired')) return;
      this.stats.conflicts += 1;
      reportConflict(this.broker, request, winner, this.warn);
    });
  }

  private onNotice(notice: RequestNotice): void {
    this.lastChange = Math.max(this.lastChange, notice.change);
    if (notice.origin === this.instanceId) return;
    if (!this.loaded) return void this.early.push(notice);
    if (notice.data != null) return this.apply(notice.data);
    this.pool
      .query<{ data: unknown }>('SELECT data FROM hitl_requests WHERE id = $1', [notice.id])
      .then(({ rows }) => rows[0] && this.apply(rows[0].data))
      .catch((error: Error) =>
        this.warn(`shared store: could not read ${notice.id}: ${error.message}`),
      );
  }

  /** After (re)connecting: the first time a full load, later the changes missed meanwhile. */
  private async resync(): Promise<void> {
    if (!this.loaded) return this.load();
    // A margin: change numbers are taken before commit, so a few may commit out of order.
    const { rows } = await this.pool.query<{ data: unknown; change: string }>(
      'SELECT data, change FROM hitl_requests WHERE change > $1 ORDER BY change',
      [Math.max(0, this.lastChange - 1000)],
    );
    for (const row of rows) {
      this.lastChange = Math.max(this.lastChange, Number(row.change));
      this.apply(row.data);
    }
  }

  private async load(): Promise<void> {
    const client = await this.pool.connect();
    let history: unknown[];
    let pending: unknown[];
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const max = await client.query<{ m: string }>(
        'SELECT coalesce(max(change), 0) AS m FROM hitl_requests',
      );
      this.lastChange = Math.max(this.lastChange, Number(max.rows[0]!.m));
      const resolved = await client.query<{ data: unknown }>(
        `SELECT data FROM (SELECT data, resolved_at, change FROM hitl_requests
           WHERE status <> 'pending' ORDER BY resolved_at DESC, change DESC LIMIT $1) recent
         ORDER BY resolved_at, change`,
        [this.options.historyLimit ?? 5000],
      );
      const open = await client.query<{ data: unknown }>(
        `SELECT data FROM hitl_requests WHERE status = 'pending' ORDER BY created_at, change`,
      );
      await client.query('COMMIT');
      history = resolved.rows.map((row) => row.data);
      pending = open.rows.map((row) => row.data);
    } finally {
      client.release();
    }
    this.asRemote(() => {
      this.broker?.restore(history);
      this.broker?.restore(pending);
    });
    this.loaded = true;
    const early = this.early;
    this.early = [];
    for (const notice of early) this.onNotice(notice);
  }

  /** Applies one stored record (from another instance) to the local broker. */
  private apply(raw: unknown): void {
    const parsed = HitlRequestSchema.safeParse(raw);
    const broker = this.broker;
    if (!parsed.success || !broker) return;
    const record = parsed.data;
    this.asRemote(() => {
      const known = broker.get(record.id);
      if (record.status !== 'pending') {
        if (broker.applyResolved(record)) this.stats.applied += 1;
      } else if (!known) {
        if (broker.restore([record]).length > 0) this.stats.applied += 1;
      } else if (known.status === 'pending' && displayChanged(known, record)) {
        broker.update(record.id, Object.fromEntries(DISPLAY_FIELDS.map((f) => [f, record[f]])));
        this.stats.applied += 1;
      }
    });
  }

  private asRemote(work: () => void): void {
    this.remote = true;
    try {
      work();
    } finally {
      this.remote = false;
    }
  }

  /** Queues a write for one request (in order per request), retried while the database is away. */
  private write(id: string, op: () => Promise<void>): void {
    this.enqueue(id, () => retrying(op, { until: () => this.closed })).catch((error: Error) =>
      this.warn(`shared store: could not save request ${id}: ${error.message}`),
    );
  }

  private enqueue<T>(id: string, op: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(id) ?? Promise.resolve();
    const next = previous.then(op, op);
    const settled = next.catch(() => {});
    this.chains.set(id, settled);
    void settled.then(() => {
      if (this.chains.get(id) === settled) this.chains.delete(id);
    });
    return next;
  }
}

function displayChanged(a: HitlRequest, b: HitlRequest): boolean {
  return DISPLAY_FIELDS.some((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
}

/** The URL without its secrets, for messages (see redact-url.ts). */
export const redact = redactStoreUrl;
