import { lazy, Suspense, useId, useState, type Ref } from 'react';
import type { Source } from '@contract/request';
import { useI18n } from '../i18n/I18nProvider';
import type { BulkResult } from './BulkDialog';
import type { TriageView } from '../state/triage';
import { TriageFilters } from './TriageFilters';

export interface TriageToolbarProps {
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

// Loaded when first requests are ticked: out of the inbox's first load.
const TriageSelection = lazy(() =>
  import('./TriageSelection').then((m) => ({ default: m.TriageSelection })),
);
// Loaded just after the first paint: it stays out of the inbox's first load.
const SavedFilters = lazy(() =>
  import('./SavedFilters').then((m) => ({ default: m.SavedFilters })),
);

/**
 * Search, order, filters (protocol, agent, urgency), grouping, saved filters and the selection.
 * One row: the search, the "Filters" button and the count; on a wide window the order, filters and
 * the rest follow in that row, on a narrow one (≤ 720 px) they open under it from that button.
 * The selection's bar (bulk deny/approve) shows only while requests are ticked or a result is told.
 */
export function TriageToolbar(props: TriageToolbarProps) {
  const { view, update, options, shown, total, selected } = props;
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const active = [view.source, view.group, view.urgency].filter(Boolean).length;
  const filtered = view.text.trim() !== '' || active > 0;
  return (
    <div className={open ? 'triage open' : 'triage'} role="search" aria-label={t('triageToolbar')}>
      <div className="triage-row triage-main">
        <input
          ref={props.searchRef}
          type="search"
          className="triage-search"
          aria-label={t('searchPending')}
          placeholder={t('searchPendingPlaceholder')}
          value={view.text}
          onChange={(e) => update({ text: e.target.value })}
        />
        <button
          type="button"
          className="secondary triage-more-toggle"
          aria-expanded={open}
          aria-controls={moreId}
          onClick={() => setOpen((o) => !o)}
        >
          {active ? t('filtersActive', { n: active }) : t('filtersToggle')}
        </button>
        <span className="hint triage-count" aria-live="polite">
          {filtered ? t('shownCount', { shown, total }) : t('pendingCount', { n: total })}
          {selected ? ` · ${t('selectedCount', { n: selected })}` : ''}
        </span>
      </div>
      <div id={moreId} className="triage-row triage-more">
        <TriageFilters view={view} update={update} options={options} />
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
      </div>
      {selected || props.result ? (
        <Suspense fallback={null}>
          <TriageSelection {...props} />
        </Suspense>
      ) : null}
    </div>
  );
}
