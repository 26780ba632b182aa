import { lazy, Suspense, useEffect, useState } from 'react';
import type { InboxClient } from '../client/inbox-client';
import { inboxTitle } from '../format/age';
import { useI18n } from '../i18n/I18nProvider';
import { LANGUAGES, type Language } from '../i18n/translate';
import { useNow } from '../hooks/use-now';
import { pendingCount } from '../state/inbox-state';
import { useInbox } from '../state/use-inbox';
import { useRunningCount } from '../runs/use-running-count';
import { useTheme, type ThemePreference } from '../theme/use-theme';
import { ConnectionBanner } from './ConnectionBanner';
import { Inbox } from './Inbox';
import { Notices } from './Notices';
import { useDepartureNotices } from './use-departure-notices';

type View = 'inbox' | 'history' | 'runs' | 'rules';
/** The other views load when first opened, so the inbox's first paint does not wait for them. */
const HistoryView = lazy(() => import('./HistoryView').then((m) => ({ default: m.HistoryView })));
const RunsView = lazy(() => import('../runs/RunsView').then((m) => ({ default: m.RunsView })));
const RulesView = lazy(() => import('../rules/RulesView').then((m) => ({ default: m.RulesView })));
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '简体中文' };

/** The whole main-window UI over any InboxClient (HTTP + SSE in a browser, IPC on the desktop). */
export function App({ client }: { client: InboxClient }) {
  const { t, language, setLanguage } = useI18n();
  const [theme, setTheme] = useTheme();
  const [view, setView] = useState<View>('inbox');
  /** A request to show when the Inbox opens (a Runs view link). */
  const [openId, setOpenId] = useState<string | undefined>();
  const { state, connection, dispatch } = useInbox(client);
  const now = useNow();
  const { notices, dismiss, onResolving, onResolveFailed } = useDepartureNotices(state.departures);
  const count = pendingCount(state);
  const running = useRunningCount(client);

  useEffect(() => {
    document.title = inboxTitle(count, t('appName'));
  }, [count, t]);

  return (
    <div className="app">
      <header className="topbar">
        <h1 className="brand">{t('appName')}</h1>
        <nav className="tabs" aria-label={t('views')}>
          <button
            type="button"
            aria-pressed={view === 'inbox'}
            onClick={() => {
              setOpenId(undefined);
              setView('inbox');
            }}
          >
            {t('inbox')}{' '}
            <span className="count" aria-label={t('pendingCount', { n: count })}>
              {count}
            </span>
          </button>
          <button
            type="button"
            aria-pressed={view === 'history'}
            onClick={() => setView('history')}
          >
            {t('history')}
          </button>
          <button type="button" aria-pressed={view === 'runs'} onClick={() => setView('runs')}>
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
          <button type="button" aria-pressed={view === 'rules'} onClick={() => setView('rules')}>
            {t('rules')}
          </button>
        </nav>
        <div className="prefs">
          <label>
            <span className="visually-hidden">{t('themeLabel')}</span>
            <select
              aria-label={t('themeLabel')}
              value={theme}
              onChange={(e) => setTheme(e.target.value as ThemePreference)}
            >
              <option value="system">{t('themeSystem')}</option>
              <option value="light">{t('themeLight')}</option>
              <option value="dark">{t('themeDark')}</option>
            </select>
          </label>
          <label>
            <span className="visually-hidden">{t('languageLabel')}</span>
            <select
              aria-label={t('languageLabel')}
              value={language}
              onChange={(e) => setLanguage(e.target.value as Language)}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>
      <ConnectionBanner state={connection} />
      <Notices notices={notices} dismiss={dismiss} />
      <main className="main">
        {view === 'inbox' ? (
          <Inbox
            client={client}
            state={state}
            now={now}
            dispatch={dispatch}
            onResolving={onResolving}
            onResolveFailed={onResolveFailed}
            initialId={openId}
          />
        ) : view === 'runs' ? (
          <Suspense fallback={<p className="hint center">{t('loading')}</p>}>
            <RunsView
              client={client}
              pending={state.pending}
              now={now}
              onOpenRequest={(id) => {
                setOpenId(id);
                setView('inbox');
              }}
            />
          </Suspense>
        ) : view === 'rules' ? (
          <Suspense fallback={<p className="hint center">{t('loading')}</p>}>
            <RulesView api={client} />
          </Suspense>
        ) : (
          <Suspense fallback={<p className="hint center">{t('loading')}</p>}>
            <HistoryView client={client} refreshKey={state.departures.at(-1)?.n ?? 0} />
          </Suspense>
        )}
      </main>
    </div>
  );
}
