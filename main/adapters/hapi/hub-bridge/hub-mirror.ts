import type { HitlRequest } from '@contract/request';
import type { Broker } from '../../../broker/broker';
import { DuplicateRequestError } from '../../../broker/errors';
import { withdraw } from '../../../broker/withdraw';
import { HAPI_SOURCE, hubKey, hubRequest, type HubSessionView } from './hub-request';
import {
  HubCompletedSchema,
  HubPermissionSchema,
  MAX_REQUESTS_PER_SESSION,
  RequestIdSchema,
  type HubAgentState,
  type HubPermission,
} from './hub-wire';

/** What the mirror knows of one hub session. */
interface SessionState {
  view: HubSessionView;
  active: boolean;
  /** The last `agentStateVersion` applied (an older state arriving late is ignored). */
  version: number;
}

/**
 * Keeps the inbox equal to the hub's pending permission requests, session by session: a request
 * the hub lists (in an active session) is shown once; one it no longer lists leaves the inbox,
 * saying how it was answered in HAPI. Requests the operator answered or dismissed here are not
 * shown again while the hub still lists them.
 */
export class HubMirror {
  private readonly sessions = new Map<string, SessionState>();
  /** Keys answered here whose answer is on its way (the hub still lists them for a moment). */
  readonly answered = new Set<string>();
  /** Keys the operator dismissed here: left to HAPI's own app. */
  readonly dismissed = new Set<string>();

  constructor(
    private readonly broker: Broker,
    private readonly warn: (message: string) => void,
  ) {}

  /** The session's view, when known. */
  view(sessionId: string): HubSessionView | undefined {
    return this.sessions.get(sessionId)?.view;
  }

  /** Whether the session is known and active. */
  isActive(sessionId: string): boolean {
    return this.sessions.get(sessionId)?.active === true;
  }

  /** Ids of the sessions with a request in the inbox now. */
  shownSessions(): Set<string> {
    return new Set(this.shown().map((r) => String(r.meta?.hubSessionId)));
  }

  /** Renames a session (later requests carry the new name). */
  rename(sessionId: string, view: HubSessionView): void {
    const known = this.sessions.get(sessionId);
    if (known) known.view = view;
  }

  /**
   * Applies a session's state: `version` (its `agentStateVersion`) older than the one applied is
   * ignored. An inactive session shows nothing (the hub answers only active ones).
   */
  apply(view: HubSessionView, active: boolean, state: HubAgentState | null, version: number) {
    const known = this.sessions.get(view.id);
    if (known && version < known.version) return;
    this.sessions.set(view.id, { view, active, version });
    const wanted = active ? this.pendingOf(state) : new Map<string, HubPermission>();
    for (const [requestId, permission] of wanted) this.show(view, requestId, permission);
    const why = (requestId: string) =>
      !active ? 'the HAPI session is no longer active' : answeredIn(state, requestId);
    this.drop(view.id, (requestId) => !wanted.has(requestId), why);
    this.forgetAnswered(view.id, wanted);
  }

  /** A session that became inactive, ended or was removed: its requests leave the inbox. */
  end(sessionId: string, reason: string): void {
    const known = this.sessions.get(sessionId);
    if (known) known.active = false;
    this.drop(
      sessionId,
      () => true,
      () => reason,
    );
    this.forgetAnswered(sessionId, new Map());
  }

  /** Forgets a session entirely (removed from the hub). */
  forget(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  private pendingOf(state: HubAgentState | null): Map<string, HubPermission> {
    const wanted = new Map<string, HubPermission>();
    for (const [requestId, raw] of Object.entries(state?.requests ?? {})) {
      const permission = HubPermissionSchema.safeParse(raw);
      if (!RequestIdSchema.safeParse(requestId).success || !permission.success) continue;
      if (wanted.size === MAX_REQUESTS_PER_SESSION) break;
      wanted.set(requestId, permission.data);
    }
    return wanted;
  }

  private show(view: HubSessionView, requestId: string, permission: HubPermission): void {
    const key = hubKey(view.id, requestId);
    if (this.answered.has(key) || this.dismissed.has(key)) return;
    if (this.broker.findPending(HAPI_SOURCE, key)) return;
    const request = hubRequest(view, requestId, permission);
    if (!request) return;
    try {
      this.broker.add(request);
    } catch (error) {
      if (error instanceof DuplicateRequestError) return;
      this.warn(`HAPI request ${requestId} of "${view.name}": ${(error as Error).message}`);
    }
  }

  private drop(
    sessionId: string,
    gone: (requestId: string) => boolean,
    why: (requestId: string) => string,
  ): void {
    for (const request of this.shown()) {
      const requestId = String(request.meta?.hubRequestId);
      if (request.meta?.hubSessionId !== sessionId || !gone(requestId)) continue;
      void withdraw(this.broker, request.id, {
        status: 'cancelled',
        by: 'agent',
        reason: why(requestId),
      });
    }
  }

  /** Keys answered or dismissed here that the hub no longer lists are forgotten. */
  private forgetAnswered(sessionId: string, wanted: Map<string, HubPermission>): void {
    for (const set of [this.answered, this.dismissed])
      for (const key of set)
        if (key.startsWith(`${sessionId}/`) && !wanted.has(key.slice(sessionId.length + 1)))
          set.delete(key);
  }

  private shown(): HitlRequest[] {
    return this.broker.pending().filter((r) => r.source === HAPI_SOURCE);
  }
}

/** How a request the hub no longer lists was settled, from its `completedRequests`. */
function answeredIn(state: HubAgentState | null, requestId: string): string {
  const done = HubCompletedSchema.safeParse(state?.completedRequests?.[requestId]);
  if (!done.success) return 'no longer pending in HAPI';
  const status = done.data.status === 'canceled' ? 'cancelled' : done.data.status;
  return `${status} in HAPI`;
}
