import { lazy, Suspense, type Ref } from 'react';
import type { Source } from '@contract/request';
import { useI18n } from '../i18n/I18nProvider';
import type { BulkResult } from './BulkDialog';
import { SORT_ORDERS, type SortOrder, type TriageView } from '../state/triage';

interface Props {
  view: TriageView;
  update: (patch: Partial<TriageView>) => void;
  options: { groups: { key: string; label: string }[]; sources: Source[] };
  shown: number;
  total: number;
  selected: number;
  selectAll: () => void;
  clearSelection: () => void;
  startBulk: () => void;
  /** Approve the ticked requests; undefined when they may not be approved together. */
  startApprove?: () => void;
  searchRef: Ref<HTMLInputElement>;
  /** The last bulk deny/cancel, reported until the next one. */
  result?: BulkResult;
}

// Loaded just after the first paint: it stays out of the inbox's first load.
const SavedFilters = lazy(() =>
  import('./SavedFilters').then((m) => ({ default: m.SavedFilters })),
);

const ORDER_LABELS = {
  urgent: 'orderUrgent',
  oldest: 'orderOldest',
  newest: 'orderNewest',
} as const;

/** Search, filters (protocol, agent, urgency), order, grouping and the bulk-selection bar. */
export function TriageToolbar(props: Props) {
  const { view, update, options, shown, total, selected } = props;
  const { t } = useI18n();
  const filtered = view.text.trim() !== '' || !!view.source || !!view.group || !!view.urgency;
  return (
    <div className="triage" role="search" aria-label={t('triageToolbar')}>
      <div className="triage-row">
        <input
          ref={props.searchRef}
          type="search"
          className="triage-search"
          aria-label={t('searchPending')}
          placeholder={t('searchPendingPlaceholder')}
          value={view.text}
          onChange={(e) => update({ text: e.target.value })}
        />
        <select
          aria-label={t('orderLabel')}
          value={view.order}
          onChange={(e) => update({ order: e.target.value as SortOrder })}
        >
          {SORT_ORDERS.map((o) => (
            <option key={o} value={o}>
              {t(ORDER_LABELS[o])}
            </option>
          ))}
        </select>
      </div>
      <div className="triage-row">
        <select
          aria-label={t('filterProtocol')}
          value={view.source ?? ''}
          onChange={(e) => update({ source: (e.target.value || undefined) as Source | undefined })}
        >
          <option value="">{t('filterAllProtocols')}</option>
          {options.sources.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <select
          aria-label={t('filterAgent')}
          value={view.group ?? ''}
          onChange={(e) => update({ group: e.target.value || undefined })}
        >
          <option value="">{t('filterAllAgents')}</option>
          {options.groups.map((g) => (
            <option key={g.key} value={g.key}>
              {g.label}
            </option>
          ))}
        </select>
        <select
          aria-label={t('filterUrgency')}
          value={view.urgency ?? ''}
          onChange={(e) =>
            update({ urgency: (e.target.value || undefined) as TriageView['urgency'] })
          }
        >
          <option value="">{t('filterAnyUrgency')}</option>
          <option value="urgent">{t('urgencyUrgent')}</option>
          <option value="any-deadline">{t('urgencyAnyDeadline')}</option>
          <option value="none">{t('urgencyNone')}</option>
        </select>
        <label className="triage-check">
          <input
            type="checkbox"
            checked={view.groupByAgent}
            onChange={(e) => update({ groupByAgent: e.target.checked })}
          />
          {t('groupByAgent')}
        </label>
      </div>
      <div className="triage-row triage-status">
        <span className="hint" aria-live="polite">
          {filtered ? t('shownCount', { shown, total }) : t('pendingCount', { n: total })}
          {selected ? ` · ${t('selectedCount', { n: selected })}` : ''}
        </span>
        {props.result ? (
          <span className={props.result.failed ? 'error' : 'hint'} role="status">
            {t(props.result.approved ? 'bulkApproveDone' : 'bulkDone', {
              n: props.result.resolved,
            })}
            {props.result.failed
              ? ` ${t('bulkFailed', { n: props.result.failed, error: props.result.error ?? '' })}`
              : ''}
          </span>
        ) : null}
        <Suspense fallback={null}>
          <SavedFilters view={view} update={update} filtered={filtered} />
        </Suspense>
        {filtered ? (
          <button
            type="button"
            className="link"
            onClick={() =>
              update({ text: '', source: undefined, group: undefined, urgency: undefined })
            }
          >
            {t('clearFilters')}
          </button>
        ) : null}
        <button type="button" className="secondary" disabled={!shown} onClick={props.selectAll}>
          {t('selectAllShown')}
        </button>
        {selected ? (
          <>
            <button type="button" className="secondary" onClick={props.clearSelection}>
              {t('clearSelection')}
            </button>
            {props.startApprove ? (
              <button type="button" className="secondary" onClick={props.startApprove}>
                {t('bulkApproveStart')}
              </button>
            ) : null}
            <button type="button" className="danger" onClick={props.startBulk}>
              {t('bulkStart')}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
