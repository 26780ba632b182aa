import type { AppUpdater } from 'electron-updater';
import type { UpdateSource } from './update-source';

/** The part of electron-updater's AppUpdater the desktop uses. */
export type AppUpdaterLike = Pick<
  AppUpdater,
  'checkForUpdates' | 'quitAndInstall' | 'on' | 'autoDownload' | 'autoInstallOnAppQuit' | 'logger'
>;

/**
 * electron-updater's AppUpdater as an UpdateSource: downloads in the background, reports its
 * events by version, and sends its own log lines to ours (warnings and errors only).
 */
export function wrapAppUpdater(
  updater: AppUpdaterLike,
  log: (message: string) => void = () => {},
): UpdateSource {
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  // Its errors also arrive as `error` events, which the controller logs once.
  updater.logger = {
    info: () => {},
    warn: (m: unknown) => log(`updater: ${String(m)}`),
    error: () => {},
  };
  return {
    async check() {
      try {
        const result = await updater.checkForUpdates();
        // A failed download is reported through the `error` event; the promise must not go unhandled.
        result?.downloadPromise?.catch(() => undefined);
      } catch {
        // Reported through the `error` event.
      }
    },
    quitAndInstall: () => updater.quitAndInstall(false, true),
    setInstallOnQuit: (on) => void (updater.autoInstallOnAppQuit = on),
    on: ((event: string, listener: (value: unknown) => void) => {
      if (event === 'available') updater.on('update-available', (info) => listener(info.version));
      else if (event === 'not-available')
        updater.on('update-not-available', (info) => listener(info.version));
      else if (event === 'downloaded')
        updater.on('update-downloaded', (info) => listener(info.version));
      else if (event === 'progress')
        updater.on('download-progress', (info) => listener(info.percent));
      else if (event === 'error') updater.on('error', (error) => listener(error));
    }) as UpdateSource['on'],
  };
}

/**
 * The app's updater: electron-updater, imported only when the first check runs (it loads
 * Electron at import, so the core never imports it).
 */
export async function loadElectronUpdater(log: (message: string) => void): Promise<UpdateSource> {
  const module = await import('electron-updater');
  // A CommonJS module: its `autoUpdater` getter is on the default export under ESM.
  const { autoUpdater } = module.default ?? module;
  return wrapAppUpdater(autoUpdater, log);
}
