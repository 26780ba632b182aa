import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { normaliseAnswer } from './answer-normalise';
import { DeadlineScheduler } from './deadline-scheduler';
import {
  AlreadyResolvedError,
  DuplicateRequestError,
  InvalidInputError,
  NotFoundError,
} from './errors';
import {
  AnswerInputSchema,
  HitlRequestSchema,
  NewRequestSchema,
  type AnswerInput,
  type HitlRequest,
  type NewRequest,
  type Resolver,
  type Source,
} from '@contract/request';
import { UnreadableBoard } from './unreadable-board';
import { parseOrThrow } from './validation';

export type BrokerEventType = 'added' | 'updated' | 'answered' | 'cancelled' | 'expired';

type ParsedNewRequest = z.output<typeof NewRequestSchema>;
/** One change to one request. `seq` increases by one per event, broker-wide. */
export interface BrokerEvent {
  seq: number;
  type: BrokerEventType;
  at: number;
  request: HitlRequest;
}

export type BrokerListener = (event: BrokerEvent) => void;

export interface BrokerOptions {
  now?: () => number;
  newId?: () => string;
  /** How many resolved requests stay queryable in memory (status look-ups by key). */
  resolvedMemory?: number;
  /** Called when a listener throws; the broker itself keeps going. */
  onListenerError?: (error: unknown) => void;
  /**
   * Where event numbering starts (the first event is firstSeq + 1; default 0). A long-running
   * broker passes a per-run base (its start time), so a `Last-Event-ID` or seq a client kept
   * from an earlier run never matches this run's events: it gets a fresh snapshot instead.
   */
  firstSeq?: number;
  /** This instance's name (team mode: the host), recorded on what it resolves. */
  instanceName?: string;
}

/** Who a person resolving a request is (team mode: the operator named by the token used). */
export interface ResolvedByOperator {
  operator?: string;
}

/**
 * Decides, in a store shared by several broker instances, whether a proposed resolution wins.
 * `claim` resolves with the winner: the proposed record (it won) or the one already stored.
 */
export interface ResolutionGate {
  claim(proposed: HitlRequest): Promise<{ won: boolean; winner: HitlRequest }>;
}

type Patch = Partial<
  Pick<HitlRequest, 'title' | 'prompt' | 'input' | 'context' | 'agent' | 'meta' | 'expiresAt'>
>;

/**
 * The core of HITL Broker: holds every request, enforces the state machine
 * (pending → answered | cancelled | expired, exactly once) and tells every listener.
 */
export class Broker {
  private readonly pendingById = new Map<string, HitlRequest>();
  private readonly pendingByKey = new Map<string, string>();
  private readonly resolvedById = new Map<string, HitlRequest>();
  private readonly listeners = new Set<BrokerListener>();
  private readonly waiters = new Map<string, Set<(r: HitlRequest) => void>>();
  private readonly scheduler: DeadlineScheduler;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly resolvedMemory: number;
  private seq = 0;
  private gate: ResolutionGate | undefined;
  /** What agents sent that could not be read ("could not read" items in the inbox). */
  readonly unreadable: UnreadableBoard;

  constructor(private readonly options: BrokerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUUID;
    this.resolvedMemory = options.resolvedMemory ?? 10_000;
    this.seq = options.firstSeq ?? 0;
    this.scheduler = new DeadlineScheduler((id) => this.onDeadline(id), this.now);
    this.unreadable = new UnreadableBoard(this.now);
  }

  /** The sequence number of the last event emitted (firstSeq, default 0, before any). */
  get lastSeq(): number {
    return this.seq;
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
    const existingId = this.pendingByKey.get(keyOf(parsed.source, parsed.key));
    if (existingId) throw new DuplicateRequestError(this.pendingById.get(existingId)!);
    const request = this.pendingFrom(parsed);
    if (this.pendingById.has(request.id) || this.resolvedById.has(request.id)) {
      throw new InvalidInputError(`invalid request: id ${request.id} is already used`);
    }
    this.insertPending(request);
    this.emit('added', request);
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
      if (this.pendingById.has(request.id) || this.resolvedById.has(request.id)) continue;
      if (request.status === 'pending') {
        if (this.pendingByKey.has(keyOf(request.source, request.key))) continue;
        this.insertPending(request);
        this.emit('added', request);
      } else {
        this.rememberResolved(request);
      }
      accepted.push(request);
    }
    return accepted;
  }

  /** Changes display fields of a pending request (e.g. a JSONL event adds a title). */
  update(id: string, patch: Patch): HitlRequest {
    const current = this.requirePending(id);
    const next = parseOrThrow(HitlRequestSchema, { ...current, ...patch }, 'request update');
    this.pendingById.set(id, next);
    if (patch.expiresAt !== undefined) this.scheduler.schedule(id, patch.expiresAt);
    this.emit('updated', next);
    return next;
  }

  get(id: string): HitlRequest | undefined {
    return this.pendingById.get(id) ?? this.resolvedById.get(id);
  }

  /** The pending request with this source and key, if any. */
  findPending(source: Source, key: string): HitlRequest | undefined {
    const id = this.pendingByKey.get(keyOf(source, key));
    return id ? this.pendingById.get(id) : undefined;
  }

  /** The newest request with this key (pending first), optionally restricted to some sources. */
  findByKey(key: string, sources?: readonly Source[]): HitlRequest | undefined {
    for (const request of this.pendingById.values()) {
      if (request.key === key && (!sources || sources.includes(request.source))) return request;
    }
    let found: HitlRequest | undefined;
    for (const request of this.resolvedById.values()) {
      if (request.key === key && (!sources || sources.includes(request.source))) found = request;
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

  /** Resolved requests still in memory, oldest first. */
  resolved(): HitlRequest[] {
    return [...this.resolvedById.values()];
  }

  /** Answers a pending request. The first resolution wins; later calls throw AlreadyResolvedError. */
  answer(id: string, input: AnswerInput, by: Resolver = 'ui'): HitlRequest {
    const request = this.requirePending(id);
    const parsed = parseOrThrow(AnswerInputSchema, input, 'answer');
    const answer = normaliseAnswer(request, parsed);
    return this.resolve(request, { status: 'answered', answer, resolvedBy: by }, 'answered');
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
    const answer = normaliseAnswer(request, parseOrThrow(AnswerInputSchema, input, 'answer'));
    const patch = { status: 'answered' as const, answer, resolvedBy: by, ...operatorOf(who) };
    return this.settle(request, patch, 'answered');
  }

  /** Cancels like `cancel`, decided by the shared store first when there is one. */
  async cancelShared(
    id: string,
    options: { reason?: string; by?: Resolver } & ResolvedByOperator = {},
  ): Promise<HitlRequest> {
    const request = this.requirePending(id);
    const patch = {
      status: 'cancelled' as const,
      resolvedBy: options.by ?? 'ui',
      cancelReason: options.reason,
      ...operatorOf(options),
    };
    return this.settle(request, patch, 'cancelled');
  }

  /** Expires like `expire`, decided by the shared store first when there is one. */
  async expireShared(id: string, by: Resolver = 'timeout'): Promise<HitlRequest> {
    const request = this.requirePending(id);
    return this.settle(request, { status: 'expired', resolvedBy: by }, 'expired');
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
    const pending = this.pendingById.get(record.id);
    if (!pending || record.status === 'pending') {
      if (!pending && !this.resolvedById.has(record.id) && record.status !== 'pending')
        this.rememberResolved(record);
      return false;
    }
    const type: BrokerEventType = record.status;
    this.resolve(pending, { ...record }, type, record.resolvedAt);
    return true;
  }

  /** A request decided without asking (a rule): only its `answered` event (by `auto`) is seen. */
  recordDecided(input: NewRequest, answer: AnswerInput): HitlRequest {
    const pending = this.pendingFrom(parseOrThrow(NewRequestSchema, input, 'request'));
    const parsedAnswer = parseOrThrow(AnswerInputSchema, answer, 'answer');
    const decided: HitlRequest = { ...pending, status: 'answered', resolvedBy: 'auto' };
    decided.answer = normaliseAnswer(pending, parsedAnswer);
    decided.resolvedAt = pending.createdAt;
    this.rememberResolved(decided);
    this.emit('answered', decided);
    return decided;
  }

  /** Cancels a pending request (the operator or the agent withdrew it). */
  cancel(id: string, options: { reason?: string; by?: Resolver } = {}): HitlRequest {
    const request = this.requirePending(id);
    return this.resolve(
      request,
      { status: 'cancelled', resolvedBy: options.by ?? 'ui', cancelReason: options.reason },
      'cancelled',
    );
  }

  /** Marks a pending request expired (deadline passed, or the agent gave up). */
  expire(id: string, by: Resolver = 'timeout'): HitlRequest {
    const request = this.requirePending(id);
    return this.resolve(request, { status: 'expired', resolvedBy: by }, 'expired');
  }

  /** Resolves when the request leaves pending (immediately if it already has). */
  waitForResolution(id: string, signal?: AbortSignal): Promise<HitlRequest> {
    const known = this.get(id);
    if (!known) return Promise.reject(new NotFoundError(`with id ${id}`));
    if (known.status !== 'pending') return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const set = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, set);
      const done = (r: HitlRequest) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(r);
      };
      const onAbort = () => {
        set.delete(done);
        reject(signal?.reason ?? new Error('aborted'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      set.add(done);
    });
  }

  /** Listens to every event; returns the unsubscribe function. */
  subscribe(listener: BrokerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the deadline timer. Pending requests stay as they are (for persistence). */
  close(): void {
    this.scheduler.clear();
  }

  private pendingFrom(parsed: ParsedNewRequest): HitlRequest {
    const { id = this.newId(), createdAt = this.now(), input = { kind: 'text' } } = parsed;
    return { ...parsed, id, createdAt, input, status: 'pending' };
  }

  private requirePending(id: string): HitlRequest {
    const pending = this.pendingById.get(id);
    if (pending) return pending;
    const resolved = this.resolvedById.get(id);
    if (resolved) throw new AlreadyResolvedError(resolved);
    throw new NotFoundError(`with id ${id}`);
  }

  private insertPending(request: HitlRequest): void {
    this.pendingById.set(request.id, request);
    this.pendingByKey.set(keyOf(request.source, request.key), request.id);
    if (request.expiresAt !== undefined) this.scheduler.schedule(request.id, request.expiresAt);
  }

  private async settle(
    request: HitlRequest,
    patch: Partial<HitlRequest>,
    type: BrokerEventType,
  ): Promise<HitlRequest> {
    if (!this.gate) return this.resolve(request, patch, type);
    const proposed = this.resolvedRecord(request, patch);
    const { won, winner } = await this.gate.claim(proposed);
    const local = this.pendingById.get(request.id);
    if (local)
      this.resolve(local, { ...winner }, winner.status as BrokerEventType, winner.resolvedAt);
    if (!won) throw new AlreadyResolvedError(this.resolvedById.get(request.id) ?? winner);
    return this.resolvedById.get(request.id) ?? winner;
  }

  private resolvedRecord(
    request: HitlRequest,
    patch: Partial<HitlRequest>,
    at?: number,
  ): HitlRequest {
    const resolved: HitlRequest = { ...request, ...patch, resolvedAt: at ?? this.now() };
    if (resolved.cancelReason === undefined) delete resolved.cancelReason;
    if (resolved.operator === undefined) delete resolved.operator;
    if (resolved.resolvedOn === undefined) {
      if (this.options.instanceName) resolved.resolvedOn = this.options.instanceName;
      else delete resolved.resolvedOn;
    }
    return resolved;
  }

  private resolve(
    request: HitlRequest,
    patch: Partial<HitlRequest>,
    type: BrokerEventType,
    at?: number,
  ): HitlRequest {
    const resolved = this.resolvedRecord(request, patch, at);
    this.pendingById.delete(request.id);
    this.pendingByKey.delete(keyOf(request.source, request.key));
    this.scheduler.cancel(request.id);
    this.rememberResolved(resolved);
    const waiters = this.waiters.get(request.id);
    this.waiters.delete(request.id);
    this.emit(type, resolved);
    for (const wake of waiters ?? []) wake(resolved);
    return resolved;
  }

  private rememberResolved(request: HitlRequest): void {
    this.resolvedById.set(request.id, request);
    if (this.resolvedById.size > this.resolvedMemory) {
      const oldest = this.resolvedById.keys().next().value;
      if (oldest !== undefined) this.resolvedById.delete(oldest);
    }
  }

  private onDeadline(id: string): void {
    const request = this.pendingById.get(id);
    if (!request) return;
    if (!this.gate) {
      this.expire(id, 'timeout');
      return;
    }
    // Team mode: every instance's clock fires; the store decides once, so an answer given
    // elsewhere just before the deadline wins everywhere, and all agree on one expiry record.
    this.settle(request, { status: 'expired', resolvedBy: 'timeout' }, 'expired').catch(
      (error: unknown) => {
        if (error instanceof AlreadyResolvedError) return;
        this.options.onListenerError?.(error);
        // The store is unreachable: an agent must not wait past its deadline for it.
        if (this.pendingById.has(id)) this.expire(id, 'timeout');
      },
    );
  }

  private emit(type: BrokerEventType, request: HitlRequest): void {
    const event: BrokerEvent = { seq: ++this.seq, type, at: this.now(), request };
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.options.onListenerError?.(error);
      }
    }
  }
}

function keyOf(source: Source, key: string): string {
  return `${source}\u0000${key}`;
}

function operatorOf(who: ResolvedByOperator): Pick<HitlRequest, 'operator'> {
  return who.operator ? { operator: who.operator } : {};
}
