import { useI18n } from '../i18n/I18nProvider';

/** Shown while no run was reported: how to start one through the broker. */
export function RunsEmptyState() {
  const { t } = useI18n();
  return (
    <section className="empty-state runs-empty" aria-labelledby="runs-empty-title">
      <h2 id="runs-empty-title">{t('runsEmptyTitle')}</h2>
      <p>{t('runsEmptyIntro')}</p>
      <pre>
        <code>{'clarity-hitl run -- <agent command>'}</code>
      </pre>
      <pre>
        <code>{'clarity-hitl run -- python my_agent.py --task "draft the report"'}</code>
      </pre>
      <p className="hint">{t('runsEmptyHint')}</p>
    </section>
  );
}
