import { z } from 'zod';
import { RunUpdatedSchema, type RunUpdated } from '@contract/run-schemas';
import { AgentMessageEventSchema } from '@contract/agent-message';
import {
  AgentInfoSchema,
  HitlRequestSchema,
  SourceSchema,
  StatusSchema,
  type HitlRequest,
} from '@contract/request';
import { UnreadableListSchema, type UnreadableList } from '@contract/unreadable';
import { parseOrUndefined, SSE_EVENT_NAMES } from './early-event-source';
import type { InboxEvent } from './inbox-client';

export { SSE_EVENT_NAMES };

// The page's CSP forbids eval: zod's JIT could never run here, and its probe for it (a caught
// `new Function`) would still cost a CSP violation report. Loaded lazily: inbox-checks-loader.ts.
z.config({ jitless: true });

/**
 * What the list, the grouping and the counts read of each request of a snapshot. The full
 * HitlRequestSchema over 10,000 requests costs a browser ~100 ms before anything is painted (zod
 * runs without its JIT under the page's CSP), so a snapshot is checked this far, and each request
 * fully (checkRequest) when it is opened in the card. Request events are always checked fully.
 */
const ListedRequestSchema = z.looseObject({
  id: z.string().min(1),
  source: SourceSchema,
  key: z.string().min(1),
  title: z.string().optional(),
  prompt: z.string(),
  createdAt: z.number(),
  status: StatusSchema,
  agent: AgentInfoSchema.optional(),
});
const SnapshotSchema = z.object({
  seq: z.number(),
  pending: z.array(ListedRequestSchema),
  total: z.number().int().nonnegative().optional(),
});
const RequestEventSchema = z.object({ request: HitlRequestSchema });

/** SSE event names of docs/http-api.md mapped to the client's event types. */
const REQUEST_EVENTS = {
  new_question: 'added',
  updated: 'updated',
  answered: 'answered',
  cancelled: 'cancelled',
  expired: 'expired',
} as const satisfies Record<
  Exclude<(typeof SSE_EVENT_NAMES)[number], 'snapshot' | 'agent_message'>,
  string
>;

/**
 * Validates one SSE message from the broker and turns it into an InboxEvent.
 * Returns undefined (and the caller drops it) when the data does not match the contract.
 * `parsedData`: `data` already through JSON.parse (see EarlyEventSource), to skip doing it again.
 */
export function parseInboxEvent(
  name: string,
  data: string,
  lastEventId?: string,
  parsedData?: unknown,
): InboxEvent | undefined {
  const json = parsedData ?? parseOrUndefined(data);
  if (json === undefined) return undefined;
  if (name === 'snapshot') {
    const parsed = SnapshotSchema.safeParse(json);
    // Listed requests: checked as far as the list reads them; checkRequest before anything else.
    if (!parsed.success) return undefined;
    const { seq, pending, total } = parsed.data;
    return {
      type: 'snapshot',
      seq,
      pending: pending as HitlRequest[],
      ...(total !== undefined && total > pending.length ? { total } : {}),
    };
  }
  if (name === 'agent_message') {
    const parsed = AgentMessageEventSchema.safeParse(json);
    return parsed.success ? { type: 'agent_message', ...parsed.data } : undefined;
  }
  const type = REQUEST_EVENTS[name as keyof typeof REQUEST_EVENTS];
  if (!type) return undefined;
  const parsed = RequestEventSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const seq = lastEventId ? Number(lastEventId) : undefined;
  return {
    type,
    request: parsed.data.request,
    ...(seq !== undefined && Number.isFinite(seq) ? { seq } : {}),
  };
}

/**
 * The full check of one request taken from a snapshot (see ListedRequestSchema), before the card
 * shows it or answers it: the request as the schema reads it (defaults filled), or why not.
 */
export function checkRequest(
  request: HitlRequest,
): { ok: true; request: HitlRequest } | { ok: false; reason: string } {
  const parsed = HitlRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true, request: parsed.data };
  return {
    ok: false,
    reason: parsed.error.issues
      .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
      .join('; '),
  };
}

/** A `run_updated` payload (SSE JSON text, or an IPC payload) checked; undefined when it does not match. */
export function parseRunUpdated(data: unknown): RunUpdated | undefined {
  const json = typeof data === 'string' ? parseOrUndefined(data) : data;
  const parsed = RunUpdatedSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** An `unreadable` payload (`{ items, epoch?, revision? }`, SSE JSON text or an IPC value) checked; undefined when it does not match. */
export function parseUnreadableList(data: unknown): UnreadableList | undefined {
  const json = typeof data === 'string' ? parseOrUndefined(data) : data;
  const parsed = UnreadableListSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
