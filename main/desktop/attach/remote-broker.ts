import { EventSource } from 'eventsource';
import { z } from 'zod';
import { BrokerError } from '../../broker/errors';
import type { BrokerEvent, BrokerEventType, BrokerListener } from '../../broker/broker';
import { HitlRequestSchema, type AnswerInput, type HitlRequest } from '@contract/request';

/** Where an attached broker lives: its base URL (ending in `/`) and its token, if it needs one. */
export interface RemoteBrokerTarget {
  url: string;
  token?: string;
}

/** The broker's web inbox; with a token, `/?token=` which trades it for a session cookie. */
export function remoteInboxUrl(target: RemoteBrokerTarget): string {
  const url = new URL(target.url);
  if (target.token) url.searchParams.set('token', target.token);
  return url.toString();
}

/**
 * The broker's web inbox behind a fresh one-time login link, when the target's credential is the
 * operator's (`POST /api/login-links`); else the inbox URL of remoteInboxUrl.
 */
export async function remoteLoginUrl(
  target: RemoteBrokerTarget,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  if (!target.token) return remoteInboxUrl(target);
  try {
    const res = await fetchImpl(new URL('api/login-links', target.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json()) as { url?: unknown };
    if (res.ok && typeof body.url === 'string' && sameOriginUrl(body.url, target.url))
      return body.url;
  } catch {
    // Not reachable or not the operator's credential: the plain inbox URL says how to log in.
  }
  return remoteInboxUrl(target);
}

function sameOriginUrl(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** The broker's HTTP errors as the ones a local broker throws (the renderer keeps the code). */
const ERROR_CODES: Record<number, BrokerError['code']> = {
  400: 'invalid',
  404: 'not_found',
  409: 'already_resolved',
  503: 'store_unreachable',
  507: 'not_saved',
};

const SnapshotSchema = z.object({ seq: z.number(), pending: z.array(HitlRequestSchema) });
const RequestFrameSchema = z.object({ request: HitlRequestSchema });
const REQUEST_FRAMES: Record<string, BrokerEventType> = {
  new_question: 'added',
  updated: 'updated',
  answered: 'answered',
  cancelled: 'cancelled',
  expired: 'expired',
};

/**
 * A broker the desktop app does not own, followed over HTTP + SSE: the same `pending()` /
 * `subscribe()` / `answer()` the tray, popover and notifications use on an in-process broker.
 * Closing it only closes the stream; the broker keeps running.
 */
export class RemoteBroker {
  private readonly pendingById = new Map<string, HitlRequest>();
  private readonly listeners = new Set<BrokerListener>();
  private readonly stateListeners = new Set<(connected: boolean) => void>();
  private source: EventSource | undefined;
  private lastSeq = 0;
  private isConnected = false;

  constructor(
    readonly target: RemoteBrokerTarget,
    private readonly log?: (message: string) => void,
  ) {}

  /** Opens the stream (EventSource reconnects by itself, resuming with Last-Event-ID). */
  connect(): void {
    if (this.source) return;
    const token = this.target.token;
    const source = new EventSource(new URL('events', this.target.url), {
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...init?.headers,
            'x-hitl-client': 'desktop',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        }),
    });
    source.onopen = () => this.setConnected(true);
    source.onerror = () => this.setConnected(false);
    source.addEventListener('snapshot', (message) => this.onSnapshot(message.data));
    for (const [name, type] of Object.entries(REQUEST_FRAMES))
      source.addEventListener(name, (message) =>
        this.onRequestFrame(type, message.data, message.lastEventId),
      );
    this.source = source;
  }

  get connected(): boolean {
    return this.isConnected;
  }

  /** Pending requests, oldest first. */
  pending(): HitlRequest[] {
    return [...this.pendingById.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  subscribe(listener: BrokerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Follows connect/disconnect of the stream. */
  onConnectionChange(listener: (connected: boolean) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Answers over `POST /api/requests/:id/answer`; rejects with the broker's message. */
  answer(id: string, answer: AnswerInput): Promise<HitlRequest> {
    return this.post(id, 'answer', answer);
  }

  /** Cancels over `POST /api/requests/:id/cancel`; rejects with the broker's message. */
  cancel(id: string, reason?: string): Promise<HitlRequest> {
    return this.post(id, 'cancel', reason === undefined ? {} : { reason });
  }

  private async post(id: string, action: 'answer' | 'cancel', body: object): Promise<HitlRequest> {
    const response = await fetch(
      new URL(`api/requests/${encodeURIComponent(id)}/${action}`, this.target.url),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hitl-client': 'desktop',
          ...(this.target.token ? { authorization: `Bearer ${this.target.token}` } : {}),
        },
        body: JSON.stringify(body),
      },
    );
    const reply = (await response.json().catch(() => ({}))) as {
      request?: HitlRequest;
      message?: string;
    };
    if (!response.ok || !reply.request) {
      const message = reply.message ?? `the broker replied HTTP ${response.status}`;
      const code = ERROR_CODES[response.status];
      throw code ? new BrokerError(code, message) : new Error(message);
    }
    return reply.request;
  }

  close(): void {
    this.source?.close();
    this.source = undefined;
    this.setConnected(false);
  }

  private setConnected(connected: boolean): void {
    if (this.isConnected === connected) return;
    this.isConnected = connected;
    for (const listener of [...this.stateListeners]) listener(connected);
  }

  private onSnapshot(data: string): void {
    const parsed = parse(SnapshotSchema, data);
    if (!parsed) return this.log?.('attached broker sent an unreadable snapshot; ignored');
    const before = new Map(this.pendingById);
    this.pendingById.clear();
    for (const request of parsed.pending) this.pendingById.set(request.id, request);
    this.lastSeq = parsed.seq;
    // A fresh snapshot (first connect, or a gap too long to replay): new requests are news;
    // those gone were resolved meanwhile (their notifications close, the tray recounts).
    for (const request of parsed.pending)
      if (!before.has(request.id)) this.emit({ type: 'added', request, seq: parsed.seq, at: 0 });
    for (const [id, request] of before)
      if (!this.pendingById.has(id))
        this.emit({ type: 'expired', request, seq: parsed.seq, at: 0 });
  }

  private onRequestFrame(type: BrokerEventType, data: string, lastEventId: string): void {
    const parsed = parse(RequestFrameSchema, data);
    if (!parsed) return this.log?.(`attached broker sent an unreadable ${type} event; ignored`);
    const { request } = parsed;
    if (request.status === 'pending') this.pendingById.set(request.id, request);
    else this.pendingById.delete(request.id);
    const seq = Number(lastEventId) || this.lastSeq + 1;
    this.lastSeq = seq;
    this.emit({ type, request, seq, at: Date.now() });
  }

  private emit(event: BrokerEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.log?.(`listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

function parse<T>(schema: z.ZodType<T>, data: string): T | undefined {
  try {
    const result = schema.safeParse(JSON.parse(data));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
