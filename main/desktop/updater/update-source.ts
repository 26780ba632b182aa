/**
 * What the desktop needs of an auto-updater, as a small interface: electron-updater's AppUpdater
 * behind `wrapAppUpdater` in the app, fakes in tests.
 */
export interface UpdateSource {
  /**
   * Looks for a newer release on the update feed; one found downloads in the background.
   * Never rejects: a failed check or download arrives as an `error` event.
   */
  check(): Promise<void>;
  /** Quits the app, installs the downloaded update and starts the new version. */
  quitAndInstall(): void;
  /** Whether a downloaded update installs when the app quits normally. */
  setInstallOnQuit(on: boolean): void;
  on(
    event: 'available' | 'not-available' | 'downloaded',
    listener: (version: string) => void,
  ): void;
  /** Download progress, 0–100. */
  on(event: 'progress', listener: (percent: number) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}

/** Where the updater is: nothing known yet, up to date, downloading, ready to install, or failed. */
export type UpdateStatus =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'current'; version: string }
  | { state: 'downloading'; version: string; percent: number }
  | { state: 'ready'; version: string }
  | { state: 'error'; message: string };
