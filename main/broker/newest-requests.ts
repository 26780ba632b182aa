import type { HitlRequest } from '@contract/request';

/**
 * The `limit` newest of `requests` (by creation time), oldest first like the full pending list:
 * the first page a window paints before the whole list arrives (SSE `snapshot_limit`, IPC
 * `inbox:list-pending {limit}`).
 */
export function newestRequests(requests: HitlRequest[], limit: number): HitlRequest[] {
  if (requests.length <= limit) return requests;
  // Pending requests are kept in arrival order, which is nearly always creation order: then the
  // page is a slice. Otherwise, sorting 10,000 records with a comparator costs the first paint
  // ~15 ms: find the creation time of the limit-th newest with a numeric sort, and order only
  // those at or after it.
  if (isInOrder(requests)) return requests.slice(-limit);
  const times = Float64Array.from(requests, (r) => r.createdAt).sort();
  const cutoff = times[times.length - limit]!;
  return requests
    .filter((r) => r.createdAt >= cutoff)
    .sort(byCreation)
    .slice(-limit);
}

function byCreation(a: HitlRequest, b: HitlRequest): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function isInOrder(requests: HitlRequest[]): boolean {
  for (let i = 1; i < requests.length; i += 1)
    if (byCreation(requests[i - 1]!, requests[i]!) > 0) return false;
  return true;
}
