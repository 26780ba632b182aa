import type { Source } from '@contract/request';
import { useI18n } from '../i18n/I18nProvider';
import { SORT_ORDERS, type SortOrder, type TriageView } from '../state/triage';

const ORDER_LABELS = {
  urgent: 'orderUrgent',
  oldest: 'orderOldest',
  newest: 'orderNewest',
} as const;

/** The list's order, its filters (protocol, agent, urgency) and grouping by agent. */
export function TriageFilters({
  view,
  update,
  options,
}: {
  view: TriageView;
  update: (patch: Partial<TriageView>) => void;
  options: { groups: { key: string; label: string }[]; sources: Source[] };
}) {
  const { t } = useI18n();
  return (
    <>
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
    </>
  );
}
