import type { BrokerEvent } from '../broker/broker';
import type { IpcEventChannel, IpcEventMap, RemoteBrokersView } from '@contract/ipc/channels';
import { broadcastServiceChanges } from './service-broadcasts';
import type { TrayLike, WindowLike } from './electron-api';
import type { DesktopAppDeps, DesktopService } from './desktop-deps';
import { registerDesktopIpc } from './ipc/inbox-handlers';
import { serviceIpcDeps } from './ipc/service-ipc-deps';
import { IpcRouter } from './ipc/ipc-router';
import { NotificationCenter } from './notifications/notification-center';
import { notifiesUnder } from './notifications/notify-policy';
import { PopoverController } from './popover/popover-controller';
import { popoverPageDataVia } from './popover/popover-page';
import { SettingsStore } from './settings/settings-store';
import { RemoteBrokerStore } from './settings/remote-broker-store';
import { TrayController } from './tray/tray-controller';
import { desktopStrings, resolveLanguage } from './desktop-strings';
import { toPublicRequest } from '../http/views';
import { DesktopUpdates } from './updater/desktop-updates';
import { Notices } from './notifications/notices';
import { remoteBrokersView } from './ipc/remote-broker-handlers';
import type { DesktopInbox } from './attach/merged-inbox';
import type { RemoteBrokerTarget } from './attach/remote-broker';
import { DesktopBroker } from './desktop-broker';
import { MainWindowSlot } from './main-window';

export type { DesktopAppDeps, DesktopService } from './desktop-deps';

/**
 * The desktop app's lifecycle around one in-process broker service: single instance, settings,
 * tray, popover, notifications, IPC, main window, and a clean shutdown. Holds no Electron import;
 * `index.ts` hands it the real Electron API, tests hand it fakes.
 */
export class DesktopApp {
  private readonly brokers: DesktopBroker;
  private settingsStore: SettingsStore | undefined;
  private tray: TrayController | undefined;
  private popoverCtl: PopoverController | undefined;
  private notifications: NotificationCenter | undefined;
  private updates: DesktopUpdates | undefined;
  private notices: Notices | undefined;
  private router: IpcRouter | undefined;
  private readonly mainWindow = new MainWindowSlot(() =>
    this.deps.createMainWindow(this.brokers.attachedTo),
  );
  private trayIcon: TrayLike | undefined;
  private readonly unsubscribers: (() => void)[] = [];
  private stopping: Promise<void> | undefined;
  private remoteStore: RemoteBrokerStore | undefined;

  constructor(private readonly deps: DesktopAppDeps) {
    this.brokers = new DesktopBroker(deps, {
      tell: (m) => this.notices?.tell(m),
      strings: (language) => this.strings(language),
    });
  }

  /** The broker service this app runs in-process; undefined while attached to another broker. */
  get service(): DesktopService | undefined {
    return this.brokers.service;
  }

  /** The settings store (after start). */
  get settings(): SettingsStore | undefined {
    return this.settingsStore;
  }

  /** The remote brokers of the settings, tokens encrypted with safeStorage (after start). */
  get remoteBrokers(): RemoteBrokerStore | undefined {
    return this.remoteStore;
  }

  /** The tray popover (after start). */
  get popover(): PopoverController | undefined {
    return this.popoverCtl;
  }

  /** The running broker this app attached to as a client, if it did not start its own. */
  get attachedTo(): RemoteBrokerTarget | undefined {
    return this.brokers.attachedTo;
  }

  /**
   * Starts everything, one named step after another (as `menubar` does): single instance,
   * settings, the broker (own, or attached to one already running), popover, notifications,
   * updates, tray, event wiring, IPC. False (and the app quits) when another instance runs.
   */
  async start(): Promise<boolean> {
    if (!this.acquireInstance()) return false;
    const settings = this.loadSettings();
    const inbox = await this.brokers.start(settings, this.remoteStore!);
    this.createPopover(inbox).preload(); // loaded now, hidden: the first tray click is warm
    this.createNotifications(settings);
    const updates = this.createUpdates(settings, inbox);
    const tray = this.createTrayController(settings, inbox);
    this.followChanges(settings, inbox);
    const own = this.brokers.service;
    if (own) this.registerIpc(own, settings);
    tray.start();
    updates.controller.start();
    this.deps.log?.(
      own
        ? `HITL Broker is running: ${own.url} (state in ${this.deps.stateDir})`
        : `HITL Broker is attached to the broker at ${this.brokers.attachedTo?.url}`,
    );
    // As `serve` does: the web inbox is the operator's, so the terminal gets a one-time login link.
    if (own?.loginUrl)
      this.deps.log?.(`Open the inbox in a browser (login link, works once): ${own.loginUrl()}`);
    return true;
  }

  private acquireInstance(): boolean {
    const { deps } = this;
    if (!deps.app.requestSingleInstanceLock()) {
      deps.log?.('HITL Broker is already running; focusing it.');
      deps.app.quit();
      return false;
    }
    deps.app.onSecondInstance(() => this.openMainWindow());
    return true;
  }

  private loadSettings(): SettingsStore {
    const { deps } = this;
    this.notices = new Notices(deps.notifications, deps.log);
    const settings = new SettingsStore({
      dir: deps.stateDir,
      createBackend: deps.createSettingsBackend,
      onInvalid: (m) => deps.log?.(m),
    });
    this.settingsStore = settings;
    this.remoteStore = new RemoteBrokerStore(deps.stateDir, deps.safeStorage, deps.log);
    this.applyStartAtLogin(settings.get().startAtLogin);
    return settings;
  }

  private createPopover(inbox: DesktopInbox): PopoverController {
    return (this.popoverCtl = new PopoverController({
      createWindow: () => this.deps.createPopoverWindow(this.brokers.attachedTo),
      screen: this.deps.screen,
      trayBounds: () => this.trayIcon?.getBounds(),
      oldestPendingId: () => inbox.pending()[0]?.id,
    }));
  }

  private createNotifications(settings: SettingsStore): void {
    this.notifications = new NotificationCenter({
      api: this.deps.notifications,
      platform: this.deps.platform,
      shouldNotify: notifiesUnder(() => settings.get()),
      silent: () => !settings.get().sound,
      strings: () => this.strings(settings.get().language),
      openRequest: (id) => this.popoverCtl?.show(id),
      answer: (id, answer) => this.brokers.answer(id, answer, 'answer from notification'),
    });
  }

  private createUpdates(settings: SettingsStore, inbox: DesktopInbox): DesktopUpdates {
    const updates = new DesktopUpdates({
      updater: this.deps.updater,
      enabled: settings.get().autoUpdate,
      pendingCount: () => inbox.pending().length,
      popoverOpen: () => this.popoverCtl?.currentWindow()?.isVisible() === true,
      strings: () => this.strings(settings.get().language),
      tell: (m) => this.notices?.tell(m),
      render: () => this.tray?.render(),
      log: this.deps.log,
    });
    this.updates = updates;
    return updates;
  }

  private createTrayController(settings: SettingsStore, inbox: DesktopInbox): TrayController {
    const { deps } = this;
    const trayIcon = (this.trayIcon = deps.createTray());
    // The web inbox is the operator's: the browser is logged in by a fresh one-time link.
    const loginUrl = this.brokers.service?.loginUrl;
    const tray = new TrayController({
      tray: trayIcon,
      broker: inbox,
      deliveries: this.brokers.service?.broker.deliveries,
      platform: deps.platform,
      state: () => {
        const current = settings.get();
        const language = resolveLanguage(current.language, deps.app.getLocale());
        return { ...current, language, updateReady: this.updates?.readyVersion() };
      },
      actions: {
        openInbox: () => this.openMainWindow(),
        openInBrowser: loginUrl && (() => deps.openExternal(loginUrl())),
        openRequest: (id) => this.popoverCtl?.show(id),
        setDoNotDisturb: (on) => settings.update({ doNotDisturb: on }),
        setStartAtLogin: (on) => settings.update({ startAtLogin: on }),
        installUpdate: () => this.updates?.install(),
        quit: () => deps.app.quit(),
      },
      onClick: () => this.popoverCtl?.toggle(),
    });
    return (this.tray = tray);
  }

  /** Broker events to notifications and windows; settings changes to the service and the tray. */
  private followChanges(settings: SettingsStore, inbox: DesktopInbox): void {
    const service = this.brokers.service;
    const own: DesktopInbox = service?.broker ?? inbox;
    this.unsubscribers.push(own.subscribe((event) => this.onBrokerEvent(event)));
    const remotes = this.brokers.remotes;
    if (remotes)
      this.unsubscribers.push(
        remotes.subscribe((event) => this.onBrokerEvent(event, 'remote')),
        remotes.onStateChange(() => this.broadcast('brokers:changed', this.brokersView())),
      );
    if (service)
      this.unsubscribers.push(
        ...broadcastServiceChanges(service, (channel, payload) => this.broadcast(channel, payload)),
      );
    this.unsubscribers.push(
      settings.onChange((next, changed) => {
        if (changed.includes('startAtLogin')) this.applyStartAtLogin(next.startAtLogin);
        if (changed.includes('autoUpdate')) this.updates?.controller.setEnabled(next.autoUpdate);
        this.brokers.applySettings(next, changed);
        this.tray?.render();
        this.broadcast('settings:changed', next);
      }),
    );
  }

  private registerIpc(service: DesktopService, settings: SettingsStore): void {
    const { deps } = this;
    this.router = new IpcRouter({
      ipc: deps.ipc,
      isTrustedSender: deps.isTrustedSender,
      onRejected: (c, r) => deps.log?.(`ipc ${c}: ${r}`),
    });
    registerDesktopIpc(this.router, {
      ...serviceIpcDeps(service),
      settings,
      remoteBrokers: this.remoteStore!,
      operatorName: this.brokers.operatorName(),
      remotes: this.brokers.remotes,
      openExternal: deps.openExternal,
      hidePopover: () => this.popoverCtl?.hide(),
      openInWindow: (id) => {
        this.popoverCtl?.hide();
        this.openMainWindow(id ?? undefined);
      },
    });
  }

  /** What the popover's page is served with (popover/popover-page.ts), through the IPC router. */
  popoverPageData = () => popoverPageDataVia(this.router);

  /** Shows (creating if needed), restores and focuses the main window; optionally on one request. */
  openMainWindow(requestId?: string): WindowLike {
    return this.mainWindow.open(requestId);
  }

  /** Stops everything once: notifications, tray, IPC, then the service (which flushes persistence). */
  shutdown(): Promise<void> {
    this.stopping ??= (async () => {
      for (const off of this.unsubscribers.splice(0)) off();
      this.updates?.controller.stop();
      this.notifications?.closeAll();
      this.notices?.closeAll();
      this.tray?.stop();
      this.trayIcon?.destroy();
      this.router?.dispose();
      await this.brokers.close();
    })();
    return this.stopping;
  }

  private brokersView(): RemoteBrokersView {
    return remoteBrokersView(this.remoteStore!, this.brokers.remotes);
  }

  /** A remote broker's event carries no seq here: its numbering is not the own broker's. */
  private onBrokerEvent(event: BrokerEvent, from?: 'remote'): void {
    this.notifications?.handle(event);
    this.broadcast('inbox:event', {
      type: event.type,
      ...(from === 'remote' ? {} : { seq: event.seq }),
      // A remote request arrives public already; its meta is only the "where" label.
      request: from === 'remote' ? event.request : toPublicRequest(event.request),
    });
  }

  private strings = (setting: string) =>
    desktopStrings(resolveLanguage(setting, this.deps.app.getLocale()));

  private applyStartAtLogin(open: boolean): void {
    if (this.deps.loginItems.getOpenAtLogin() !== open) this.deps.loginItems.setOpenAtLogin(open);
  }

  private broadcast<C extends IpcEventChannel>(channel: C, payload: IpcEventMap[C]): void {
    const windows = [this.mainWindow.current(), this.popoverCtl?.currentWindow()];
    for (const window of windows)
      if (window && !window.isDestroyed()) window.send(channel, payload);
  }
}
