import { isSafeExternalUrl } from './external-links';

/** The parts of webContents the policy hooks (Electron's WebContents fits). */
export interface PolicyWebContents {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  /** Any frame (iframes too) about to navigate; Electron passes the URL on the event. */
  on(
    event: 'will-frame-navigate',
    listener: (event: { preventDefault(): void; url: string }) => void,
  ): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** The parts of a session the policy hooks. */
export interface PolicySession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
}

/**
 * Locks a window's contents down: no navigation (of any frame) away from the app, no new windows (an http(s)
 * link the operator clicked opens in the system browser instead), no <webview>.
 */
export function applyWebContentsPolicy(
  contents: PolicyWebContents,
  openExternal: (url: string) => void,
  isOwnUrl: (url: string) => boolean,
): void {
  const blockNavigation = (event: { preventDefault(): void }, url: string) => {
    if (!isOwnUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', blockNavigation);
  contents.on('will-redirect', blockNavigation);
  // will-navigate sees the main frame only: a subframe navigating elsewhere is stopped here.
  contents.on('will-frame-navigate', (event) => blockNavigation(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) openExternal(url);
    return { action: 'deny' };
  });
}

/** Denies every permission request and check (camera, notifications from pages, geolocation, ...). */
export function denyAllPermissions(session: PolicySession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** The BrowserWindow webPreferences every window uses. */
export function secureWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  } as const;
}
