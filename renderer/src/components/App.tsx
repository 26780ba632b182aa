import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { InboxClient } from '../client/inbox-client';
import { AttentionControls } from '../attention/AttentionControls';
import { useAttention } from '../attention/use-attention';
import { desktopBridge } from '../client/desktop-bridge';
import { useDraftFollowing } from '../drafts/use-draft-following';
import { useKeptDrafts } from '../drafts/use-kept-drafts';
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
import { UndoProvider } from '../undo/UndoProvider';
import { useDepartureNotices } from './use-departure-notices';
import { KeyHelp } from '../keys/LazyKeyHelp';
import { keyText } from '../keys/key-strings';
import { HeaderMenu } from './HeaderMenu';
import { watchKeys } from '../keys/reflex-guard';
import { useHelpKey } from '../keys/use-help-key';

type View = 'inbox' | 'history' | 'runs' | 'rules' | 'phone';
/** The other views load when first opened, so the inbox's first paint does not wait for them. */
const HistoryView = lazy(() => import('./HistoryView').then((m) => ({ default: m.HistoryView })));
const RunsView = lazy(() => import('../runs/RunsView').then((m) => ({ default: m.RunsView })));
const RulesView = lazy(() => import('../rules/RulesView').then((m) => ({ default: m.RulesView })));
const WebPairPhoneView = lazy(() =>
  import('../phone/WebPairPhoneView').then((m) => ({ default: m.WebPairPhoneView })),
);
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '简体中文' };

/** The whole main-window UI over any InboxClient (HTTP + SSE in a browser, IPC on the desktop). */
export function App({ client }: { client: InboxClient }) {
  const { t, language, setLanguage } = useI18n();
  const [theme, setTheme] = useTheme();
  const [view, setView] = useState<View>('inbox');
  /** A request to show in the Inbox (a Runs view link, a clicked notification). */
  const [open, setOpen] = useState<{ id: string } | undefined>();
  const openId = open?.id;
  const setOpenId = useCallback((id: string | undefined) => setOpen(id ? { id } : undefined), []);
  const { state, connection, dispatch } = useInbox(client);
  const now = useNow();
  const { notices, dismiss, onResolving, onResolveFailed, held, dismissHeld, restoreHeld } =
    useDepartureNotices(state.departures);
  useDraftFollowing(state);
  useKeptDrafts(state, client, held, restoreHeld);
  const count = pendingCount(state);
  const attention = useAttention(
    state,
    count,
    useCallback(
      (id: string) => {
        setOpenId(id);
        setView('inbox');
      },
      [setOpenId],
    ),
    !desktopBridge(),
  );
  const running = useRunningCount(client);
  const [help, setHelp] = useState(false);
  const closeHelp = useCallback(() => setHelp(false), []);
  useHelpKey(() => setHelp(true));
  useEffect(() => watchKeys(), []);

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
        <HeaderMenu>
          {desktopBridge() ? null : <AttentionControls {...attention} />}
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
          {desktopBridge() ? null : (
            <button
              type="button"
              className="link"
              data-close-menu
              aria-pressed={view === 'phone'}
              onClick={() => setView('phone')}
            >
              {t('pairPhone')}
            </button>
          )}
          <button
            type="button"
            className="link key-help-open"
            aria-label={keyText(language, 'helpOpen')}
            title={keyText(language, 'helpOpen')}
            onClick={() => setHelp(true)}
          >
            ?
          </button>
        </HeaderMenu>
      </header>
      <UndoProvider now={now}>
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
              openRequest={open}
              held={held}
              onDismissHeld={dismissHeld}
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
          ) : view === 'phone' ? (
            <Suspense fallback={<p className="hint center">{t('loading')}</p>}>
              <WebPairPhoneView />
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
        {help ? <KeyHelp onClose={closeHelp} /> : null}
      </UndoProvider>
    </div>
  );
}
