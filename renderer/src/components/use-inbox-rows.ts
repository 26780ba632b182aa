import { useMemo, useRef } from 'react';
import type { InboxState } from '../state/inbox-state';
import { triageOptions, triageRows } from '../state/triage';
import { useTriageView } from '../state/use-triage-view';
import { useInboxSnooze } from '../snooze/use-inbox-snooze';
import { useUnheldPending } from '../undo/use-unheld-pending';
import type { RequestListHandle } from './RequestList';
import type { HeldCard } from './use-departure-notices';

const NONE_HELD: readonly HeldCard[] = [];

/**
 * The inbox list's rows: the pending requests less those answered in the undo window and those
 * snoozed, plus the held cards (resolved elsewhere, kept until dismissed) in their place; searched,
 * filtered and grouped by the triage view. `ids` are the requests the list shows, in its order.
 */
export function useInboxRows(
  state: InboxState,
  now: number,
  held: readonly HeldCard[] = NONE_HELD,
) {
  const heldById = useMemo(
    () =>
      new Map(held.filter((h) => !state.pending.has(h.request.id)).map((h) => [h.request.id, h])),
    [held, state.pending],
  );
  const [view, updateView] = useTriageView();
  // Answers waiting in the undo window: their requests leave the list meanwhile.
  const { shown: unheld, held: answering, undo } = useUnheldPending(state.pending);
  // Snoozed requests leave the list too, until their time (or their deadline nears).
  const listRef = useRef<RequestListHandle>(null);
  const partial = state.partialTotal !== undefined;
  const snoozed = useInboxSnooze(state.pending, unheld, now, partial || !state.loaded, listRef);
  const shownPending = snoozed.shown;
  // The urgency filter changes with the clock; without it the rows only change with the list.
  const clock = view.urgency ? now : 0;
  // Held cards keep their place in the list until dismissed.
  const rows = useMemo(
    () =>
      triageRows(
        heldById.size
          ? [...shownPending, ...[...heldById.values()].map((h) => h.request)]
          : shownPending,
        view,
        clock || Date.now(),
      ),
    [shownPending, heldById, view, clock],
  );
  const options = useMemo(() => triageOptions(state.pending.values()), [state.pending]);
  const ids = useMemo(
    () => rows.flatMap((r) => (r.kind === 'request' ? [r.request.id] : [])),
    [rows],
  );
  return {
    heldById,
    view,
    updateView,
    answering,
    undo,
    listRef,
    partial,
    snoozed,
    rows,
    options,
    ids,
  };
}
