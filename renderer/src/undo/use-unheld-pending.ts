import { useEffect, useMemo } from 'react';
import type { HitlRequest } from '@contract/request';
import { useUndo } from './undo-context';

/**
 * The pending requests the list shows while answers wait in the undo window: those left out (the
 * next one shows at once), `held` how many are, and a held answer whose request was resolved
 * elsewhere meanwhile is dropped (nothing of ours to send).
 */
export function useUnheldPending(pending: ReadonlyMap<string, HitlRequest>) {
  const undo = useUndo();
  const heldIds = undo?.heldIds;
  // Iterable again on each use (the list's rows are recomputed as the search changes).
  const shown = useMemo<Iterable<HitlRequest>>(
    () =>
      heldIds?.size
        ? [...pending.values()].filter((r) => !heldIds.has(r.id))
        : { [Symbol.iterator]: () => pending.values() },
    [pending, heldIds],
  );
  useEffect(() => {
    for (const id of heldIds ?? []) if (!pending.has(id)) undo?.drop(id);
  }, [pending, heldIds, undo]);
  const held = heldIds ? [...heldIds].filter((id) => pending.has(id)).length : 0;
  return { shown, held, undo };
}
