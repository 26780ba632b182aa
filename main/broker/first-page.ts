import type { HitlRequest } from '@contract/request';
import { compareInOrder, type SortOrder } from '@contract/request-order';
import { newestRequests } from './newest-requests';
import { insertSorted } from './insert-sorted';

/**
 * The first `limit` pending requests a window paints before the whole list arrives (SSE
 * `snapshot_limit`, IPC `inbox:list-pending {limit}`, the list in the served page). Without
 * `order`: the newest, oldest first. With an order (the inbox's: `urgent` soonest deadline then
 * oldest, `oldest`, `newest`): the top of the list in that order, in that order, so the page is
 * exactly the rows the list shows first and nothing moves when the rest arrives.
 */
export function firstPage(
  requests: HitlRequest[],
  limit: number,
  order?: SortOrder,
): HitlRequest[] {
  if (order === undefined) return newestRequests(requests, limit);
  return topInOrder(requests, limit, order);
}

/** The two numbers `compareInOrder` looks at first, smaller first: one read of each field. */
function rank(request: HitlRequest, order: SortOrder): [number, number] {
  return [
    order === 'urgent' ? (request.expiresAt ?? Infinity) : 0,
    order === 'newest' ? -request.createdAt : request.createdAt,
  ];
}

/**
 * The `count` first of `requests` in `order`, in that order, in one pass: a request that does
 * not beat the current last of the top is set aside by two numbers (its deadline and creation
 * time, read once), the others are placed by binary search. Sorting every record instead cost
 * 10,000 pending several ms per page (more when many share a creation time), on every page load
 * and every new window.
 */
function topInOrder(
  requests: readonly HitlRequest[],
  count: number,
  order: SortOrder,
): HitlRequest[] {
  const compare = (a: HitlRequest, b: HitlRequest) => compareInOrder(a, b, order);
  const top: HitlRequest[] = [];
  if (count <= 0) return top;
  let last: [number, number] = [Infinity, Infinity];
  for (const request of requests) {
    if (top.length === count) {
      const [first, second] = rank(request, order);
      if (first > last[0] || (first === last[0] && second > last[1])) continue;
      if (first === last[0] && second === last[1] && compare(request, top[count - 1]!) >= 0)
        continue;
    }
    insertSorted(top, request, compare);
    if (top.length > count) top.pop();
    if (top.length === count) last = rank(top[count - 1]!, order);
  }
  return top;
}
