/** How the pending list is ordered: soonest deadline first (then oldest), oldest first, newest first. */
export const SORT_ORDERS = ['urgent', 'oldest', 'newest'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** What the inbox's orders read of a request. */
export interface Orderable {
  id: string;
  createdAt: number;
  expiresAt?: number;
}

const byId = (a: Orderable, b: Orderable) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Orders two requests by `order`; ties go to the id so the order is stable. `urgent` (the
 * default) is soonest deadline first, then the rest oldest first: the agent that has waited
 * longest on top. The broker's first page of a snapshot, the early paint and the app's list all
 * use this one comparison, so the first rows never move.
 */
export function compareInOrder(a: Orderable, b: Orderable, order: SortOrder): number {
  if (order === 'urgent') {
    const ea = a.expiresAt ?? Infinity;
    const eb = b.expiresAt ?? Infinity;
    if (ea !== eb) return ea < eb ? -1 : 1;
  }
  if (order === 'newest') return b.createdAt - a.createdAt || byId(a, b);
  return a.createdAt - b.createdAt || byId(a, b);
}
