import { useI18n } from '../i18n/I18nProvider';
import { pendingCount } from '../state/inbox-state';
import { TriageToolbar } from './TriageToolbar';
import { EmptyState, ProblemLists } from './LazyPanels';
import { RequestList } from './RequestList';
import '../layout-compact.css';
import { InboxDetail } from './InboxDetail';
import { useInboxKeys } from './use-inbox-keys';
import { useInboxModel, type InboxProps } from './use-inbox-model';

/**
 * Pending requests (soonest deadline first by default; searchable, filterable, optionally grouped
 * by agent, several selectable for one bulk deny/cancel) beside the selected card and its agent's
 * context. Cards resolved elsewhere while the operator had a draft stay (held) until dismissed.
 */
export function Inbox(props: InboxProps) {
  const { client, state } = props;
  const { t } = useI18n();
  const m = useInboxModel(props);
  const { ids, ticked, select, bulk, snoozed, unreadable, dirProblems } = m;
  const problems = (
    <ProblemLists
      dirProblems={dirProblems}
      unreadable={unreadable.items}
      onDismiss={unreadable.dismiss}
    />
  );
  useInboxKeys(m);
  const toolbar = (
    <TriageToolbar
      view={m.view}
      update={m.updateView}
      options={m.options}
      shown={ids.length}
      total={pendingCount(state)}
      selected={ticked.ids.size}
      selectAll={() => select({ type: 'all', visible: ids })}
      clearSelection={() => select({ type: 'clear' })}
      startBulk={bulk.deny}
      startApprove={bulk.approve}
      result={bulk.result}
      searchRef={m.searchRef}
    />
  );

  if (!state.loaded) return <p className="hint center">{t('loading')}</p>;
  if (ids.length === 0 && state.pending.size > m.answering) {
    return (
      <div className="inbox-column">
        {problems}
        {toolbar}
        {snoozed.bar}
        {/* Everything left is snoozed: the "N snoozed" toggle says so. */}
        {state.pending.size > m.answering + snoozed.asleep ? (
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
      {bulk.dialog ?? snoozed.dialog}
      {/* Above list and card: on a wide window the search and filters take one row. */}
      {toolbar}
      <div className="inbox">
        <div className="list-column">
          <RequestList
            ref={m.listRef}
            rows={m.rows}
            loadingMore={m.partial}
            selectedId={m.selectedId}
            resolvedIds={m.heldById}
            now={props.now}
            onSelect={m.choose}
            checked={ticked.ids}
            onCheck={(id, range) =>
              select(range ? { type: 'range', id, visible: ids } : { type: 'toggle', id })
            }
          />
        </div>
        <InboxDetail {...props} model={m} />
      </div>
    </div>
  );
}
