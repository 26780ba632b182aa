import type { Broker, BrokerEvent } from '../broker';
import { HitlRequestSchema, type HitlRequest, type Source } from '../request';
import { openConfFile } from './conf-file';

export interface RequestStoreOptions {
  /** Directory holding `history.json` and `pending.json`. */
  stateDir: string;
  /** Most resolved requests kept (oldest pruned first). Default 5,000. */
  historyLimit?: number;
  /** Sources whose pending requests are persisted (default: clarity-http; file requests live on disk). */
  pendingSources?: readonly Source[];
  /** Writes are batched: at most one write per file per this many ms. Default 100. */
  flushDelayMs?: number;
  /** Told when a store file was unreadable and has been moved aside. */
  onSetAside?: (file: string, movedTo: string) => void;
  /** Told when a write failed (the store keeps the data in memory and retries on the next change). */
  onError?: (error: unknown) => void;
}

export const DEFAULT_HISTORY_LIMIT = 5000;

type FileName = 'history' | 'pending';

/**
 * Keeps pending HTTP-born requests and the resolved history on disk with conf, following the
 * broker's events. Changes are batched: one full write per file per flush, not per event.
 */
export class RequestStore {
  private readonly history = new Map<string, HitlRequest>();
  private readonly pending = new Map<string, HitlRequest>();
  private readonly files;
  private readonly historyLimit: number;
  private readonly pendingSources: ReadonlySet<Source>;
  private readonly dirty = new Set<FileName>();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private writes = 0;

  constructor(private readonly options: RequestStoreOptions) {
    this.historyLimit = options.historyLimit ?? DEFAULT_HISTORY_LIMIT;
    this.pendingSources = new Set(options.pendingSources ?? ['clarity-http']);
    this.files = { history: this.open('history'), pending: this.open('pending') };
    for (const request of readRequests(this.files.history.get('requests'))) this.history.set(request.id, request);
    for (const request of readRequests(this.files.pending.get('requests'))) {
      if (request.status === 'pending' && this.pendingSources.has(request.source)) this.pending.set(request.id, request);
    }
    this.prune();
  }

  /** Restores history then pending requests into the broker and starts following its events. */
  attach(broker: Broker): { history: number; pending: number } {
    const history = broker.restore([...this.history.values()]).length;
    this.unsubscribe = broker.subscribe((event) => this.onEvent(event));
    const pending = broker.restore([...this.pending.values()]).length;
    return { history, pending };
  }

  /** Resolved requests, oldest first. */
  historyList(): HitlRequest[] {
    return [...this.history.values()];
  }

  pendingList(): HitlRequest[] {
    return [...this.pending.values()];
  }

  /** How many file writes happened so far (batching keeps this far below the event count). */
  get writeCount(): number {
    return this.writes;
  }

  /** Writes whatever changed now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const name of [...this.dirty]) {
      const requests = name === 'history' ? this.historyList() : this.pendingList();
      try {
        this.files[name].store = { requests };
        this.writes += 1;
        this.dirty.delete(name);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
  }

  /** Stops following the broker and flushes. */
  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.flush();
  }

  private onEvent(event: BrokerEvent): void {
    const request = event.request;
    if (event.type === 'added' || event.type === 'updated') {
      if (!this.pendingSources.has(request.source)) return;
      this.pending.set(request.id, request);
      return this.markDirty('pending');
    }
    if (this.pending.delete(request.id)) this.markDirty('pending');
    this.history.delete(request.id);
    this.history.set(request.id, withoutMeta(request));
    this.prune();
    this.markDirty('history');
  }

  private prune(): void {
    const excess = this.history.size - this.historyLimit;
    if (excess <= 0) return;
    const ids = this.history.keys();
    for (let i = 0; i < excess; i += 1) this.history.delete(ids.next().value!);
  }

  private markDirty(name: FileName): void {
    this.dirty.add(name);
    if (!this.timer) this.timer = setTimeout(() => this.flush(), this.options.flushDelayMs ?? 100);
  }

  private open(name: FileName) {
    const { conf, setAside } = openConfFile(this.options.stateDir, name);
    if (setAside) this.options.onSetAside?.(conf.path, setAside);
    return conf;
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

/** History keeps what the operator saw and answered; adapter-private data stays out of it. */
function withoutMeta(request: HitlRequest): HitlRequest {
  if (request.meta === undefined) return request;
  const { meta: _meta, ...rest } = request;
  return rest;
}
