import type { HitlRequest } from '@contract/request';
import { compareUrgentFirst } from '@contract/request-order';
import { newestRequests } from './newest-requests';

/** Which requests a first page holds: the newest, or the top of the inbox's default order. */
export type PageOrder = 'newest' | 'urgent';

/**
 * The first `limit` pending requests a window paints before the whole list arrives (SSE
 * `snapshot_limit`, IPC `inbox:list-pending {limit}`). `newest`: the newest, oldest first.
 * `urgent`: the top of the inbox's default order (soonest deadline, then oldest), in that order,
 * so the page is exactly the rows the list shows first and nothing jumps when the rest arrives.
 */
export function firstPage(
  requests: HitlRequest[],
  limit: number,
  order: PageOrder = 'newest',
): HitlRequest[] {
  if (order === 'newest') return newestRequests(requests, limit);
  const withDeadline: HitlRequest[] = [];
  for (const r of requests) if (r.expiresAt !== undefined) withDeadline.push(r);
  withDeadline.sort(compareUrgentFirst);
  if (withDeadline.length >= limit) return withDeadline.slice(0, limit);
  return [...withDeadline, ...oldestWithoutDeadline(requests, limit - withDeadline.length)];
}

/**
 * The `count` oldest requests without a deadline. Pending requests are kept in arrival order,
 * nearly always creation order: then the first ones found are the oldest and 10,000 records are
 * not sorted; otherwise they are.
 */
function oldestWithoutDeadline(requests: HitlRequest[], count: number): HitlRequest[] {
  const plain = requests.filter((r) => r.expiresAt === undefined);
  for (let i = 1; i < plain.length; i += 1)
    if (compareUrgentFirst(plain[i - 1]!, plain[i]!) > 0)
      return plain.sort(compareUrgentFirst).slice(0, count);
  return plain.slice(0, count);
}
