import type { HitlRequest, Source } from '@contract/request';
import { isUndelivered } from '@contract/delivery';

/** Sources whose agent always polls by key (HTTP mode), so every pending request of theirs is durable. */
export const POLLING_SOURCES: readonly Source[] = ['clarity-http'];

/**
 * The persistence rule: a pending request survives a restart only when its agent comes back for
 * the outcome by polling, never when it is held on a live connection (Tool Server Lite execute,
 * cueme cue, MCP, a held QuestFoundry question): that caller is gone after a restart.
 * Polled requests are those of a polling source, or any request whose adapter set `meta.durable`
 * (e.g. a QuestFoundry question accepted with 202 and a poll URL).
 */
export function isDurable(
  request: HitlRequest,
  pollingSources: readonly Source[] = POLLING_SOURCES,
): boolean {
  return request.meta?.durable === true || pollingSources.includes(request.source);
}

/**
 * What the history keeps of a resolved request: adapter-private `meta` stays out, except for
 * `meta.durable` requests, whose adapter needs it to answer a poll in its protocol after a
 * restart, and answers not yet delivered, whose adapter needs it to deliver after a restart (a
 * Tool Server execute retried re-attaches by its instruction); it goes once they are delivered.
 */
export function forHistory(request: HitlRequest): HitlRequest {
  if (request.meta === undefined || request.meta.durable === true) return request;
  if (isUndelivered(request.delivery)) return request;
  const { meta: _meta, ...rest } = request;
  return rest;
}
