import type { DesktopStrings } from '../desktop-strings';
import { UpdateController } from './update-controller';
import type { UpdateSource } from './update-source';

/** The updater and when it checks (defaults: a minute after start, then every 4 hours). */
export interface UpdaterDeps {
  /** Loads the updater on its first check; undefined when it cannot run. */
  load: () => Promise<UpdateSource | undefined>;
  firstCheckDelayMs?: number;
  intervalMs?: number;
}

export interface DesktopUpdatesOptions {
  /** None: the app never updates itself. */
  updater?: UpdaterDeps;
  /** The `autoUpdate` setting at start. */
  enabled: boolean;
  /** Requests waiting for the operator. */
  pendingCount: () => number;
  /** The popover is open (the operator may be typing an answer). */
  popoverOpen: () => boolean;
  strings: () => DesktopStrings;
  /** Tells the operator something (a native notification). */
  tell: (message: string) => void;
  /** Redraws the tray (the update line appears or goes). */
  render: () => void;
  log?: (message: string) => void;
}

/**
 * Auto-update as the desktop uses it: the controller, what counts as interrupting the operator
 * (requests pending, the popover open), and what the operator is told when a restart must wait.
 */
export class DesktopUpdates {
  readonly controller: UpdateController;
  private shownVersion: string | undefined;

  constructor(private readonly options: DesktopUpdatesOptions) {
    this.controller = new UpdateController({
      loadSource: options.updater?.load ?? (async () => undefined),
      enabled: options.enabled,
      busy: () => this.busyReason(),
      onChange: () => this.redrawIfChanged(),
      log: options.log,
      firstCheckDelayMs: options.updater?.firstCheckDelayMs,
      intervalMs: options.updater?.intervalMs,
    });
  }

  /** The downloaded version the tray offers to restart into. */
  readyVersion(): string | undefined {
    return this.controller.readyVersion();
  }

  /** The tray's "restart to install": now if nothing waits, else on the next quit (and says so). */
  install(): void {
    const version = this.readyVersion();
    const result = this.controller.installNow();
    if (version && result.done === 'deferred')
      this.options.tell(this.options.strings().updateDeferred(version, result.reason));
  }

  private busyReason(): string | undefined {
    const strings = this.options.strings();
    const pending = this.options.pendingCount();
    if (pending > 0) return strings.pendingReason(pending);
    if (this.options.popoverOpen()) return strings.answeringReason;
    return undefined;
  }

  /** Download progress changes the status often; the tray changes only with the ready version. */
  private redrawIfChanged(): void {
    const version = this.readyVersion();
    if (version === this.shownVersion) return;
    this.shownVersion = version;
    this.options.render();
  }
}
