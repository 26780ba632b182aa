import { useCallback, useEffect, useState } from 'react';
import type { InboxClient } from '../client/inbox-client';
import { useAttention } from '../attention/use-attention';
import { desktopBridge } from '../client/desktop-bridge';
import { useDraftFollowing } from '../drafts/use-draft-following';
import { useKeptDrafts } from '../drafts/use-kept-drafts';
import { inboxTitle } from '../format/age';
import { useI18n } from '../i18n/I18nProvider';
import { useNow } from '../hooks/use-now';
import { pendingCount } from '../state/inbox-state';
import { useInbox } from '../state/use-inbox';
import { useRunningCount } from '../runs/use-running-count';
import { useTheme } from '../theme/use-theme';
import { ConnectionBanner } from './ConnectionBanner';
import { Notices } from './Notices';
import { UndoProvider } from '../undo/UndoProvider';
import { useDepartureNotices } from './use-departure-notices';
import { KeyHelp } from '../keys/LazyKeyHelp';
import { MainView } from './MainView';
import { Preferences } from './LazyPreferences';
import { ViewTabs, type View } from './ViewTabs';
import { watchKeys } from '../keys/reflex-guard';
import { useHelpKey } from '../keys/use-help-key';

/** The whole main-window UI over any InboxClient (HTTP + SSE in a browser, IPC on the desktop). */
export function App({ client }: { client: InboxClient }) {
  const { t } = useI18n();
  const [theme, setTheme] = useTheme();
  const [view, setView] = useState<View>('inbox');
  /** A request to show in the Inbox (a Runs view link, a clicked notification). */
  const [open, setOpen] = useState<{ id: string } | undefined>();
  const setOpenId = useCallback((id: string | undefined) => setOpen(id ? { id } : undefined), []);
  const { state, connection, dispatch } = useInbox(client);
  const now = useNow();
  const departure = useDepartureNotices(state.departures);
  const { notices, dismiss, held, restoreHeld } = departure;
  useDraftFollowing(state);
  useKeptDrafts(state, client, held, restoreHeld);
  const count = pendingCount(state);
  /** Shows a request in the Inbox (a Runs view link, a clicked notification). */
  const openRequest = useCallback(
    (id: string) => {
      setOpenId(id);
      setView('inbox');
    },
    [setOpenId],
  );
  const attention = useAttention(state, count, openRequest, !desktopBridge());
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
        <ViewTabs
          view={view}
          count={count}
          running={running}
          show={setView}
          showInbox={() => {
            setOpenId(undefined);
            setView('inbox');
          }}
        />
        <Preferences
          attention={attention}
          theme={theme}
          setTheme={setTheme}
          phoneShown={view === 'phone'}
          showPhone={() => setView('phone')}
          showHelp={() => setHelp(true)}
        />
      </header>
      <UndoProvider now={now}>
        <ConnectionBanner state={connection} />
        <Notices notices={notices} dismiss={dismiss} />
        <main className="main">
          <MainView
            view={view}
            client={client}
            state={state}
            now={now}
            dispatch={dispatch}
            notices={departure}
            open={open}
            openRequest={openRequest}
          />
        </main>
        {help ? <KeyHelp onClose={closeHelp} /> : null}
      </UndoProvider>
    </div>
  );
}
