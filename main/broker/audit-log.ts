import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Broker, BrokerEvent, BrokerEventType } from './broker';
import type { LostAuditEntry } from './resolution-losses';
import type { HitlRequest, Resolver, Source, Surface } from '@contract/request';

/** One line of the JSONL audit log. */
export interface AuditEntry {
  /** ISO-8601 time of the event. */
  time: string;
  event: Exclude<BrokerEventType, 'updated'> | DeliveryAuditEvent;
  id?: string;
  key: string;
  source: Source;
  question: string;
  /** The answer text (answered events only). */
  response?: string;
  /** How it was answered / resolved: ui, cli, http, auto, agent, timeout, system. */
  resolvedBy?: Resolver;
  cancelReason?: string;
  /** Who answered (team mode: the operator named by the token used). */
  operator?: string;
  /** The broker instance it was resolved on. */
  resolvedOn?: string;
  /** The surface it was resolved through: web-session, desktop, cli, protocol, rule, ... */
  via?: Surface;
  /** From the question arriving to its resolution, in ms. */
  waitMs?: number;
  /** Why a delivery failed or ended (delivery_failed / delivery_ended). */
  reason?: string;
}

/**
 * After `answered`: `delivered` once the agent has the answer, `delivery_failed` at the first
 * failed try (later retries are not logged), `delivery_ended` when it can never be delivered.
 */
export type DeliveryAuditEvent = 'delivered' | 'delivery_failed' | 'delivery_ended';

/** The audit line of a revoked "always allow" rule. */
export interface RuleAuditEntry {
  time: string;
  event: 'rule-revoked';
  ruleId: string;
  agent: string;
  tool: string;
  project: string;
  /** The rule's scope as text (`Bash: npm test …`). */
  rule: string;
  /** Who revoked it. */
  by: string;
}

/** The audit line for a broker event (undefined for `updated`, which changes nothing an auditor needs). */
export function auditEntryFor(event: BrokerEvent): AuditEntry | undefined {
  if (event.type === 'updated') return undefined;
  const r = event.request;
  const entry: AuditEntry = {
    time: new Date(event.at).toISOString(),
    event: event.type,
    id: r.id,
    key: r.key,
    source: r.source,
    question: r.prompt,
  };
  if (event.type === 'added') return entry;
  if (r.answer) entry.response = r.answer.text;
  if (r.resolvedBy) entry.resolvedBy = r.resolvedBy;
  if (r.cancelReason) entry.cancelReason = r.cancelReason;
  if (r.operator) entry.operator = r.operator;
  if (r.resolvedOn) entry.resolvedOn = r.resolvedOn;
  if (r.via) entry.via = r.via;
  entry.waitMs = Math.max(0, (r.resolvedAt ?? event.at) - r.createdAt);
  return entry;
}

/** The audit line for a delivery change, when it is one an auditor needs (see DeliveryAuditEvent). */
export function deliveryAuditEntry(request: HitlRequest): AuditEntry | undefined {
  const delivery = request.delivery;
  if (!delivery) return undefined;
  let event: DeliveryAuditEvent;
  if (delivery.state === 'delivered') event = 'delivered';
  else if (delivery.state === 'undeliverable') event = 'delivery_ended';
  else if (delivery.state === 'retrying' && delivery.failures === 1) event = 'delivery_failed';
  else return undefined;
  return {
    time: new Date(delivery.at).toISOString(),
    event,
    id: request.id,
    key: request.key,
    source: request.source,
    question: request.prompt,
    ...(delivery.reason ? { reason: delivery.reason } : {}),
  };
}

/**
 * Append-only JSONL audit log. Each entry is one line written with a single `write()` on a file
 * opened with O_APPEND, in order, so lines from this process never interleave and lines from
 * other processes appending to the same file land between whole lines.
 */
export class AuditLog {
  private queue: Promise<void> = Promise.resolve();
  private failure: unknown;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private readonly onError?: (error: unknown) => void,
  ) {}

  /** Opens (creating it and its directory if needed) the log at `path` for appending. */
  static async open(path: string, onError?: (error: unknown) => void): Promise<AuditLog> {
    await mkdir(dirname(path), { recursive: true });
    return new AuditLog(path, await open(path, 'a'), onError);
  }

  /** Logs every added / answered / cancelled / expired event and delivery outcome of `broker`; returns the unsubscribe function. */
  attach(broker: Broker): () => void {
    const offEvents = broker.subscribe((event) => {
      const entry = auditEntryFor(event);
      if (entry) this.append(entry);
    });
    const offDeliveries = broker.deliveries.subscribe((request) => {
      const entry = deliveryAuditEntry(request);
      if (entry) this.append(entry);
    });
    return () => (offEvents(), offDeliveries());
  }

  /** Queues one line; writes happen in call order. */
  append(entry: AuditEntry | RuleAuditEntry | LostAuditEntry): void {
    const line = Buffer.from(JSON.stringify(entry) + '\n', 'utf8');
    this.queue = this.queue
      .then(() => this.writeLine(line))
      .catch((error) => {
        this.failure = error;
        this.onError?.(error);
      });
  }

  /** Resolves when every queued line is written. */
  async flush(): Promise<void> {
    await this.queue;
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle.close();
  }

  /** The last write error, if any (the log keeps trying later lines). */
  get lastError(): unknown {
    return this.failure;
  }

  private async writeLine(line: Buffer): Promise<void> {
    const { bytesWritten } = await this.handle.write(line, 0, line.length);
    // Regular files take the whole buffer in one write(); a short write would need a retry.
    if (bytesWritten < line.length) await this.writeLine(line.subarray(bytesWritten));
  }
}
