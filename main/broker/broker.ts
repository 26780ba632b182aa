import { randomUUID } from 'node:crypto';
import { DeadlineScheduler } from './deadline-scheduler';
import {
  AlreadyResolvedError,
  DuplicateRequestError,
  InvalidInputError,
  NotFoundError,
} from './errors';
import {
  HitlRequestSchema,
  NewRequestSchema,
  type AnswerInput,
  type HitlRequest,
  type NewRequest,
  type Resolver,
  type Source,
} from '@contract/request';
import { UnreadableBoard } from './unreadable-board';
import { DeliveryLedger } from './delivery-state';
import { parseOrThrow } from './validation';
import type {
  BrokerListener,
  BrokerOptions,
  DisplayPatch,
  ResolutionGate,
  ResolvedByOperator,
} from './broker-types';
import { BrokerEventBus } from './broker-event-bus';
import { RequestIndex } from './request-index';
import { resolvedRecord } from './resolved-record';
import { ResolutionWaiters } from './resolution-waiters';
import { pendingRecord, type ParsedNewRequest } from './pending-record';
import {
  answeredPatch,
  cancelledPatch,
  expiredPatch,
  type CancelOptions,
  type ResolutionPatch,
} from './resolution-patches';

export type * from './broker-types';

/**
 * The core of HITL Broker: holds every request, enforces the state machine
 * (pending → answered | cancelled | expired, exactly once) and tells every listener.
 */
export class Broker {
  private readonly index: RequestIndex;
  private readonly events: BrokerEventBus;
  private readonly waiters = new ResolutionWaiters();
  private readonly scheduler: DeadlineScheduler;
  private readonly now: () => number;
  private readonly newId: () => string;
  private gate: ResolutionGate | undefined;
  /** What agents sent that could not be read ("could not read" items in the inbox). */
  readonly unreadable: UnreadableBoard;
  /** Answers on their way back to agents: adapters report each delivery try here. */
  readonly deliveries: DeliveryLedger;

  constructor(private readonly options: BrokerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUUID;
    this.index = new RequestIndex(options.resolvedMemory ?? 10_000);
    this.events = new BrokerEventBus(options.firstSeq ?? 0, this.now, options.onListenerError);
    this.scheduler = new DeadlineScheduler((id) => this.onDeadline(id), this.now);
    this.unreadable = new UnreadableBoard(this.now);
    this.deliveries = new DeliveryLedger(this.index, this.unreadable, options);
  }

  /** The sequence number of the last event emitted (firstSeq, default 0, before any). */
  get lastSeq(): number {
    return this.events.lastSeq;
  }

  /**
   * Opens a pending request. Throws DuplicateRequestError if the same source+key is pending.
   * `checked`: the caller built `input` itself from data it has already validated (a question
   * file read at start, 100,000 of them), so it skips the second schema check.
   */
  add(input: NewRequest, checked?: 'checked'): HitlRequest {
    const parsed = checked
      ? (input as ParsedNewRequest)
      : parseOrThrow(NewRequestSchema, input, 'request');
    const existing = this.index.pendingFor(parsed.source, parsed.key);
    if (existing) throw new DuplicateRequestError(existing);
    const request = pendingRecord(parsed, this.newId, this.now);
    if (this.index.knows(request.id)) {
      throw new InvalidInputError(`invalid request: id ${request.id} is already used`);
    }
    this.insertPending(request);
    this.events.emit('added', request);
    return request;
  }

  /**
   * Re-inserts requests loaded from persistence without validation errors stopping the rest.
   * Pending ones past their deadline expire at once. Returns the ones that were accepted.
   */
  restore(requests: unknown[]): HitlRequest[] {
    const accepted: HitlRequest[] = [];
    for (const raw of requests) {
      const parsed = HitlRequestSchema.safeParse(raw);
      if (!parsed.success) continue;
      const request = parsed.data;
      if (this.index.knows(request.id)) continue;
      if (request.status === 'pending') {
        if (this.index.pendingFor(request.source, request.key)) continue;
        this.insertPending(request);
        this.events.emit('added', request);
      } else {
        this.index.remember(request);
        this.deliveries.follow(request);
      }
      accepted.push(request);
    }
    return accepted;
  }

  /** Changes display fields of a pending request (e.g. a JSONL event adds a title). */
  update(id: string, patch: DisplayPatch): HitlRequest {
    const current = this.requirePending(id);
    const next = parseOrThrow(HitlRequestSchema, { ...current, ...patch }, 'request update');
    this.index.setPending(next);
    if (patch.expiresAt !== undefined) this.scheduler.schedule(id, patch.expiresAt);
    this.events.emit('updated', next);
    return next;
  }

  get(id: string): HitlRequest | undefined {
    return this.index.pendingWith(id) ?? this.index.resolvedWith(id);
  }

  /** The pending request with this source and key, if any. */
  findPending(source: Source, key: string): HitlRequest | undefined {
    return this.index.pendingFor(source, key);
  }

  /** The newest request with this key (pending first), optionally restricted to some sources. */
  findByKey(key: string, sources?: readonly Source[]): HitlRequest | undefined {
    return this.index.findByKey(key, sources);
  }

  /** Pending requests, oldest first. */
  pending(): HitlRequest[] {
    return this.index.pending();
  }

  get pendingCount(): number {
    return this.index.pendingCount;
  }

  /** Resolved requests still in memory, oldest first. */
  resolved(): HitlRequest[] {
    return this.index.resolved();
  }

  /** Answers a pending request (first wins); a coding agent's needs `who.authority`. */
  answer(id: string, input: AnswerInput, by: Resolver = 'ui', who: ResolvedByOperator = {}) {
    const request = this.requirePending(id);
    return this.resolve(request, answeredPatch(request, input, by, who));
  }

  /**
   * Answers like `answer`, but with a shared store (team mode) the store's transaction decides
   * the winner first: the loser gets AlreadyResolvedError naming who answered, where.
   */
  async answerShared(
    id: string,
    input: AnswerInput,
    by: Resolver = 'ui',
    who: ResolvedByOperator = {},
  ): Promise<HitlRequest> {
    const request = this.requirePending(id);
    return this.settle(request, answeredPatch(request, input, by, who));
  }

  /** Cancels like `cancel`, decided by the shared store first when there is one. */
  async cancelShared(id: string, options: CancelOptions = {}): Promise<HitlRequest> {
    const request = this.requirePending(id);
    return this.settle(request, cancelledPatch(options, request));
  }

  /** Expires like `expire`, decided by the shared store first when there is one. */
  async expireShared(id: string, by: Resolver = 'timeout'): Promise<HitlRequest> {
    return this.settle(this.requirePending(id), expiredPatch(by));
  }

  /** Makes `answerShared` / `cancelShared` ask `gate` first (team mode); undefined: local only. */
  useGate(gate: ResolutionGate | undefined): void {
    this.gate = gate;
  }

  /**
   * Applies a resolution decided elsewhere (another instance, through the shared store): a
   * pending request here resolves with exactly that record, waking its waiters. Returns false
   * when it was not pending here.
   */
  applyResolved(record: HitlRequest): boolean {
    const pending = this.index.pendingWith(record.id);
    if (!pending || record.status === 'pending') {
      if (!pending && !this.index.knows(record.id) && record.status !== 'pending')
        this.index.remember(record);
      return false;
    }
    this.resolve(pending, { ...record, status: record.status }, record.resolvedAt);
    return true;
  }

  /**
   * A request decided without asking (a rule): only its `answered` event (by `auto`) is seen. Its
   * delivery is not tracked: the decision is the reply of the very exchange that asked.
   */
  recordDecided(input: NewRequest, answer: AnswerInput): HitlRequest {
    const parsed = parseOrThrow(NewRequestSchema, input, 'request');
    const pending = pendingRecord(parsed, this.newId, this.now);
    const patch = answeredPatch(pending, answer, 'auto', { via: 'rule' });
    const decided: HitlRequest = { ...pending, ...patch, resolvedAt: pending.createdAt };
    this.index.remember(decided);
    this.events.emit('answered', decided);
    return decided;
  }

  /** Cancels a pending request (the operator or the agent withdrew it). */
  cancel(id: string, options: Omit<CancelOptions, 'operator'> = {}): HitlRequest {
    return this.resolve(this.requirePending(id), cancelledPatch(options));
  }

  /** Marks a pending request expired (deadline passed, or the agent gave up). */
  expire(id: string, by: Resolver = 'timeout'): HitlRequest {
    return this.resolve(this.requirePending(id), expiredPatch(by));
  }

  /** Resolves when the request leaves pending (immediately if it already has). */
  waitForResolution(id: string, signal?: AbortSignal): Promise<HitlRequest> {
    const known = this.get(id);
    if (!known) return Promise.reject(new NotFoundError(`with id ${id}`));
    if (known.status !== 'pending') return Promise.resolve(known);
    return this.waiters.wait(id, signal);
  }

  /** Listens to every event; returns the unsubscribe function. */
  subscribe(listener: BrokerListener): () => void {
    return this.events.subscribe(listener);
  }

  /** Stops the deadline timer. Pending requests stay (for persistence). */
  close(): void {
    this.scheduler.clear();
  }

  private requirePending(id: string): HitlRequest {
    const pending = this.index.pendingWith(id);
    if (pending) return pending;
    const resolved = this.index.resolvedWith(id);
    if (resolved) throw new AlreadyResolvedError(resolved);
    throw new NotFoundError(`with id ${id}`);
  }

  private insertPending(request: HitlRequest): void {
    this.index.setPending(request);
    if (request.expiresAt !== undefined) this.scheduler.schedule(request.id, request.expiresAt);
  }

  private async settle(request: HitlRequest, patch: ResolutionPatch): Promise<HitlRequest> {
    if (!this.gate) return this.resolve(request, patch);
    const proposed = resolvedRecord(request, patch, this.now(), this.options.instanceName);
    const { won, winner } = await this.gate.claim(proposed);
    const local = this.index.pendingWith(request.id);
    const status = winner.status as ResolutionPatch['status'];
    if (local) this.resolve(local, { ...winner, status }, winner.resolvedAt);
    const settled = this.index.resolvedWith(request.id) ?? winner;
    if (!won) throw new AlreadyResolvedError(settled);
    return settled;
  }

  private resolve(request: HitlRequest, patch: ResolutionPatch, at?: number): HitlRequest {
    const when = at ?? this.now();
    const record = resolvedRecord(request, patch, when, this.options.instanceName);
    const resolved = this.deliveries.stamp(record, when);
    this.index.removePending(request);
    this.scheduler.cancel(request.id);
    this.index.remember(resolved);
    this.events.emit(patch.status, resolved);
    this.waiters.wake(resolved);
    return resolved;
  }

  private onDeadline(id: string): void {
    const request = this.index.pendingWith(id);
    if (!request) return;
    if (!this.gate) return void this.expire(id, 'timeout');
    // Team mode: the store decides once; an answer given elsewhere just before the deadline wins.
    this.settle(request, expiredPatch('timeout')).catch((error: unknown) => {
      if (error instanceof AlreadyResolvedError) return;
      this.options.onListenerError?.(error);
      // The store is unreachable: an agent must not wait past its deadline for it.
      if (this.index.pendingWith(id)) this.expire(id, 'timeout');
    });
  }
}
