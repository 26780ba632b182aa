import type { HitlRequest } from '@contract/request';

/** Under this much time left a deadline is urgent, whatever its length. */
export const URGENT_MS = 60_000;
/** ...and so is the last tenth of any deadline. */
export const URGENT_FRACTION = 0.1;

/** `none`: no deadline; `deadline`: one, not near yet; `urgent`: near its end (or past it). */
export type Urgency = 'none' | 'deadline' | 'urgent';

/** Milliseconds left before the request expires (negative once past), or undefined without a deadline. */
export function timeLeft(request: HitlRequest, now: number): number | undefined {
  return request.expiresAt === undefined ? undefined : request.expiresAt - now;
}

/** How close a request is to its deadline: urgent under a minute or under 10 % of its wait left. */
export function urgencyOf(request: HitlRequest, now: number): Urgency {
  const left = timeLeft(request, now);
  if (left === undefined) return 'none';
  const total = Math.max(0, request.expiresAt! - request.createdAt);
  return left < URGENT_MS || left < total * URGENT_FRACTION ? 'urgent' : 'deadline';
}
