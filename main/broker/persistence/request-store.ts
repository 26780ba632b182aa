import type { Broker, BrokerEvent } from '../broker';
import { HitlRequestSchema, type HitlRequest, type Source } from '@contract/request';
import { openRequestsFile, writeRequestsFile } from './requests-file';
import { forHistory, isDurable, POLLING_SOURCES } from './durability';
import { RequestJournal, type JournalEntry } from './request-journal';
import { SaveGate } from './save-gate';

export interface RequestStoreOptions {
  /** Directory holding `history.json`, `pending.json` and `journal.jsonl`. */
  stateDir: string;
  /** Most resolved requests kept (oldest pruned first). Default 5,000. */
  historyLimit?: number;
  /**
   * Sources whose pending requests are all persisted (default: clarity-http, whose agents poll).
   * Other pending requests are persisted when their adapter set `meta.durable` (see durability.ts).
   */
  pendingSources?: readonly Source[];
  /** Snapshot writes are batched: at most one write per file per this many ms. Default FLUSH_DELAY_MS. */
  flushDelayMs?: number;
  /** Told when a store file was unreadable and has been moved aside. */
  onSetAside?: (file: string, movedTo: string) => void;
  /** Told when a write failed (the store keeps the data in memory and retries on the next change). */
  onError?: (error: unknown) => void;
}

export const DEFAULT_HISTORY_LIMIT = 5000;

/**
 * How long changes gather before the snapshots are rewritten. Each change is durable at once in
 * the journal; a snapshot rewrite serialises and fsyncs the whole history (up to
 * DEFAULT_HISTORY_LIMIT records) on the broker's thread, which at 10 rewrites a second during a
 * burst of HTTP-mode questions cost every round trip ~0.2 ms (docs/benchmarks.md).
 */
export const FLUSH_DELAY_MS = 1000;

type FileName = 'history' | 'pending';

/**
 * Keeps durable pending requests (see durability.ts) and the resolved history on disk, following
 * the broker's events. Each change to a durable request, and every resolution, is appended to
 * `journal.jsonl` at once (synchronously, before the route that caused it replies); the full
 * snapshots (`pending.json`, `history.json`, written atomically) are batched, one write per file
 * per flush, and the journal is emptied once they are on disk. On start: snapshots, then the journal replayed, then compacted.
 */
export class RequestStore {
  private readonly history = new Map<string, HitlRequest>();
  private readonly pending = new Map<string, HitlRequest>();
  private readonly files;
  private readonly journal: RequestJournal;
  private historyLimit: number;
  private readonly pollingSources: readonly Source[];
  private readonly dirty = new Set<FileName>();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private restoring = false;
  private writes = 0;
  /** Durable requests added whose journal line could not be written, with the error. */
  private readonly unsaved = new Map<string, unknown>();
  /**
   * The solo broker's resolution gate: an operator's answer to a durable request is journaled
   * before it is made, and refused when it cannot be (save-gate.ts). Not used in team mode.
   */
  readonly gate: SaveGate;

  constructor(private readonly options: RequestStoreOptions) {
    this.historyLimit = options.historyLimit ?? DEFAULT_HISTORY_LIMIT;
    this.pollingSources = options.pendingSources ?? POLLING_SOURCES;
    const history = this.open('history');
    const pending = this.open('pending');
    this.files = { history: history.path, pending: pending.path };
    for (const request of readRequests(history.requests)) this.history.set(request.id, request);
    for (const request of readRequests(pending.requests)) {
      if (request.status === 'pending' && this.durable(request))
        this.pending.set(request.id, request);
    }
    this.journal = new RequestJournal(options.stateDir);
    this.gate = new SaveGate({
      save: (record) => this.journal.append({ op: 'resolved', request: forHistory(record) }),
      durable: (record) => this.durable(record),
      stateDir: options.stateDir,
      onError: options.onError,
    });
    const { entries, skipped } = this.journal.read();
    for (const entry of entries) this.apply(entry);
    this.prune();
    if (entries.length + skipped > 0) {
      this.dirty.add('history').add('pending');
      this.flush();
    }
  }

  /** Changes how many resolved requests are kept; a smaller limit prunes the oldest at once. */
  setHistoryLimit(limit: number): void {
    if (!Number.isInteger(limit) || limit < 0)
      throw new RangeError(`history limit must be a whole number ≥ 0, got ${limit}`);
    this.historyLimit = limit;
    const before = this.history.size;
    this.prune();
    if (this.history.size !== before) this.markDirty('history');
  }

  /** Restores history then pending requests into the broker and starts following its events. */
  attach(broker: Broker): { history: number; pending: number } {
    const history = broker.restore([...this.history.values()]).length;
    const offEvents = broker.subscribe((event) => this.onEvent(event));
    const offDeliveries = broker.deliveries.subscribe((request) => this.onDelivery(request));
    this.unsubscribe = () => (offEvents(), offDeliveries());
    this.restoring = true;
    try {
      const pending = broker.restore([...this.pending.values()]).length;
      return { history, pending };
    } finally {
      this.restoring = false;
    }
  }

  /** Resolved requests, oldest first. */
  historyList(): HitlRequest[] {
    return [...this.history.values()];
  }

  pendingList(): HitlRequest[] {
    return [...this.pending.values()];
  }

  /** How many snapshot file writes happened so far (batching keeps this far below the event count). */
  get writeCount(): number {
    return this.writes;
  }

  /** How many journal lines this store appended (one per change to a durable request). */
  get journalAppends(): number {
    return this.journal.appends;
  }

  /**
   * Why the durable request `id` just added is not on disk (its journal line failed), if it is
   * not: the route that added it refuses it rather than acknowledge a question a restart loses.
   */
  saveProblem(id: string): { error: unknown; stateDir: string } | undefined {
    if (!this.unsaved.has(id)) return undefined;
    return { error: this.unsaved.get(id), stateDir: this.options.stateDir };
  }

  /** Writes whatever changed now; empties the journal once every snapshot is on disk. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const name of [...this.dirty]) {
      const requests = name === 'history' ? this.historyList() : this.pendingList();
      try {
        writeRequestsFile(this.files[name], requests);
        this.writes += 1;
        this.dirty.delete(name);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
    if (this.dirty.size > 0) return;
    try {
      this.journal.truncate();
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /** Stops following the broker, flushes and closes the journal. */
  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.flush();
    this.journal.close();
  }

  private onEvent(event: BrokerEvent): void {
    const request = event.request;
    if (event.type === 'added' || event.type === 'updated') {
      // Requests being restored are already in the store; re-journaling them would be pure cost.
      if (this.restoring || !this.durable(request)) return;
      const error = this.record({ op: 'pending', request });
      if (error !== undefined) this.unsaved.set(request.id, error);
      this.apply({ op: 'pending', request });
      return this.markDirty('pending');
    }
    this.gate.settled(request.id);
    this.unsaved.delete(request.id);
    const kept = forHistory(request);
    // Every resolution goes to the journal, also of a request that was never persisted pending
    // (a file or MCP question): its history entry must not wait for the next snapshot either.
    this.record({ op: 'resolved', request: kept });
    if (this.pending.has(request.id)) this.markDirty('pending');
    this.apply({ op: 'resolved', request: kept });
    this.prune();
    this.markDirty('history');
  }

  /**
   * An answer's delivery changed: journaled at once like a resolution, so an answer not yet
   * delivered when the process dies is retried at the next start, and one delivered is not.
   */
  private onDelivery(request: HitlRequest): void {
    const kept = forHistory(request);
    this.record({ op: 'resolved', request: kept });
    this.apply({ op: 'resolved', request: kept });
    this.markDirty('history');
  }

  /** One change applied to the in-memory state (the last state per id wins, as in a replay). */
  private apply({ op, request }: JournalEntry): void {
    if (op === 'pending') {
      if (request.status === 'pending' && this.durable(request))
        this.pending.set(request.id, request);
      return;
    }
    this.pending.delete(request.id);
    this.history.delete(request.id);
    this.history.set(request.id, forHistory(request));
  }

  /**
   * Appends to the journal; a failed write is reported (and returned) and the batched snapshot
   * still follows.
   */
  private record(entry: JournalEntry): unknown {
    try {
      this.journal.append(entry);
      return undefined;
    } catch (error) {
      this.options.onError?.(error);
      return error;
    }
  }

  private durable(request: HitlRequest): boolean {
    return isDurable(request, this.pollingSources);
  }

  private prune(): void {
    const excess = this.history.size - this.historyLimit;
    if (excess <= 0) return;
    const ids = this.history.keys();
    for (let i = 0; i < excess; i += 1) this.history.delete(ids.next().value!);
  }

  private markDirty(name: FileName): void {
    this.dirty.add(name);
    if (!this.timer)
      this.timer = setTimeout(() => this.flush(), this.options.flushDelayMs ?? FLUSH_DELAY_MS);
  }

  private open(name: FileName) {
    const opened = openRequestsFile(this.options.stateDir, name);
    if (opened.setAside) this.options.onSetAside?.(opened.path, opened.setAside);
    return opened;
  }
}

/** Valid request records from a stored array; broken entries are skipped, not fatal. */
function readRequests(raw: unknown): HitlRequest[] {
  if (!Array.isArray(raw)) return [];
  const out: HitlRequest[] = [];
  for (const item of raw) {
    const parsed = HitlRequestSchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}
