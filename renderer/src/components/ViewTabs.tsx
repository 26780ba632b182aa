import { useI18n } from '../i18n/I18nProvider';

/** The main window's views. */
export type View = 'inbox' | 'history' | 'runs' | 'rules' | 'phone';

/** The top bar's view tabs, with the pending and running counts. */
export function ViewTabs({
  view,
  count,
  running,
  show,
  showInbox,
}: {
  view: View;
  count: number;
  running: number;
  show: (view: View) => void;
  /** The Inbox tab: the inbox with no request asked for. */
  showInbox: () => void;
}) {
  const { t } = useI18n();
  return (
    <nav className="tabs" aria-label={t('views')}>
      <button type="button" aria-pressed={view === 'inbox'} onClick={showInbox}>
        {t('inbox')}{' '}
        <span className="count" aria-label={t('pendingCount', { n: count })}>
          {count}
        </span>
      </button>
      <button type="button" aria-pressed={view === 'history'} onClick={() => show('history')}>
        {t('history')}
      </button>
      <button type="button" aria-pressed={view === 'runs'} onClick={() => show('runs')}>
        {t('runs')}
        {running > 0 ? (
          <>
            {' '}
            <span className="count running" aria-label={t('runningCount', { n: running })}>
              {running}
            </span>
          </>
        ) : null}
      </button>
      <button type="button" aria-pressed={view === 'rules'} onClick={() => show('rules')}>
        {t('rules')}
      </button>
    </nav>
  );
}
