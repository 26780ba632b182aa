import { hostname } from 'node:os';
import type { HitlRequest } from '@contract/request';
import type { Broker } from '../../../broker/broker';
import type { AgentMessageStore } from '../agent-message-store';
import { sessionMessage } from './hub-messages';
import { HubClient, HubError } from './hub-client';
import { HubEvents } from './hub-events';
import { HubMirror } from './hub-mirror';
import { OncePerKey } from './once-per-key';
import { decisionOf, sendDecision } from './hub-answers';
import { reportQuietly } from '../../delivery-on-send';
import { HAPI_SOURCE, hubAgentId, hubKey, sessionView, type HubSessionView } from './hub-request';
import {
  HubSessionSchema,
  SessionPatchSchema,
  SessionReplySchema,
  SessionsReplySchema,
  type HubEvent,
  type HubSession,
  type SessionPatch,
} from './hub-wire';

export interface HubBridgeOptions {
  broker: Broker;
  /** The hub's base URL (`--hapi-hub`). */
  url: URL;
  /** The hub's `CLI_API_TOKEN` (`--hapi-token-file`): a secret, never logged. */
  accessToken: string;
  /** Where the sessions' messages go (shown beside their requests); none: not followed. */
  agentMessages?: AgentMessageStore;
  onWarning?: (message: string) => void;
  /** First wait before reconnecting or retrying a decision (default 1 s). */
  retryMs?: number;
  /** The event stream's silence limit before reconnecting (default 90 s). */
  idleMs?: number;
  /** This machine's name, to know which sessions run here (default os.hostname()). */
  host?: string;
}

/**
 * The broker as a client of a HAPI hub (`hapi hub`): it logs in, follows the hub's event stream,
 * shows each active session's pending permission requests in the inbox (named by the session,
 * with the hooks' card for the tool), sends the operator's allow or deny through the hub's
 * approve/deny routes, and drops a request answered in HAPI's own app or Telegram.
 */
export class HubBridge {
  readonly client: HubClient;
  private readonly mirror: HubMirror;
  private readonly events: HubEvents;
  private readonly unsubscribe: () => void;
  private readonly work = new Set<Promise<unknown>>();
  private readonly refreshing = new OncePerKey();
  private readonly warn: (message: string) => void;
  private readonly host: string;
  private synced?: () => void;
  /** Resolves after the first full sync with the hub (for tests and start-up messages). */
  readonly ready: Promise<void>;

  constructor(private readonly options: HubBridgeOptions) {
    this.warn = options.onWarning ?? (() => {});
    this.host = options.host ?? hostname();
    this.client = new HubClient({ url: options.url, accessToken: options.accessToken });
    this.mirror = new HubMirror(options.broker, this.warn);
    this.ready = new Promise((resolve) => (this.synced = resolve));
    // An answer is delivered when the hub takes the decision (its approve / deny route).
    options.broker.deliveries.expect(HAPI_SOURCE);
    this.unsubscribe = options.broker.subscribe(({ type, request }) => {
      if (request.source !== HAPI_SOURCE) return;
      if (type === 'answered') this.track(this.answer(request));
      // The operator dismissed it here: HAPI's own app still asks; not shown again.
      if (type === 'cancelled' && request.resolvedBy !== 'agent')
        this.mirror.dismissed.add(request.key);
    });
    this.events = new HubEvents({
      client: this.client,
      onEvent: (event) => this.onEvent(event),
      onWarning: this.warn,
      ...(options.retryMs !== undefined ? { retryMs: options.retryMs } : {}),
      ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
    });
  }

  /** Resolves once every fetch and decision started so far is done. */
  async settled(): Promise<void> {
    while (this.work.size > 0) await Promise.all([...this.work]);
  }

  /** Stops following the hub (requests shown stay until the broker stops). */
  close(): void {
    this.unsubscribe();
    this.events.close();
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => this.warn(`HAPI hub: ${describe(error)}`));
    this.work.add(tracked);
    void tracked.finally(() => this.work.delete(tracked));
  }

  private onEvent(event: HubEvent): void {
    switch (event.type) {
      case 'connection-changed':
        return this.track(this.resync());
      case 'session-added':
        return this.track(this.refresh(event.sessionId));
      case 'session-removed':
        this.mirror.end(event.sessionId, 'the HAPI session was removed');
        return this.mirror.forget(event.sessionId);
      case 'session-ended':
        return this.mirror.end(event.sessionId, 'the HAPI session ended');
      case 'session-updated':
        return this.onUpdate(event);
      case 'message-received': {
        const message = sessionMessage(event.message.content);
        if (message) this.options.agentMessages?.append(hubAgentId(event.sessionId), message);
        return;
      }
    }
  }

  /**
   * A `session-updated`: the whole session (applied as fetched), or a patch (its agent state
   * applied, a rename, active or not); anything else, or a session not known yet, is fetched.
   */
  private onUpdate({ sessionId, data }: Extract<HubEvent, { type: 'session-updated' }>): void {
    const whole = HubSessionSchema.safeParse(data);
    if (whole.success && whole.data.id === sessionId && whole.data.agentStateVersion !== undefined)
      return this.applySession(whole.data);
    const patch = SessionPatchSchema.safeParse(data);
    const view = this.mirror.view(sessionId);
    if (!patch.success || !view) return this.track(this.refresh(sessionId));
    this.applyPatch(sessionId, view, patch.data);
  }

  private applyPatch(sessionId: string, view: HubSessionView, patch: SessionPatch): void {
    if (patch.active === false)
      return this.mirror.end(sessionId, 'the HAPI session is no longer active');
    if (patch.metadata?.value)
      this.mirror.rename(sessionId, sessionView(sessionId, patch.metadata.value, this.host));
    const active = this.mirror.isActive(sessionId) || patch.active === true;
    if (patch.agentState) {
      const named = this.mirror.view(sessionId) ?? view;
      this.mirror.apply(named, active, patch.agentState.value, patch.agentState.version);
    } else if (patch.active === true && !this.mirror.isActive(sessionId))
      // Active again: its requests (unchanged meanwhile) can be answered again.
      this.track(this.refresh(sessionId));
  }

  /** Fetches one session and applies its state (one fetch at a time per session). */
  private refresh(sessionId: string): Promise<void> {
    return this.refreshing.run(sessionId, () => this.fetchSession(sessionId));
  }

  private async fetchSession(sessionId: string): Promise<void> {
    try {
      const { session } = await this.client.getJson(
        `api/sessions/${encodeURIComponent(sessionId)}`,
        SessionReplySchema,
      );
      this.applySession(session);
    } catch (error) {
      if (error instanceof HubError && error.status === 404)
        return this.mirror.end(sessionId, 'the HAPI session was removed');
      throw error;
    }
  }

  /** After each (re)connect: every session with pending requests, and every one shown here. */
  private async resync(): Promise<void> {
    const { sessions } = await this.client.getJson('api/sessions', SessionsReplySchema);
    const listed = new Set(sessions.map((s) => s.id));
    const shown = this.mirror.shownSessions();
    for (const id of shown)
      if (!listed.has(id)) this.mirror.end(id, 'the HAPI session was removed');
    for (const s of sessions) {
      // Inactive now (the hub restarted, say): its next `active: true` reads it afresh.
      if (s.active === false && this.mirror.isActive(s.id))
        this.mirror.end(s.id, 'the HAPI session is no longer active');
      if ((s.active !== false && (s.pendingRequestsCount ?? 1) > 0) || shown.has(s.id))
        await this.refresh(s.id);
    }
    this.synced?.();
  }

  private applySession(session: HubSession): void {
    const view = sessionView(session.id, session.metadata, this.host);
    const version = session.agentStateVersion ?? 0;
    this.mirror.apply(view, session.active, session.agentState ?? null, version);
  }

  private async answer(request: HitlRequest): Promise<void> {
    const decision = decisionOf(request);
    if (!decision) return this.delivered(request, false, 'the hub takes only allow or deny');
    const key = hubKey(String(request.meta?.hubSessionId), String(request.meta?.hubRequestId));
    this.mirror.answered.add(key);
    const sent = await sendDecision(
      this.client,
      request,
      decision,
      this.warn,
      this.options.retryMs,
    );
    // Not taken: the hub may still ask; the next state it sends shows the request again.
    if (!sent) this.mirror.answered.delete(key);
    this.delivered(
      request,
      sent,
      'the HAPI hub did not take the decision (refused or unreachable)',
    );
  }

  private delivered(request: HitlRequest, sent: boolean, why: string): void {
    reportQuietly(
      this.options.broker,
      request.id,
      sent ? { state: 'delivered' } : { state: 'undeliverable', reason: why },
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
