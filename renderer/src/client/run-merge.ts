import type { RunDetail, RunEntry, RunUpdated } from '@contract/run-schemas';

/** Entries the UI keeps per run (the broker keeps as many). */
export const RUN_ENTRY_LIMIT = 2_000;

/**
 * A run's detail after an update: the new summary, and its entries upserted by `n` (a merged
 * token comes again with the same `n`), in order, the newest RUN_ENTRY_LIMIT. Pure.
 */
export function mergeRunUpdate(kept: RunDetail | undefined, update: RunUpdated): RunDetail {
  if (update.entries.length === 0) return { run: update.run, entries: kept?.entries ?? [] };
  const old = kept?.entries ?? [];
  const lastN = old.at(-1)?.n ?? -1;
  // The usual case: only new entries, in order.
  if (update.entries.every((e, i) => e.n > (i === 0 ? lastN : update.entries[i - 1]!.n))) {
    const entries = [...old, ...update.entries].slice(-RUN_ENTRY_LIMIT);
    return { run: update.run, entries };
  }
  const byN = new Map<number, RunEntry>();
  for (const entry of old) byN.set(entry.n, entry);
  for (const entry of update.entries) byN.set(entry.n, entry);
  const entries = [...byN.values()].sort((a, b) => a.n - b.n).slice(-RUN_ENTRY_LIMIT);
  return { run: update.run, entries };
}
