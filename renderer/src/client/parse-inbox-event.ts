import { z } from 'zod';
import { AgentMessageEventSchema } from '../../../main/broker/agent-message';
import { HitlRequestSchema } from '../../../main/broker/request';
import type { InboxEvent } from './inbox-client';

const SnapshotSchema = z.object({ seq: z.number(), pending: z.array(HitlRequestSchema) });
const RequestEventSchema = z.object({ request: HitlRequestSchema });

/** SSE event names of docs/http-api.md mapped to the client's event types. */
const REQUEST_EVENTS = {
  new_question: 'added',
  updated: 'updated',
  answered: 'answered',
  cancelled: 'cancelled',
  expired: 'expired',
} as const;

export const SSE_EVENT_NAMES = ['snapshot', 'agent_message', ...Object.keys(REQUEST_EVENTS)] as const;

/**
 * Validates one SSE message from the broker and turns it into an InboxEvent.
 * Returns undefined (and the caller drops it) when the data does not match the contract.
 */
export function parseInboxEvent(name: string, data: string, lastEventId?: string): InboxEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (name === 'snapshot') {
    const parsed = SnapshotSchema.safeParse(json);
    return parsed.success ? { type: 'snapshot', seq: parsed.data.seq, pending: parsed.data.pending } : undefined;
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
  return { type, request: parsed.data.request, ...(seq !== undefined && Number.isFinite(seq) ? { seq } : {}) };
}
