import type { HitlRequest, Source } from '@contract/request';
import {
  DeliveryOutcomeSchema,
  isUndelivered,
  type Delivery,
  type DeliveryOutcome,
} from '@contract/delivery';
import { NotFoundError } from './errors';
import { parseOrThrow } from './validation';
import type { RequestIndex } from './request-index';
import type { BrokerOptions } from './broker-types';
import { showDelivery } from './undelivered-items';
import type { UnreadableBoard } from './unreadable-board';

/** Told every change of a delivery state (the record as it is now). */
export type DeliveryListener = (request: HitlRequest) => void;

/**
 * The delivery state of answered requests (contract/delivery.ts). Adapters that confirm delivery
 * declare their source with `expect`; an answer to such a request starts `awaiting`, and the
 * adapter reports each try with `report`. Each change is one `delivery` event (persisted and
 * audited like any other), and `delivered` / `undeliverable` are final: reported again, they
 * change nothing, so the agent's answer is delivered (and logged) exactly once.
 */
export class DeliveryLedger {
  private readonly expected = new Set<Source>();
  private readonly listeners = new Set<DeliveryListener>();
  /** Ids whose answer is awaiting or retrying (kept so a count never walks the history). */
  private readonly open = new Set<string>();

  constructor(
    private readonly index: Pick<RequestIndex, 'resolvedWith' | 'remember'>,
    private readonly board: UnreadableBoard,
    private readonly options: Pick<BrokerOptions, 'now' | 'onListenerError'> = {},
  ) {}

  /** Answers to requests of `source` are tracked from now on (call before answers can arrive). */
  expect(source: Source): void {
    this.expected.add(source);
  }

  /** Whether `source`'s adapter reports deliveries. */
  expects(source: Source): boolean {
    return this.expected.has(source);
  }

  /** `record` with its delivery starting (`awaiting`) when it is an answer this ledger tracks. */
  stamp(record: HitlRequest, at: number): HitlRequest {
    if (record.status !== 'answered' || !this.expected.has(record.source)) return record;
    const stamped: HitlRequest = record.delivery
      ? record
      : { ...record, delivery: { state: 'awaiting', at } };
    this.follow(stamped);
    return stamped;
  }

  /** Notes a record restored from persistence (its delivery may still be open). */
  follow(record: HitlRequest): void {
    if (isUndelivered(record.delivery)) this.open.add(record.id);
    else this.open.delete(record.id);
    if (record.delivery) showDelivery(this.board, record);
  }

  /**
   * Records one try's outcome for the answered request `id`. Returns the new record, or
   * undefined when nothing changed (already delivered or ended, or not tracked).
   * Throws NotFoundError for an unknown id and InvalidInputError for a malformed outcome.
   */
  report(id: string, outcome: DeliveryOutcome): HitlRequest | undefined {
    const checked = parseOrThrow(DeliveryOutcomeSchema, outcome, 'delivery outcome');
    const record = this.index.resolvedWith(id);
    if (!record) throw new NotFoundError(`with id ${id}`);
    if (record.status !== 'answered') return undefined;
    const current = record.delivery ?? { state: 'awaiting', at: record.resolvedAt ?? 0 };
    if (!isUndelivered(current)) return undefined;
    const next = nextDelivery(current, checked, (this.options.now ?? Date.now)());
    const updated = { ...record, delivery: next };
    this.index.remember(updated);
    // Counted in memory; told (persisted, audited, shown) only when it is news.
    if (sameDelivery(current, next)) return undefined;
    this.follow(updated);
    this.emit(updated);
    return updated;
  }

  /** Answered requests of `source` (all when omitted) whose answer has not reached the agent. */
  undelivered(source?: Source): HitlRequest[] {
    const out: HitlRequest[] = [];
    for (const id of this.open) {
      const request = this.index.resolvedWith(id);
      if (!request || !isUndelivered(request.delivery)) this.open.delete(id);
      else if (!source || request.source === source) out.push(request);
    }
    return out;
  }

  /**
   * Listens to every delivery change (persistence, the audit log, the inbox's undelivered list,
   * the tray count): kept apart from the request events, which end at the resolution.
   */
  subscribe(listener: DeliveryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many answers failed to be delivered and are being retried (the tray counts them). */
  get failing(): number {
    let n = 0;
    for (const request of this.undelivered()) if (request.delivery?.state === 'retrying') n += 1;
    return n;
  }

  private emit(record: HitlRequest): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(record);
      } catch (error) {
        this.options.onListenerError?.(error);
      }
    }
  }
}

function nextDelivery(current: Delivery, outcome: DeliveryOutcome, at: number): Delivery {
  const failures = current.failures ?? 0;
  if (outcome.state === 'delivered')
    return { state: 'delivered', at, ...(failures ? { failures } : {}) };
  const failed = outcome.state === 'retrying' ? failures + 1 : failures;
  return {
    state: outcome.state,
    reason: outcome.reason,
    at,
    ...(failed ? { failures: failed } : {}),
  };
}

/** A retry failing again for the same reason is news only every 10th time (fewer writes). */
function sameDelivery(a: Delivery, b: Delivery): boolean {
  if (a.state !== b.state || a.reason !== b.reason) return false;
  return b.state === 'retrying' && (b.failures ?? 0) % 10 !== 0;
}
