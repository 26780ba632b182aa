import type { RunStatus } from '@contract/run-schemas';
import { useI18n } from '../i18n/I18nProvider';

const LABEL = {
  running: 'runStatusRunning',
  succeeded: 'runStatusSucceeded',
  failed: 'runStatusFailed',
  lost: 'runStatusLost',
} as const;

/** A run's status as a coloured, labelled badge. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  const { t } = useI18n();
  return <span className={`badge run-status run-${status}`}>{t(LABEL[status])}</span>;
}
