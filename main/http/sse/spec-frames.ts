import type { BrokerEventType } from '../../broker/broker';
import type { HitlRequest } from '@contract/request';

/**
 * The Clarity spec's `/events` messages: `{ type: "new_question" | "answered", key, ... }` as
 * unnamed SSE frames (delivered to `onmessage`), sent next to the inbox's named events.
 * They carry the same `id:` as the named frame of the same broker event, so a client resuming
 * with `Last-Event-ID` gets both again from the replay buffer, never one without the other.
 */
export function specFrame(seq: number, type: BrokerEventType, request: HitlRequest): string {
  if (type === 'added') return message(seq, newQuestion(request));
  if (type === 'answered')
    return message(seq, {
      type: 'answered',
      key: request.key,
      response: request.answer?.text ?? '',
      id: request.id,
      source: request.source,
    });
  // The spec names only these two types; cancels and expiries stay named-only events.
  return '';
}

/**
 * One `new_question` message per pending request, as the reference broker sends on connect;
 * without the question text, which the snapshot beside it already carries (`GET /questions` too).
 */
export function specSnapshotFrames(seq: number, pending: readonly HitlRequest[]): string {
  let out = '';
  for (const request of pending) out += message(seq, newQuestion(request, false));
  return out;
}

function newQuestion(request: HitlRequest, withText = true): Record<string, unknown> {
  const pid = request.meta?.pid;
  return {
    type: 'new_question',
    key: request.key,
    ...(withText ? { question: request.prompt } : {}),
    timestamp: request.createdAt,
    ...(typeof pid === 'number' ? { pid } : {}),
    id: request.id,
    source: request.source,
  };
}

function message(seq: number, data: Record<string, unknown>): string {
  return `id: ${seq}\ndata: ${JSON.stringify(data)}\n\n`;
}
