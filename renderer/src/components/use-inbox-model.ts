import { useEffect, useMemo, useReducer, useRef } from 'react';
import type { InboxClient } from '../client/inbox-client';
import { useDirProblems } from '../hooks/use-dir-problems';
import { useInboxChecks } from '../hooks/use-inbox-checks';
import { useUnreadable } from '../hooks/use-unreadable';
import type { InboxAction, InboxState } from '../state/inbox-state';
import { emptySelection, selectionReducer } from '../state/selection';
import type { QuestionCardHandle } from './QuestionCard';
import { useBulkDialogs } from './use-bulk-dialogs';
import { useChosenRequest } from './use-chosen-request';
import type { HeldCard } from './use-departure-notices';
import { useInboxRows } from './use-inbox-rows';

/** The Inbox's props. */
export interface InboxProps {
  client: InboxClient;
  state: InboxState;
  now: number;
  dispatch: (action: InboxAction) => void;
  /** `bulk`: one of a bulk deny/cancel (reported as a whole, not one notice each). */
  onResolving: (id: string, bulk?: boolean) => void;
  onResolveFailed: (id: string) => void;
  /** The request to show first (e.g. opened from the Runs view). */
  initialId?: string;
  /** Show this request now (changes each time one is asked for, e.g. a notification's click). */
  openRequest?: { id: string };
  /** Requests resolved elsewhere whose cards stay (with the draft) until dismissed. */
  held?: readonly HeldCard[];
  onDismissHeld?: (id: string) => void;
}

/** What the Inbox shows and acts on: `useInboxModel`'s result. */
export type InboxModel = ReturnType<typeof useInboxModel>;

/**
 * The Inbox's state: the list's rows (useInboxRows), the requests ticked for a bulk action and
 * its dialogs, the request the card shows (`listed`; `selected` once fully checked, `checked`
 * saying why not), the problems to list (unreadable files, handshake dirs) and the refs the keys
 * reach (search box, card, detail pane).
 */
export function useInboxModel(props: InboxProps) {
  const { client, state } = props;
  const rows = useInboxRows(state, props.now, props.held);
  const { heldById, listRef } = rows;
  const [ticked, select] = useReducer(selectionReducer, emptySelection);
  useEffect(() => select({ type: 'keep', pending: state.pending }), [state.pending]);
  const bulk = useBulkDialogs({
    client,
    ticked: useMemo(
      () => [...ticked.ids].flatMap((id) => state.pending.get(id) ?? []),
      [ticked.ids, state.pending],
    ),
    onResolving: props.onResolving,
    onResolveFailed: props.onResolveFailed,
    clear: () => select({ type: 'clear' }),
    closed: () => listRef.current?.focus(),
  });
  const chosen = useChosenRequest({
    ids: rows.ids,
    state,
    isHeld: (id) => heldById.has(id),
    partial: rows.partial,
    initialId: props.initialId,
    openRequest: props.openRequest,
  });
  const { selectedId } = chosen;
  const heldCard = selectedId ? heldById.get(selectedId) : undefined;
  const listed = selectedId ? (state.pending.get(selectedId) ?? heldCard?.request) : undefined;
  // Snapshot requests were only checked as far as the list reads them: the card gets the full
  // check, once the checks have loaded (just after the first paint).
  const checks = useInboxChecks();
  const checked = useMemo(
    () => (listed && checks ? checks.checkRequest(listed) : undefined),
    [listed, checks],
  );
  const unreadable = useUnreadable(client);
  const dirProblems = useDirProblems(client, rows.ids.length);
  const searchRef = useRef<HTMLInputElement>(null);
  const detailRef = useRef<HTMLElement>(null);
  const cardRef = useRef<QuestionCardHandle>(null);
  return {
    ...rows,
    ...chosen,
    ticked,
    select,
    bulk,
    heldCard,
    listed,
    checks,
    checked,
    unreadable,
    dirProblems,
    selected: checked?.ok ? checked.request : undefined,
    searchRef,
    detailRef,
    cardRef,
  };
}
