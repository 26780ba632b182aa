import { useI18n } from '../i18n/I18nProvider';

/** The run's progress bar with its phase and percentage (an indeterminate bar without a pct). */
export function RunProgress({ phase, pct }: { phase?: string; pct?: number }) {
  const { t } = useI18n();
  if (phase === undefined && pct === undefined) return null;
  const value = pct === undefined ? undefined : Math.round(pct);
  const label = [phase, value === undefined ? undefined : `${value}%`].filter(Boolean).join(' · ');
  return (
    <div className="run-progress">
      <div
        className="run-progress-track"
        role="progressbar"
        aria-label={phase ? `${t('runProgress')}: ${phase}` : t('runProgress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div
          className={value === undefined ? 'run-progress-bar indeterminate' : 'run-progress-bar'}
          style={{ width: `${value ?? 100}%` }}
        />
      </div>
      <span className="run-progress-label">{label}</span>
    </div>
  );
}
