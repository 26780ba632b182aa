import { useCallback, useEffect, useMemo, useState } from 'react';
import type { HitlRequest } from '@contract/request';
import { asleepIds, readSnoozes, writeSnoozes, type Snoozes } from './snooze-store';

/**
 * The operator's snoozes in this browser (or app): `shown` leaves out the requests asleep at
 * `now`, `asleep` lists them (in the list's order of ids). A snooze whose request is no longer
 * pending (answered elsewhere) or that has ended is forgotten, unless the list is not loaded yet
 * or only partly (`partial`: the request may be on a page still to come).
 */
export function useSnoozed(
  pending: ReadonlyMap<string, HitlRequest>,
  shownPending: Iterable<HitlRequest>,
  now: number,
  partial: boolean,
) {
  const [snoozes, setSnoozes] = useState<Snoozes>(() => readSnoozes());
  const update = useCallback((change: (next: Map<string, number>) => void) => {
    setSnoozes((current) => {
      const next = new Map(current);
      change(next);
      writeSnoozes(next);
      return next;
    });
  }, []);
  const asleep = asleepIds(snoozes, pending, now);
  // A string, so the list is only recomputed when who is asleep changes (not on every tick).
  const asleepKey = asleep.join('\n');
  const shown = useMemo<Iterable<HitlRequest>>(() => {
    if (!asleepKey) return shownPending;
    const out = new Set(asleepKey.split('\n'));
    return [...shownPending].filter((r) => !out.has(r.id));
  }, [shownPending, asleepKey]);
  useEffect(() => {
    if (partial) return;
    const awake = new Set(asleepKey.split('\n'));
    const stale = [...snoozes.keys()].filter((id) => !awake.has(id));
    if (stale.length) update((next) => stale.forEach((id) => next.delete(id)));
  }, [snoozes, pending, asleepKey, partial, update]);
  return {
    shown,
    asleep: asleep.flatMap((id) => pending.get(id) ?? []),
    until: (id: string) => snoozes.get(id),
    snooze: (id: string, until: number) => update((next) => void next.set(id, until)),
    unsnooze: (id: string) => update((next) => void next.delete(id)),
  };
}
