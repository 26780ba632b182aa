// Creates the two kinds of windows (main, popover) with the security policy applied.
import { BrowserWindow } from 'electron';
import type { WindowLike } from './electron-api';
import { remoteLoginUrl, type RemoteBrokerTarget } from './attach/remote-broker';
import { sameOrigin } from './attach/attach-decision';
import { wrapWindow } from './electron-adapter';
import { POPOVER_SIZE } from './popover/popover-controller';
import { appPage, appUrl } from './security/app-protocol';
import { applyWebContentsPolicy, secureWebPreferences } from './security/web-contents-policy';

export interface WindowFactoryOptions {
  preload: string;
  rendererIndex: string;
  /** Dev server URL (electron-vite dev) instead of the built index.html. */
  devUrl?: string;
  icon?: string;
  isOwnUrl: (url: string) => boolean;
  /** The app's one external opener (security/external-links.ts: createExternalOpener). */
  openExternal: (url: string) => void;
  /** True once the app is quitting: closing the main window then really closes it. */
  isQuitting: () => boolean;
}

function load(
  window: BrowserWindow,
  options: WindowFactoryOptions,
  hash?: string,
  attachedTo?: RemoteBrokerTarget,
): void {
  // Attached to a running broker: its own web inbox (HTTP + SSE), logged in by a one-time link.
  if (attachedTo) return void remoteLoginUrl(attachedTo).then((url) => window.loadURL(url));
  if (options.devUrl)
    void window.loadURL(
      hash ? new URL(`${appPage(hash)}#${hash}`, options.devUrl).href : options.devUrl,
    );
  // The built renderer comes over app:// (security/app-protocol.ts), never file://.
  else void window.loadURL(appUrl(hash));
}

function harden(
  window: BrowserWindow,
  options: WindowFactoryOptions,
  attachedTo?: RemoteBrokerTarget,
): void {
  const origin = attachedTo && new URL(attachedTo.url).origin;
  applyWebContentsPolicy(window.webContents, options.openExternal, (url) =>
    origin ? sameOrigin(url, origin) : options.isOwnUrl(url),
  );
}

/** The preferences: a broker's web page gets no preload (no IPC bridge into this app). */
function preferences(options: WindowFactoryOptions, attachedTo?: RemoteBrokerTarget) {
  const secure = secureWebPreferences(options.preload);
  if (!attachedTo) return secure;
  const { preload: _none, ...rest } = secure;
  return rest;
}

/** The main window: full inbox, history and settings. Closing hides it (the app lives in the tray). */
export function createMainWindow(
  options: WindowFactoryOptions,
  attachedTo?: RemoteBrokerTarget,
): WindowLike {
  const window = new BrowserWindow({
    width: 1100,
    height: 760,
    minWidth: 640,
    minHeight: 420,
    show: false,
    title: 'HITL Broker',
    icon: options.icon,
    webPreferences: preferences(options, attachedTo),
  });
  harden(window, options, attachedTo);
  window.on('close', (event) => {
    if (!options.isQuitting()) {
      event.preventDefault();
      window.hide();
    }
  });
  window.once('ready-to-show', () => window.show());
  load(window, options, undefined, attachedTo);
  return wrapWindow(window);
}

/** The tray popover: small, frameless, on top, out of the taskbar; placed by PopoverController. */
export function createPopoverWindow(
  options: WindowFactoryOptions,
  attachedTo?: RemoteBrokerTarget,
): WindowLike {
  const window = new BrowserWindow({
    ...POPOVER_SIZE,
    show: false,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    alwaysOnTop: true,
    title: 'HITL Broker',
    webPreferences: preferences(options, attachedTo),
  });
  harden(window, options, attachedTo);
  load(window, options, 'popover', attachedTo);
  return wrapWindow(window);
}
