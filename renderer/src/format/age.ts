/** Short age like "now", "42s", "5m", "3h", "2d" (units are language-neutral; `nowLabel` is not). */
export function formatAge(ms: number, nowLabel = 'now'): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 5) return nowLabel;
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}

/** The document title: pending count first so it shows in a narrow tab. */
export function inboxTitle(pendingCount: number, appName: string): string {
  return pendingCount > 0 ? `(${pendingCount}) ${appName}` : appName;
}
