import type { HitlRequest } from '@contract/request';
import { HubError, type HubClient } from './hub-client';
import type { HubDecision } from './hub-wire';

/** Tries of one decision (network errors and 5xx are retried). */
const TRIES = 3;

/** The hub route's decision for an answered inbox request; undefined when it is not one. */
export function decisionOf(request: HitlRequest): HubDecision | undefined {
  const value = request.answer?.value;
  if (value?.kind !== 'approval') return undefined;
  if (value.decision === 'allow') return 'approve';
  if (value.decision === 'deny') return 'deny';
  return undefined;
}

/**
 * Sends the operator's decision to the hub: `POST /api/sessions/:id/permissions/:requestId/
 * approve|deny` (the routes HAPI's own web app uses; the hub passes it to the session's CLI).
 * Retries a network error or 5xx twice (after `retryMs` and twice that). Resolves true once the
 * hub took it, false when it refused it or could not be reached (`warn` says why).
 */
export async function sendDecision(
  client: HubClient,
  request: HitlRequest,
  decision: HubDecision,
  warn: (message: string) => void,
  retryMs = 1000,
): Promise<boolean> {
  const sessionId = String(request.meta?.hubSessionId);
  const requestId = String(request.meta?.hubRequestId);
  const route = `api/sessions/${encodeURIComponent(sessionId)}/permissions/${encodeURIComponent(requestId)}/${decision}`;
  const body = { decision: decision === 'approve' ? 'approved' : 'denied' };
  for (let attempt = 1; ; attempt++) {
    try {
      await client.postJson(route, body);
      return true;
    } catch (error) {
      const status = error instanceof HubError ? error.status : undefined;
      const retry = status === undefined || status >= 500;
      if (!retry || attempt === TRIES) {
        warn(
          `HAPI hub: the ${decision} of "${request.title ?? requestId}" did not arrive: ${why(error, status)}`,
        );
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs * 2 ** (attempt - 1)).unref());
    }
  }
}

function why(error: unknown, status: number | undefined): string {
  const message = error instanceof Error ? error.message : String(error);
  if (status === 404)
    return `${message}; it was answered in HAPI meanwhile, or its session is gone`;
  return message;
}
