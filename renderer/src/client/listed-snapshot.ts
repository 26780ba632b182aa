import type { HitlRequest } from '@contract/request';
import { SOURCES, STATUSES } from '@contract/request-names';
import type { InboxEvent } from './inbox-client';

type SnapshotEvent = Extract<InboxEvent, { type: 'snapshot' }>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';
const sources: readonly string[] = SOURCES;
const statuses: readonly string[] = STATUSES;

/** Whether a listed request has what the list, grouping and counts read (as ListedRequestSchema). */
function isListed(v: unknown): boolean {
  if (!isObject(v)) return false;
  const agent = v.agent;
  return (
    isText(v.id) &&
    isText(v.key) &&
    sources.includes(v.source as string) &&
    statuses.includes(v.status as string) &&
    typeof v.prompt === 'string' &&
    typeof v.createdAt === 'number' &&
    optionalString(v.title) &&
    (agent === undefined ||
      (isObject(agent) &&
        isText(agent.id) &&
        optionalString(agent.name) &&
        optionalString(agent.runtime) &&
        optionalString(agent.projectDir) &&
        optionalString(agent.terminal)))
  );
}

/**
 * The first page of a paged snapshot, checked before the zod checks have loaded: the same fields
 * and rules ListedRequestSchema (parse-inbox-event.ts) applies, by hand, so the inbox can paint
 * without a hundred kilobytes of validation code. Nothing is answered or opened on this check
 * alone: the card checks its request fully (checkRequest) and the whole list that follows is
 * checked with zod. Undefined when the data does not match.
 */
export function parseListedSnapshot(json: unknown): SnapshotEvent | undefined {
  if (!isObject(json) || typeof json.seq !== 'number' || !Array.isArray(json.pending))
    return undefined;
  const total = json.total;
  if (total !== undefined && !(Number.isInteger(total) && (total as number) >= 0)) return undefined;
  if (!json.pending.every(isListed)) return undefined;
  const pending = json.pending as HitlRequest[];
  return {
    type: 'snapshot',
    seq: json.seq,
    pending,
    ...(typeof total === 'number' && total > pending.length ? { total } : {}),
  };
}
