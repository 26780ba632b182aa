import { useEffect, useMemo, useRef, useState } from 'react';
import { currentId, type InboxState } from '../state/inbox-state';

interface Options {
  /** The ids the list shows, in its order. */
  ids: string[];
  state: InboxState;
  /** Whether a request is held (resolved elsewhere with a draft, its card kept). */
  isHeld: (id: string) => boolean;
  /** Only the newest page is loaded so far. */
  partial: boolean;
  /** The request to show first (e.g. opened from the Runs view). */
  initialId?: string;
  /** Show this request now (changes each time one is asked for). */
  openRequest?: { id: string };
}

/**
 * The request the inbox's card shows: the one chosen (a click, a key, a notification), or, when it
 * left, the one that took its place in the list. Only a request the list shows: one a filter hides
 * is never the card nor what a key answers (it is chosen again once the filter lets it show).
 */
export function useChosenRequest({ ids, state, isHeld, partial, initialId, openRequest }: Options) {
  const [chosenId, setChosenId] = useState<string | undefined>(initialId);
  useEffect(() => {
    if (openRequest) setChosenId(openRequest.id);
  }, [openRequest]);
  const lastIndex = useRef(0);
  // (A request the restarted broker re-read under a new id stays chosen under that id.)
  const chosen = chosenId === undefined ? undefined : currentId(state, chosenId);
  const visible = useMemo(() => new Set(ids), [ids]);
  const selectedId =
    chosen && visible.has(chosen) ? chosen : ids[Math.min(lastIndex.current, ids.length - 1)];
  const selectedIndex = selectedId ? ids.indexOf(selectedId) : -1;
  useEffect(() => {
    if (selectedIndex >= 0) lastIndex.current = selectedIndex;
  }, [selectedIndex]);
  // Pin the shown request, so a newer arrival at the top never swaps the card under a half-typed
  // answer; but not while only the newest page is loaded (the first of the whole list, the most
  // urgent or oldest, is yet to come).
  const hidden = !!chosen && selectedId !== chosen && (state.pending.has(chosen) || isHeld(chosen));
  // Only if nothing was chosen since this render: a key pressed before this effect ran wins.
  useEffect(() => {
    if (selectedId && selectedId !== chosenId && !partial && !hidden)
      setChosenId((current) => (current === chosenId ? selectedId : current));
  }, [selectedId, chosenId, partial, hidden]);
  return { selectedId, selectedIndex, choose: setChosenId };
}
