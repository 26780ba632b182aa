import type { HitlRequest, Source } from '@contract/request';
import { IdsByKey } from './ids-by-key';

/**
 * The broker's requests by id and by source + key: every pending one, and the last
 * `resolvedMemory` resolved ones (oldest forgotten first), so status look-ups by key still work.
 */
export class RequestIndex {
  private readonly pendingById = new Map<string, HitlRequest>();
  /** Source → key → id: no `source + key` string is built per look-up or kept per request. */
  private readonly pendingByKey = new Map<Source, Map<string, string>>();
  private readonly resolvedById = new Map<string, HitlRequest>();
  /** By key alone, in the order of the maps above: a look-up by key never walks them all. */
  private readonly pendingIdsByKey = new IdsByKey();
  private readonly resolvedIdsByKey = new IdsByKey();

  constructor(private readonly resolvedMemory: number) {}

  /** The pending request with this id. */
  pendingWith(id: string): HitlRequest | undefined {
    return this.pendingById.get(id);
  }

  /** The resolved request with this id, while it is remembered. */
  resolvedWith(id: string): HitlRequest | undefined {
    return this.resolvedById.get(id);
  }

  /** Whether this id is pending or remembered as resolved. */
  knows(id: string): boolean {
    return this.pendingById.has(id) || this.resolvedById.has(id);
  }

  /** The pending request with this source and key, if any. */
  pendingFor(source: Source, key: string): HitlRequest | undefined {
    const id = this.pendingByKey.get(source)?.get(key);
    return id ? this.pendingById.get(id) : undefined;
  }

  /** The newest request with this key (pending first), optionally restricted to some sources. */
  findByKey(key: string, sources?: readonly Source[]): HitlRequest | undefined {
    const matches = (r: HitlRequest | undefined): r is HitlRequest =>
      r !== undefined && r.key === key && (!sources || sources.includes(r.source));
    for (const id of this.pendingIdsByKey.of(key)) {
      const request = this.pendingById.get(id);
      if (matches(request)) return request;
    }
    let found: HitlRequest | undefined;
    for (const id of this.resolvedIdsByKey.of(key)) {
      const request = this.resolvedById.get(id);
      if (matches(request)) found = request;
    }
    return found;
  }

  /** Pending requests, oldest first. */
  pending(): HitlRequest[] {
    return [...this.pendingById.values()];
  }

  get pendingCount(): number {
    return this.pendingById.size;
  }

  /** Resolved requests still remembered, oldest first. */
  resolved(): HitlRequest[] {
    return [...this.resolvedById.values()];
  }

  /** Adds a pending request, or replaces it (same id, same source and key). */
  setPending(request: HitlRequest): void {
    const previous = this.pendingById.get(request.id);
    if (previous && previous.key !== request.key)
      this.pendingIdsByKey.delete(previous.key, previous.id);
    this.pendingById.set(request.id, request);
    this.pendingIdsByKey.add(request.key, request.id);
    let bySource = this.pendingByKey.get(request.source);
    if (!bySource) this.pendingByKey.set(request.source, (bySource = new Map()));
    bySource.set(request.key, request.id);
  }

  /** Removes a request from the pending ones (it is being resolved). */
  removePending(request: HitlRequest): void {
    const current = this.pendingById.get(request.id);
    if (current) this.pendingIdsByKey.delete(current.key, current.id);
    this.pendingById.delete(request.id);
    this.pendingByKey.get(request.source)?.delete(request.key);
  }

  /** Remembers a resolved request, forgetting the oldest beyond `resolvedMemory`. */
  remember(request: HitlRequest): void {
    const previous = this.resolvedById.get(request.id);
    if (previous && previous.key !== request.key)
      this.resolvedIdsByKey.delete(previous.key, previous.id);
    this.resolvedById.set(request.id, request);
    this.resolvedIdsByKey.add(request.key, request.id);
    if (this.resolvedById.size > this.resolvedMemory) {
      const oldest = this.resolvedById.values().next().value;
      if (oldest !== undefined) {
        this.resolvedById.delete(oldest.id);
        this.resolvedIdsByKey.delete(oldest.key, oldest.id);
      }
    }
  }
}
