/** What the inbox's default order reads of a request. */
export interface Orderable {
  id: string;
  createdAt: number;
  expiresAt?: number;
}

/**
 * The inbox's default order: soonest deadline first, then the rest oldest first (the agent that
 * has waited longest on top); ties go to the id so the order is stable. The web page's first
 * snapshot page, the early paint and the app's list all use this one comparison.
 */
export function compareUrgentFirst(a: Orderable, b: Orderable): number {
  const ea = a.expiresAt ?? Infinity;
  const eb = b.expiresAt ?? Infinity;
  if (ea !== eb) return ea < eb ? -1 : 1;
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
