import { StrictMode, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import type { DesktopSettings } from '@contract/desktop-settings';
import type { HitlBridge } from '@contract/ipc/bridge';
import type { IpcEnvelope } from '@contract/ipc/channels';
import type { PhonePairingApi } from '@contract/phone-pairing';
import { InboxClientError, type InboxClient } from '../client/inbox-client';
import { App } from '../components/App';
import { I18nProvider } from '../i18n/I18nProvider';
import type { Language } from '../i18n/translate';
import { PopoverApp, type PopoverShell } from '../popover/PopoverApp';
import { SettingsView, type SettingsApi } from '../settings/SettingsView';
import type { RemoteBrokersApi } from '../settings/RemoteBrokersSection';
import { applyDesktopPrefs, rendererLanguage } from './desktop-prefs';
import './desktop.css';

export type DesktopView = 'popover' | 'settings' | 'main';

/** Which desktop view a window shows, from its URL hash (`index.html#popover`, `#settings`). */
export function desktopViewFor(hash: string): DesktopView {
  if (hash === '#popover') return 'popover';
  if (hash === '#settings') return 'settings';
  return 'main';
}

function unwrap<T>(envelope: IpcEnvelope<T>): T {
  if (envelope.ok) return envelope.value;
  throw new InboxClientError(envelope.error.message, envelope.error.code, envelope.error.status);
}

/** Settings over the preload bridge. */
export function bridgeSettingsApi(bridge: HitlBridge): SettingsApi {
  return {
    get: async () => unwrap(await bridge.getSettings()),
    update: async (patch) => unwrap(await bridge.updateSettings(patch)),
  };
}

/** The remote brokers of the settings over the preload bridge. */
export function bridgeBrokersApi(bridge: HitlBridge): RemoteBrokersApi {
  return {
    list: async () => unwrap(await bridge.listBrokers()),
    save: async (input) => unwrap(await bridge.saveBroker(input)),
    remove: async (name) => unwrap(await bridge.removeBroker({ name })),
    onChange: (listener) => bridge.onBrokersChanged(listener),
  };
}

/** Pairing a phone with the own broker over the preload bridge. */
export function bridgePhoneApi(bridge: HitlBridge): PhonePairingApi {
  return {
    createLink: async () => unwrap(await bridge.createPairingLink()),
    list: async () => unwrap(await bridge.listPhoneSessions()),
    revoke: async (id) => unwrap(await bridge.revokePhoneSession({ id })),
  };
}

/** Popover window controls over the preload bridge. */
export function bridgePopoverShell(bridge: HitlBridge): PopoverShell {
  return {
    hide: () => void bridge.hidePopover(),
    openInWindow: (id) => void bridge.openInWindow({ id }),
    onShowRequest: (listener) => bridge.onPopoverShowRequest(({ id }) => listener(id)),
  };
}

/** Selects a request's row in the inbox list once it is on screen (tries for about two seconds). */
function selectRowWhenShown(id: string, triesLeft = 120): void {
  const row = document.getElementById(`row-${id}`);
  if (row) row.click();
  else if (triesLeft > 0) requestAnimationFrame(() => selectRowWhenShown(id, triesLeft - 1));
}

function MainWindow({ client, bridge }: { client: InboxClient; bridge: HitlBridge }) {
  const [view, setView] = useState(() => desktopViewFor(location.hash));
  const settingsApi = useMemo(() => bridgeSettingsApi(bridge), [bridge]);
  const brokersApi = useMemo(() => bridgeBrokersApi(bridge), [bridge]);
  const phoneApi = useMemo(() => bridgePhoneApi(bridge), [bridge]);
  const go = (next: DesktopView) => {
    history.replaceState(null, '', next === 'settings' ? '#settings' : '#');
    setView(next);
  };
  useEffect(
    () =>
      bridge.onWindowShowRequest(({ id }) => {
        setView('main');
        history.replaceState(null, '', '#');
        selectRowWhenShown(id);
      }),
    [bridge],
  );
  if (view === 'settings')
    return (
      <SettingsView
        api={settingsApi}
        rules={client}
        brokers={brokersApi}
        phone={phoneApi}
        onBack={() => go('main')}
      />
    );
  return (
    <>
      <App client={client} />
      <button
        type="button"
        className="desktop-settings-link"
        onClick={() => go('settings')}
        aria-label="Settings"
        title="Settings"
      >
        ⚙
      </button>
    </>
  );
}

/** Keeps the window in the operator's language: a change in the settings re-renders in it. */
function DesktopRoot({
  bridge,
  initial,
  children,
}: {
  bridge: HitlBridge;
  initial: Language | undefined;
  children: ReactNode;
}) {
  const [language, setLanguage] = useState(initial);
  useEffect(
    () =>
      bridge.onSettingsChanged((next) => {
        applyDesktopPrefs(next);
        setLanguage(rendererLanguage(next.language));
      }),
    [bridge],
  );
  return (
    <I18nProvider key={language ?? 'system'} language={language}>
      {children}
    </I18nProvider>
  );
}

/** Renders the desktop app's view for this window (main window, popover or settings). */
export async function renderDesktop(
  root: Root,
  client: InboxClient,
  bridge: HitlBridge,
): Promise<void> {
  let settings: DesktopSettings | undefined;
  try {
    settings = unwrap(await bridge.getSettings());
    applyDesktopPrefs(settings);
  } catch {
    settings = undefined;
  }
  const view = desktopViewFor(location.hash);
  document.documentElement.dataset.view = view;
  const body =
    view === 'popover' ? (
      <PopoverApp client={client} shell={bridgePopoverShell(bridge)} />
    ) : view === 'settings' ? (
      <SettingsView
        api={bridgeSettingsApi(bridge)}
        rules={client}
        brokers={bridgeBrokersApi(bridge)}
        phone={bridgePhoneApi(bridge)}
      />
    ) : (
      <MainWindow client={client} bridge={bridge} />
    );
  root.render(
    <StrictMode>
      <DesktopRoot
        bridge={bridge}
        initial={settings ? rendererLanguage(settings.language) : undefined}
      >
        {body}
      </DesktopRoot>
    </StrictMode>,
  );
}
