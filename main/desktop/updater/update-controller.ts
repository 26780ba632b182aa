import type { UpdateSource, UpdateStatus } from './update-source';

/** First check after start: late enough not to slow the launch. */
export const FIRST_CHECK_DELAY_MS = 60_000;
/** Then every four hours while the app runs. */
export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

export interface UpdateControllerOptions {
  /** Loads the updater on first use (electron-updater imports Electron); undefined if unusable. */
  loadSource: () => Promise<UpdateSource | undefined>;
  /** The `autoUpdate` setting at start. */
  enabled: boolean;
  /** Why restarting now would interrupt the operator (requests pending, answering), or undefined. */
  busy: () => string | undefined;
  /** Called after every status change (to redraw the tray). */
  onChange?: (status: UpdateStatus) => void;
  log?: (message: string) => void;
  firstCheckDelayMs?: number;
  intervalMs?: number;
}

/** What `installNow` did. */
export type InstallResult =
  { done: 'restarting' } | { done: 'deferred'; reason: string } | { done: 'nothing-ready' };

/**
 * Background auto-update: checks after a delay at start and then periodically, downloads in the
 * background, and installs only on an explicit operator action when nothing is pending, or else
 * on the next normal quit. Turning it off stops checking and installing on quit.
 */
export class UpdateController {
  private status: UpdateStatus = { state: 'idle' };
  private enabled: boolean;
  private source: UpdateSource | undefined;
  private loading: Promise<UpdateSource | undefined> | undefined;
  private firstTimer: ReturnType<typeof setTimeout> | undefined;
  private intervalTimer: ReturnType<typeof setInterval> | undefined;
  private checking: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: UpdateControllerOptions) {
    this.enabled = options.enabled;
  }

  /** The current status. */
  get current(): UpdateStatus {
    return this.status;
  }

  /** The version ready to install (shown in the tray), while updates are on. */
  readyVersion(): string | undefined {
    return this.enabled && this.status.state === 'ready' ? this.status.version : undefined;
  }

  /** Schedules the first check and the periodic ones (when enabled). */
  start(): void {
    this.stopped = false;
    if (this.enabled) this.schedule();
  }

  /** Follows the `autoUpdate` setting: off stops checks and installing on quit. */
  setEnabled(on: boolean): void {
    if (on === this.enabled) return;
    this.enabled = on;
    this.source?.setInstallOnQuit(on);
    this.clearTimers();
    if (on && !this.stopped) this.schedule();
    this.options.onChange?.(this.status);
  }

  /** One check now (also what the timers run). Resolves when the check has finished. */
  checkNow(): Promise<void> {
    if (!this.enabled || this.stopped || this.status.state === 'ready') return Promise.resolve();
    this.checking ??= this.runCheck().finally(() => (this.checking = undefined));
    return this.checking;
  }

  /**
   * The operator asked to restart into the update: only when nothing is pending; otherwise it
   * stays set to install on the next normal quit.
   */
  installNow(): InstallResult {
    const version = this.readyVersion();
    if (!version || !this.source) return { done: 'nothing-ready' };
    const reason = this.options.busy();
    if (reason) {
      this.options.log?.(`update ${version} not installed now: ${reason}; it installs on quit`);
      return { done: 'deferred', reason };
    }
    this.options.log?.(`restarting to install update ${version}`);
    this.source.quitAndInstall();
    return { done: 'restarting' };
  }

  /** Stops the timers (on shutdown); a downloaded update still installs on quit if enabled. */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
  }

  private schedule(): void {
    const { firstCheckDelayMs = FIRST_CHECK_DELAY_MS, intervalMs = CHECK_INTERVAL_MS } =
      this.options;
    this.firstTimer = setTimeout(() => void this.checkNow(), firstCheckDelayMs);
    this.intervalTimer = setInterval(() => void this.checkNow(), intervalMs);
    this.firstTimer.unref?.();
    this.intervalTimer.unref?.();
  }

  private clearTimers(): void {
    clearTimeout(this.firstTimer);
    clearInterval(this.intervalTimer);
    this.firstTimer = this.intervalTimer = undefined;
  }

  private async runCheck(): Promise<void> {
    const source = await this.load();
    if (!source || !this.enabled || this.stopped) return;
    this.set({ state: 'checking' });
    await source.check();
    // A check that emitted nothing (an inactive updater, e.g. an unpackaged run) leaves no trace.
    if (this.status.state === 'checking') this.set({ state: 'idle' });
  }

  private load(): Promise<UpdateSource | undefined> {
    this.loading ??= this.options.loadSource().then(
      (source) => {
        if (source) this.attach(source);
        else this.options.log?.('auto-update is not available in this build');
        return source;
      },
      (error: unknown) => {
        this.options.log?.(`auto-update could not start: ${describe(error)}`);
        return undefined;
      },
    );
    return this.loading;
  }

  private attach(source: UpdateSource): void {
    this.source = source;
    source.setInstallOnQuit(this.enabled);
    source.on('available', (version) => {
      this.options.log?.(`update ${version} found; downloading`);
      this.set({ state: 'downloading', version, percent: 0 });
    });
    source.on('progress', (percent) => {
      if (this.status.state === 'downloading') this.set({ ...this.status, percent });
    });
    source.on('downloaded', (version) => {
      this.options.log?.(`update ${version} downloaded; it installs on restart`);
      this.set({ state: 'ready', version });
    });
    source.on('not-available', (version) => this.set({ state: 'current', version }));
    source.on('error', (error) => {
      this.options.log?.(`update check failed: ${error.message}`);
      // A failed later check does not forget an update that is already downloaded.
      if (this.status.state !== 'ready') this.set({ state: 'error', message: error.message });
    });
  }

  private set(status: UpdateStatus): void {
    this.status = status;
    this.options.onChange?.(status);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
