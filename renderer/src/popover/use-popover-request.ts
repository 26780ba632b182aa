import { useEffect, useMemo, useRef, useState } from 'react';
import type { HitlRequest } from '@contract/request';
import type { HeldCard } from '../components/use-departure-notices';
import type { InboxState } from '../state/inbox-state';
import { compareRequests } from '../state/triage';
import { useTriageView } from '../state/use-triage-view';

/** Which request the popover shows, among the pending ones in the main window's order. */
export interface PopoverRequest {
  pending: HitlRequest[];
  /** The shown request's place in `pending`. */
  index: number;
  /** The pending request on screen (undefined while a held card shows, or nothing is pending). */
  request: HitlRequest | undefined;
  /** What the card shows: the held card's request, else `request`. */
  shown: HitlRequest | undefined;
  heldCard: HeldCard | undefined;
  /** Shows this request (null: the first). */
  want(id: string | null): void;
}

/**
 * The popover's one request at a time: the wanted one, else the one at the last place (so an
 * answered request gives way to the next), soonest deadline first then oldest (the main window's
 * order, unless the operator chose another). A request on screen resolved elsewhere while it had
 * a draft stays (held) until dismissed.
 */
export function usePopoverRequest(state: InboxState, held: readonly HeldCard[]): PopoverRequest {
  const [{ order }] = useTriageView();
  const pending = useMemo(
    () => [...state.pending.values()].sort((a, b) => compareRequests(a, b, order)),
    [state.pending, order],
  );
  const [wanted, setWanted] = useState<string | null>(null);
  const lastIndex = useRef(0);
  let index = wanted ? pending.findIndex((r) => r.id === wanted) : 0;
  if (index < 0) index = Math.min(lastIndex.current, Math.max(0, pending.length - 1));
  const shownId = useRef<string | null>(null);
  // `wanted` too: an answer of ours that lost a race brings its card back, held.
  const heldCard = held.find(
    (h) =>
      (h.request.id === shownId.current || h.request.id === wanted) &&
      !state.pending.has(h.request.id),
  );
  const request = heldCard ? undefined : pending[index];
  const shown = heldCard?.request ?? request;
  useEffect(() => {
    lastIndex.current = index;
    shownId.current = shown?.id ?? null;
  }, [index, shown?.id]);
  return { pending, index, request, shown, heldCard, want: setWanted };
}
