import type { HitlRequest } from '@contract/request';
import { compareInOrder, type SortOrder } from '@contract/request-order';
import { newestRequests } from './newest-requests';

/**
 * The first `limit` pending requests a window paints before the whole list arrives (SSE
 * `snapshot_limit`, IPC `inbox:list-pending {limit}`). Without `order`: the newest, oldest first.
 * With an order (the inbox's: `urgent` soonest deadline then oldest, `oldest`, `newest`): the top
 * of the list in that order, in that order, so the page is exactly the rows the list shows first
 * and nothing moves when the rest arrives.
 */
export function firstPage(
  requests: HitlRequest[],
  limit: number,
  order?: SortOrder,
): HitlRequest[] {
  if (order === undefined) return newestRequests(requests, limit);
  if (order !== 'urgent') return topByTime(requests, limit, order);
  const withDeadline: HitlRequest[] = [];
  const plain: HitlRequest[] = [];
  for (const r of requests) (r.expiresAt === undefined ? plain : withDeadline).push(r);
  withDeadline.sort((a, b) => compareInOrder(a, b, 'urgent'));
  if (withDeadline.length >= limit) return withDeadline.slice(0, limit);
  return [...withDeadline, ...topByTime(plain, limit - withDeadline.length, 'oldest')];
}

/**
 * The `count` first of `requests` in `order` (by creation time, ties by id), in that order. Only
 * those at or past the count-th creation time are sorted with the comparator: at 10,000 pending
 * a numeric sort of the times and a filter cost a fraction of sorting every record.
 */
function topByTime(
  requests: HitlRequest[],
  count: number,
  order: 'newest' | 'oldest',
): HitlRequest[] {
  const compare = (a: HitlRequest, b: HitlRequest) => compareInOrder(a, b, order);
  if (count <= 0) return [];
  if (requests.length <= count) return [...requests].sort(compare);
  const times = Float64Array.from(requests, (r) => r.createdAt).sort();
  const cutoff = order === 'newest' ? times[times.length - count]! : times[count - 1]!;
  const near =
    order === 'newest'
      ? requests.filter((r) => r.createdAt >= cutoff)
      : requests.filter((r) => r.createdAt <= cutoff);
  return near.sort(compare).slice(0, count);
}
