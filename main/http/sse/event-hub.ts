import type { ServerResponse } from 'node:http';
import type { Broker, BrokerEvent, BrokerEventType } from '../../broker/broker';
import { toPublicRequest } from '../views';
import type { SortOrder } from '@contract/request-order';
import { firstPage } from '../../broker/first-page';
import { isOperatorOnly } from '../../broker/operator-only';
import { RingBuffer } from './ring-buffer';
import { specFrame, specSnapshotFrames } from './spec-frames';
import type { UnreadableList } from '@contract/unreadable';

/** SSE event names per broker event type (the spec calls an added request `new_question`). */
const EVENT_NAMES: Record<BrokerEventType, string> = {
  added: 'new_question',
  updated: 'updated',
  answered: 'answered',
  cancelled: 'cancelled',
  expired: 'expired',
};

export interface EventHubOptions {
  /** How many events stay buffered for `Last-Event-ID` replay. */
  bufferSize?: number;
  /** Interval of the `: heartbeat` comment, in ms. */
  heartbeatMs?: number;
  /** A client whose unsent output exceeds this many bytes is dropped (it reconnects and resumes). */
  maxClientBacklog?: number;
  /**
   * Follow the broker only from `follow()` on, not from construction: a hub built before the
   * broker's start-up scan would otherwise make a frame for each of thousands of events no
   * client can receive.
   */
  deferred?: boolean;
}

interface BufferedFrame {
  seq: number;
  frame: string;
  /** A coding agent's request: sent to the operator's streams only. */
  operatorOnly: boolean;
}

/**
 * Turns broker events into SSE frames once, keeps the last ones in a ring buffer for resume,
 * and fans them out to every connected client.
 */
export class EventHub {
  /** Each stream, and whether it is the operator's (it then sees coding agents' requests too). */
  private readonly clients = new Map<ServerResponse, boolean>();
  private readonly buffer: RingBuffer<BufferedFrame>;
  private unsubscribe: (() => void) | undefined;
  private unsubscribeUnreadable: (() => void) | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly maxClientBacklog: number;

  constructor(
    private readonly broker: Broker,
    options: EventHubOptions = {},
  ) {
    this.buffer = new RingBuffer(options.bufferSize ?? 1000);
    this.maxClientBacklog = options.maxClientBacklog ?? 8 * 1024 * 1024;
    if (!options.deferred) this.follow();
    this.heartbeat = setInterval(
      () => this.broadcast(': heartbeat\n\n'),
      options.heartbeatMs ?? 15_000,
    );
    this.heartbeat.unref();
  }

  /** Turns the broker's events into frames from now on (once; at construction unless deferred). */
  follow(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.broker.subscribe((event) => this.onBrokerEvent(event));
    this.unsubscribeUnreadable = this.broker.unreadable.subscribe((list) =>
      this.broadcast(unreadableFrame(list), true),
    );
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /**
   * Starts streaming to `res` (headers already written): replays the buffered events after
   * `lastEventId` when they are all still buffered, otherwise sends a fresh `snapshot` — of the
   * first `snapshotLimit` pending requests in `order` only when given (firstPage; its `total` says
   * how many there are). A stream that is not the operator's never gets a coding agent's request.
   */
  attach(
    res: ServerResponse,
    lastEventId?: number,
    snapshotLimit?: number,
    order?: SortOrder,
    operator = true,
  ): void {
    res.write('retry: 2000\n\n');
    const replay = lastEventId === undefined ? undefined : this.framesAfter(lastEventId);
    if (replay) {
      for (const item of replay) if (operator || !item.operatorOnly) res.write(item.frame);
    } else res.write(this.snapshotFrame(snapshotLimit, order, operator));
    // Live-only like agent_message: every (re)connect gets the current list when there is one.
    const unreadable = this.broker.unreadable.snapshot();
    if (operator && unreadable.items.length > 0) res.write(unreadableFrame(unreadable));
    this.clients.set(res, operator);
    res.on('close', () => this.clients.delete(res));
  }

  /**
   * Sends a live-only event (no `id:`, not replayed), e.g. `agent_message`, `run_updated`: to the
   * operator's streams only, like the routes that read the same data.
   */
  publish(event: string, data: unknown): void {
    this.broadcast(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`, true);
  }

  /** Ends every stream and stops listening to the broker. */
  close(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe?.();
    this.unsubscribeUnreadable?.();
    this.unsubscribe = this.unsubscribeUnreadable = undefined;
    for (const res of this.clients.keys()) res.end();
    this.clients.clear();
  }

  private framesAfter(lastEventId: number): BufferedFrame[] | undefined {
    const current = this.broker.lastSeq;
    if (!Number.isInteger(lastEventId) || lastEventId < 0 || lastEventId > current)
      return undefined;
    if (lastEventId === current) return [];
    const oldest = this.buffer.first();
    // Every event after lastEventId must still be buffered, otherwise the client missed some.
    if (!oldest || oldest.seq > lastEventId + 1) return undefined;
    return this.buffer.toArray().filter((item) => item.seq > lastEventId);
  }

  /** The `snapshot` event, then one spec `new_question` message per request it holds. */
  private snapshotFrame(
    limit: number | undefined,
    order: SortOrder | undefined,
    operator: boolean,
  ): string {
    const seq = this.broker.lastSeq;
    const everything = this.broker.pending();
    const all = operator ? everything : everything.filter((r) => !isOperatorOnly(r));
    const pending = limit === undefined || all.length <= limit ? all : firstPage(all, limit, order);
    const data = { seq, total: all.length, pending: pending.map(toPublicRequest) };
    const snapshot = `id: ${seq}\nevent: snapshot\ndata: ${JSON.stringify(data)}\n\n`;
    return snapshot + specSnapshotFrames(seq, pending);
  }

  private onBrokerEvent(event: BrokerEvent): void {
    const type = EVENT_NAMES[event.type];
    const request = event.request;
    const data = {
      type,
      id: request.id,
      key: request.key,
      source: request.source,
      question: request.prompt,
      timestamp: request.createdAt,
      request: toPublicRequest(request),
    };
    const frame =
      `id: ${event.seq}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n` +
      specFrame(event.seq, event.type, request);
    const operatorOnly = isOperatorOnly(request);
    this.buffer.push({ seq: event.seq, frame, operatorOnly });
    this.broadcast(frame, operatorOnly);
  }

  private broadcast(frame: string, operatorOnly = false): void {
    for (const [res, operator] of this.clients) {
      if (operatorOnly && !operator) continue;
      if (res.writableLength > this.maxClientBacklog) {
        this.clients.delete(res);
        res.destroy();
        continue;
      }
      res.write(frame);
    }
  }
}

/** The `unreadable` event: the whole current "could not read" list (no `id:`, not replayed). */
function unreadableFrame(list: UnreadableList): string {
  return `event: unreadable\ndata: ${JSON.stringify(list)}\n\n`;
}
