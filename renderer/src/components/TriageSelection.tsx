import { useI18n } from '../i18n/I18nProvider';
import type { BulkResult } from './BulkDialog';

/**
 * The selection's bar: the last bulk result, and while requests are ticked, Clear selection,
 * Approve… (when they may be approved together) and Deny or cancel…. Nothing otherwise.
 */
export function TriageSelection({
  selected,
  result,
  clearSelection,
  startApprove,
  startBulk,
}: {
  selected: number;
  result?: BulkResult;
  clearSelection: () => void;
  startApprove?: () => void;
  startBulk: () => void;
}) {
  const { t } = useI18n();
  if (!selected && !result) return null;
  return (
    <div className="triage-row triage-status">
      {result ? (
        <span className={result.failed ? 'error' : 'hint'} role="status">
          {t(result.approved ? 'bulkApproveDone' : 'bulkDone', { n: result.resolved })}
          {result.failed
            ? ` ${t('bulkFailed', { n: result.failed, error: result.error ?? '' })}`
            : ''}
        </span>
      ) : null}
      {selected ? (
        <>
          <button type="button" className="secondary" onClick={clearSelection}>
            {t('clearSelection')}
          </button>
          {startApprove ? (
            <button type="button" className="secondary" onClick={startApprove}>
              {t('bulkApproveStart')}
            </button>
          ) : null}
          <button type="button" className="danger" onClick={startBulk}>
            {t('bulkStart')}
          </button>
        </>
      ) : null}
    </div>
  );
}
