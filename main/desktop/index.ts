// The Electron main process entry. Thin on purpose: it builds the real Electron API and hands it
// to DesktopApp (desktop-app.ts), where the logic lives and is tested with fakes.
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, dialog, ipcMain, net, protocol, safeStorage, screen, session, shell } from 'electron';
import ElectronStore from 'electron-store';
import { resolveStateDir } from '../broker/persistence/state-dir';
import { startBrokerService } from '../service/broker-service';
import { builtPaths } from './app-paths';
import { DesktopApp } from './desktop-app';
import { createTray, loginItems, notificationApi } from './electron-adapter';
import { createSenderCheck } from './ipc/sender-check';
import { LinuxAutostart } from './login-items/linux-autostart';
import { denyAllPermissions } from './security/web-contents-policy';
import { createExternalOpener } from './security/external-links';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES } from './security/app-protocol';
import { appProtocolHandler } from './security/app-protocol-handler';
import { createMainWindow, createPopoverWindow, type WindowFactoryOptions } from './windows';
import { installTestHooks } from './test-hooks';
import { LaunchArgsError, parseLaunchArgs, remotesFromEnv, type LaunchArgs } from './launch-args';
import { loadElectronUpdater } from './updater/app-updater-source';
import { readConfig } from '../config/config-schema';

// The desktop's own variables (main/config). A bad value is said in one line (exit 2).
const env = desktopEnv();
// Tests and portable runs pass a user-data dir; the broker state follows CLARITY_HITL_STATE_DIR.
if (env.userDataDir) app.setPath('userData', env.userDataDir);
app.setAppUserModelId('dev.clarity.hitl-broker');
// The renderer's own scheme (before ready): windows load app://bundle/index.html, not file://.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

const paths = builtPaths(import.meta.url, app.getAppPath());
const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const isTrustedSender = createSenderCheck({ indexFile: paths.rendererIndex, devUrl });
let quitting = false;
const log = (message: string) => console.log(`hitl-desktop: ${message}`);
// Every external open of the app goes through this one allow-list.
const openExternal = createExternalOpener((url) => shell.openExternal(url), log);
const windowOptions: WindowFactoryOptions = {
  preload: paths.preload,
  rendererIndex: paths.rendererIndex,
  devUrl,
  icon: paths.appIcon,
  isOwnUrl: isTrustedSender,
  isQuitting: () => quitting,
  openExternal: (url) => void openExternal(url),
};

// The Electron e2e tests observe the tray and notifications through these hooks (off otherwise).
const observed = installTestHooks(env.testHooks === true, {
  createTray: () => createTray(paths.trayIcon),
  notifications: notificationApi,
});

// `npm start -- --port 7900`: serve-like flags after the app path (scripts/start.js passes them).
// A bad value is a usage error (exit 2), said in one line naming the flag.
let launch: LaunchArgs;
try {
  launch = parseLaunchArgs(process.argv.slice(1));
  launch.remotes = [...remotesFromEnv(process.env), ...launch.remotes];
} catch (error) {
  if (!(error instanceof LaunchArgsError)) throw error;
  console.error(`hitl-desktop: ${error.message}`);
  process.exit(2);
}

const desktop = new DesktopApp({
  app: {
    requestSingleInstanceLock: () => app.requestSingleInstanceLock(),
    onSecondInstance: (listener) => void app.on('second-instance', listener),
    quit: () => app.quit(),
    getLocale: () => app.getLocale(),
  },
  platform: process.platform,
  stateDir: resolveStateDir(),
  ipc: {
    handle: (channel, handler) =>
      ipcMain.handle(channel, (event, payload) =>
        handler({ frameUrl: event.senderFrame?.url }, payload),
      ),
    removeHandler: (channel) => ipcMain.removeHandler(channel),
  },
  isTrustedSender,
  screen,
  notifications: observed.notifications,
  // Electron's login items cover macOS and Windows; Linux desktops read XDG autostart entries.
  loginItems:
    process.platform === 'linux'
      ? new LinuxAutostart({
          exec: process.env.APPIMAGE ?? process.execPath,
          args: app.isPackaged ? [] : [app.getAppPath()],
        })
      : loginItems(app),
  createTray: observed.createTray,
  createMainWindow: (attachedTo) => createMainWindow(windowOptions, attachedTo),
  createPopoverWindow: (attachedTo) => createPopoverWindow(windowOptions, attachedTo),
  openExternal: (url) => void openExternal(url),
  createSettingsBackend: (options) => new ElectronStore(options),
  startService: (options) => startBrokerService(options),
  extraDirs: [...(env.handshakeDir ? [env.handshakeDir] : []), ...launch.dirs],
  // Checks the GitHub releases named by electron-builder's `publish` config (app-update.yml,
  // written into packaged builds only): a run from source never updates itself.
  updater: app.isPackaged ? { load: () => loadElectronUpdater(log) } : undefined,
  log,
  launch: { port: launch.port, token: launch.token, remotes: launch.remotes },
  port: launch.port,
  safeStorage,
});

app.on('web-contents-created', (_event, contents) =>
  contents.on('will-attach-webview', (e) => e.preventDefault()),
);
// A tray app: closing every window does not quit.
app.on('window-all-closed', () => {});
app.on('activate', () => desktop.openMainWindow());

let shutDown = false;
app.on('before-quit', (event) => {
  quitting = true;
  if (shutDown) return;
  event.preventDefault();
  void desktop.shutdown().finally(() => {
    shutDown = true;
    app.quit();
  });
});

void app.whenReady().then(async () => {
  denyAllPermissions(session.defaultSession);
  const rendererDir = dirname(paths.rendererIndex);
  protocol.handle(
    APP_SCHEME,
    appProtocolHandler({
      rendererDir,
      fetchFile: (file) => net.fetch(pathToFileURL(file).toString()),
      popoverData: () => desktop.popoverPageData(),
    }),
  );
  try {
    if (!(await desktop.start())) return;
    if (!launch.hidden) desktop.openMainWindow();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`hitl-desktop: could not start: ${message}`);
    // A running broker is attached to inside start(); anything left here is a real failure.
    dialog.showErrorBox('HITL Broker could not start', message);
    app.exit(1);
  }
});

/** The desktop's settings from the environment; a bad variable ends the app with one line. */
function desktopEnv() {
  try {
    return readConfig(process.env, ['userDataDir', 'testHooks', 'handshakeDir']);
  } catch (error) {
    console.error(`hitl-desktop: ${(error as Error).message}`);
    return process.exit(2);
  }
}
