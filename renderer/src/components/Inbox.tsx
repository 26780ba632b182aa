import { useEffect, useMemo, useReducer, useRef } from 'react';
import type { InboxClient } from '../client/inbox-client';
import { useInboxChecks } from '../hooks/use-inbox-checks';
import { useI18n } from '../i18n/I18nProvider';
import { pendingCount, type InboxAction, type InboxState } from '../state/inbox-state';
import { emptySelection, selectionReducer } from '../state/selection';
import { triageOptions, triageRows } from '../state/triage';
import { useTriageView } from '../state/use-triage-view';
import { useBulkDialogs } from './use-bulk-dialogs';
import { TriageToolbar } from './TriageToolbar';
import { AgentContextPanel, EmptyState, ProblemLists } from './LazyPanels';
import { QuestionCard, type QuestionCardHandle } from './QuestionCard';
import { optionKeysOf } from '../keys/editing';
import { KeyHint } from '../keys/LazyKeyHelp';
import { RequestList, type RequestListHandle } from './RequestList';
import { useChosenRequest } from './use-chosen-request';
import { useListKeyboard } from './use-list-keyboard';
import { useUnreadable } from '../hooks/use-unreadable';
import { useDirProblems } from '../hooks/use-dir-problems';
import type { HeldCard } from './use-departure-notices';
import '../layout-compact.css';
import { useUnheldPending } from '../undo/use-unheld-pending';
import { useInboxSnooze } from '../snooze/use-inbox-snooze';

interface Props {
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

const NONE_HELD: readonly HeldCard[] = [];

/**
 * Pending requests (soonest deadline first by default; searchable, filterable, optionally grouped
 * by agent, several selectable for one bulk deny/cancel) beside the selected card and its agent's
 * context. Cards resolved elsewhere while the operator had a draft stay (held) until dismissed.
 */
export function Inbox({
  client,
  state,
  now,
  dispatch,
  onResolving,
  onResolveFailed,
  initialId,
  openRequest,
  held = NONE_HELD,
  onDismissHeld,
}: Props) {
  const { t } = useI18n();
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
  const [ticked, select] = useReducer(selectionReducer, emptySelection);
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => select({ type: 'keep', pending: state.pending }), [state.pending]);
  const bulk = useBulkDialogs({
    client,
    ticked: useMemo(
      () => [...ticked.ids].flatMap((id) => state.pending.get(id) ?? []),
      [ticked.ids, state.pending],
    ),
    onResolving,
    onResolveFailed,
    clear: () => select({ type: 'clear' }),
    closed: () => listRef.current?.focus(),
  });
  const ids = useMemo(
    () => rows.flatMap((r) => (r.kind === 'request' ? [r.request.id] : [])),
    [rows],
  );
  const { selectedId, selectedIndex, choose } = useChosenRequest({
    ids,
    state,
    isHeld: (id) => heldById.has(id),
    partial,
    initialId,
    openRequest,
  });
  const detailRef = useRef<HTMLElement>(null);
  const cardRef = useRef<QuestionCardHandle>(null);
  const heldCard = selectedId ? heldById.get(selectedId) : undefined;
  const listed = selectedId ? (state.pending.get(selectedId) ?? heldCard?.request) : undefined;
  // Snapshot requests were only checked as far as the list reads them: the card gets the full
  // check, once the checks have loaded (just after the first paint).
  const checks = useInboxChecks();
  const checked = useMemo(
    () => (listed && checks ? checks.checkRequest(listed) : undefined),
    [listed, checks],
  );
  const selected = checked?.ok ? checked.request : undefined;
  // The agent's context takes a column beside the card only when it has something to show.
  const withContext = !!selected?.agent && !!state.agentMessages.get(selected.agent.id)?.length;
  const unreadable = useUnreadable(client);
  const dirProblems = useDirProblems(client, ids.length);
  const problems = (
    <ProblemLists
      dirProblems={dirProblems}
      unreadable={unreadable.items}
      onDismiss={unreadable.dismiss}
    />
  );

  useListKeyboard({
    move: (delta) => {
      if (!ids.length) return;
      const next = Math.max(
        0,
        Math.min(ids.length - 1, (selectedIndex < 0 ? 0 : selectedIndex) + delta),
      );
      choose(ids[next]);
    },
    focusAnswer: () =>
      detailRef.current?.querySelector<HTMLElement>('[data-answer-focus]')?.focus(),
    back: () => listRef.current?.focus(),
    answerKey: (action) => cardRef.current?.act(action),
    shown: () => ({
      kind: selected?.input.kind,
      optionKeys: selected ? optionKeysOf(selected.input) : [],
    }),
    toggle: () => selectedId && select({ type: 'toggle', id: selectedId }),
    selectAll: () => select({ type: 'all', visible: ids }),
    search: () => searchRef.current?.focus(),
    undo: () => {
      const id = undo?.undo();
      if (id) choose(id);
    },
    bulk: bulk.deny,
    bulkApprove: () => bulk.approve?.(),
    ticked: () => ticked.ids.size > 0,
    snooze: () => snoozed.start(selectedId),
    markDone: () => detailRef.current?.querySelector<HTMLElement>('[data-mark-done]')?.click(),
  });
  const onCheck = (id: string, range: boolean) =>
    select(range ? { type: 'range', id, visible: ids } : { type: 'toggle', id });
  const toolbar = (
    <TriageToolbar
      view={view}
      update={updateView}
      options={options}
      shown={ids.length}
      total={pendingCount(state)}
      selected={ticked.ids.size}
      selectAll={() => select({ type: 'all', visible: ids })}
      clearSelection={() => select({ type: 'clear' })}
      startBulk={bulk.deny}
      startApprove={bulk.approve}
      result={bulk.result}
      searchRef={searchRef}
    />
  );
  const dialog = bulk.dialog ?? snoozed.dialog;

  if (!state.loaded) return <p className="hint center">{t('loading')}</p>;
  if (ids.length === 0 && state.pending.size > answering) {
    return (
      <div className="inbox-column">
        {problems}
        {toolbar}
        {snoozed.bar}
        {/* Everything left is snoozed: the "N snoozed" toggle says so. */}
        {state.pending.size > answering + snoozed.asleep ? (
          <p className="hint center">{t('noPendingMatch')}</p>
        ) : null}
      </div>
    );
  }
  if (ids.length === 0) {
    return unreadable.items.length || dirProblems.length ? (
      <div className="inbox-column">
        {problems}
        <p className="hint center">{t('unreadableOnly')}</p>
      </div>
    ) : (
      <EmptyState client={client} />
    );
  }
  return (
    <div className="inbox-column">
      {problems}
      {dialog}
      {/* Above list and card: on a wide window the search and filters take one row. */}
      {toolbar}
      <div className="inbox">
        <div className="list-column">
          <RequestList
            ref={listRef}
            rows={rows}
            loadingMore={state.partialTotal !== undefined}
            selectedId={selectedId}
            resolvedIds={heldById}
            now={now}
            onSelect={choose}
            checked={ticked.ids}
            onCheck={onCheck}
          />
        </div>
        <section ref={detailRef} className="detail" aria-label={t('request')}>
          {selected ? (
            <div className={withContext ? 'detail-grid with-context' : 'detail-grid'}>
              <QuestionCard
                ref={cardRef}
                key={selected.id}
                request={selected}
                client={client}
                now={now}
                onResolving={onResolving}
                onResolveFailed={onResolveFailed}
                resolved={
                  heldCard
                    ? { gone: heldCard.gone, onDismiss: () => onDismissHeld?.(heldCard.request.id) }
                    : undefined
                }
              />
              {selected.agent ? (
                <AgentContextPanel
                  agent={selected.agent}
                  client={client}
                  messages={state.agentMessages.get(selected.agent.id)}
                  dispatch={dispatch}
                />
              ) : null}
            </div>
          ) : checked && !checked.ok ? (
            <p className="error" role="alert">
              {t('malformedRequest', { error: checked.reason })}
            </p>
          ) : listed && !checks ? null : (
            <p className="hint center">{t('selectRequest')}</p>
          )}
          {snoozed.bar}
          <KeyHint />
        </section>
      </div>
    </div>
  );
}
