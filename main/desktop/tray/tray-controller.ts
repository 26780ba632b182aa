import type { Broker } from '../../broker/broker';
import type { DeliveryLedger } from '../../broker/delivery-state';
import { desktopStrings } from '../desktop-strings';
import type { TrayLike } from '../electron-api';
import { buildTrayMenu, type TrayMenuActions } from './tray-menu';

export interface TrayControllerOptions {
  tray: TrayLike;
  broker: Pick<Broker, 'pending' | 'subscribe'>;
  /** The own broker's deliveries: answers not yet delivered count with the pending requests. */
  deliveries?: Pick<DeliveryLedger, 'failing' | 'subscribe'>;
  platform: string;
  /** Current settings the menu shows (read on every render). */
  state: () => {
    doNotDisturb: boolean;
    startAtLogin: boolean;
    language: string;
    /** The version of a downloaded update waiting for a restart. */
    updateReady?: string;
  };
  actions: TrayMenuActions;
  /** A left click on the icon (where the OS reports it): open the popover. */
  onClick: () => void;
}

/** Platforms where a tray title (text beside the icon) is shown. */
export function supportsTrayTitle(platform: string): boolean {
  return platform === 'darwin' || platform === 'linux';
}

/**
 * Keeps the tray in step with the inbox: icon variant (idle / pending), the count as the title
 * where the OS shows one (pending requests plus answers not yet delivered), tooltip, and the
 * context menu with the oldest pending requests.
 */
export class TrayController {
  private unsubscribe: (() => void) | undefined;
  private lastCount = -1;

  constructor(private readonly options: TrayControllerOptions) {}

  /** Renders once and follows every broker event from now on. */
  start(): void {
    this.options.tray.on('click', this.options.onClick);
    const offEvents = this.options.broker.subscribe(() => this.render());
    const offDeliveries = this.options.deliveries?.subscribe(() => this.render());
    this.unsubscribe = () => (offEvents(), offDeliveries?.());
    this.render();
  }

  /** Redraws icon, title, tooltip and menu (call after a settings change too). */
  render(): void {
    const { tray, platform } = this.options;
    const pending = this.options.broker.pending();
    const undelivered = this.options.deliveries?.failing ?? 0;
    const count = pending.length + undelivered;
    const state = this.options.state();
    const strings = desktopStrings(state.language);
    if (count !== this.lastCount) {
      tray.setImage(count > 0 ? 'pending' : 'idle');
      if (supportsTrayTitle(platform)) tray.setTitle(count > 0 ? String(count) : '');
      this.lastCount = count;
    }
    const update = state.updateReady ? `\n${strings.updateReady(state.updateReady)}` : '';
    const stuck = undelivered ? `\n${strings.undelivered(undelivered)}` : '';
    tray.setToolTip(strings.tooltip(pending.length) + stuck + update);
    tray.setContextMenu(buildTrayMenu({ pending, ...state }, strings, this.options.actions));
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
