import type { HitlRequest } from '@contract/request';
import { insertSorted } from './insert-sorted';

/**
 * The `limit` newest of `requests` (by creation time), oldest first like the full pending list:
 * the first page a window paints before the whole list arrives (SSE `snapshot_limit`, IPC
 * `inbox:list-pending {limit}`).
 */
export function newestRequests(requests: HitlRequest[], limit: number): HitlRequest[] {
  if (requests.length <= limit) return requests;
  if (limit <= 0) return [];
  // Pending requests are kept in arrival order, which is creation order for requests that arrive
  // live: then the page is a slice. After a start-up scan they are in directory order: one pass
  // keeps the newest `limit` (sorting 10,000 records cost every SSE connection or window ~5 ms,
  // 100,000 several times that).
  if (isInOrder(requests)) return requests.slice(-limit);
  const top: HitlRequest[] = [];
  for (const request of requests) {
    if (top.length === limit && byCreation(request, top[0]!) <= 0) continue;
    insertSorted(top, request, byCreation);
    if (top.length > limit) top.shift();
  }
  return top;
}

function byCreation(a: HitlRequest, b: HitlRequest): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function isInOrder(requests: HitlRequest[]): boolean {
  for (let i = 1; i < requests.length; i += 1)
    if (byCreation(requests[i - 1]!, requests[i]!) > 0) return false;
  return true;
}
