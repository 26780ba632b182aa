import type { BrokerEvent } from '../broker/broker';
import type { AnswerInput } from '@contract/request';
import type { IpcEventChannel, IpcEventMap } from '@contract/ipc/channels';
import type { TrayLike, WindowLike } from './electron-api';
import type { DesktopAppDeps, DesktopService } from './desktop-deps';
import { registerDesktopIpc } from './ipc/inbox-handlers';
import { IpcRouter } from './ipc/ipc-router';
import { NotificationCenter } from './notifications/notification-center';
import { PopoverController } from './popover/popover-controller';
import { SettingsStore } from './settings/settings-store';
import { RemoteBrokerStore } from './settings/remote-broker-store';
import { TrayController } from './tray/tray-controller';
import { desktopStrings, resolveLanguage } from './desktop-strings';
import { defaultCuemeDbPath } from '../adapters/cueme-mailbox/cueme-mailbox';
import { startDesktopService } from './service-start';
import { toPublicRequest } from '../http/views';
import { DesktopUpdates } from './updater/desktop-updates';
import { Notices } from './notifications/notices';
import { attachTargetAfter, planDesktopStart } from './attach/attach-decision';
import { RemoteBroker, type RemoteBrokerTarget } from './attach/remote-broker';
import { RemoteInboxes } from './attach/remote-inboxes';
import { mergedInbox, type DesktopInbox } from './attach/merged-inbox';
import { remoteBrokersView } from './ipc/remote-broker-handlers';
import { osUserName } from '../service/os-user';
import type { RemoteBrokersView } from '@contract/ipc/channels';

export type { DesktopAppDeps, DesktopService } from './desktop-deps';

/**
 * The desktop app's lifecycle around one in-process broker service: single instance, settings,
 * tray, popover, notifications, IPC, main window, and a clean shutdown. Holds no Electron import;
 * `index.ts` hands it the real Electron API, tests hand it fakes.
 */
export class DesktopApp {
  private ownService: DesktopService | undefined;
  private remote: RemoteBroker | undefined;
  /** The remote brokers of the settings, merged into the own broker's inbox. */
  private remotes: RemoteInboxes | undefined;
  private settingsStore: SettingsStore | undefined;
  private tray: TrayController | undefined;
  private popoverCtl: PopoverController | undefined;
  private notifications: NotificationCenter | undefined;
  private updates: DesktopUpdates | undefined;
  private notices: Notices | undefined;
  private router: IpcRouter | undefined;
  private mainWindow: WindowLike | undefined;
  private trayIcon: TrayLike | undefined;
  private readonly unsubscribers: (() => void)[] = [];
  private stopping: Promise<void> | undefined;
  private remoteStore: RemoteBrokerStore | undefined;

  constructor(private readonly deps: DesktopAppDeps) {}

  /** The broker service this app runs in-process; undefined while attached to another broker. */
  get service(): DesktopService | undefined {
    return this.ownService;
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
    return this.remote?.target;
  }

  /**
   * Starts everything, one named step after another (as `menubar` does): single instance,
   * settings, the broker (own, or attached to one already running), popover, notifications,
   * updates, tray, event wiring, IPC. False (and the app quits) when another instance runs.
   */
  async start(): Promise<boolean> {
    if (!this.acquireInstance()) return false;
    const settings = this.loadSettings();
    const inbox = this.withRemoteBrokers(await this.startOrAttach(settings));
    this.createPopover(inbox);
    this.createNotifications(settings);
    const updates = this.createUpdates(settings, inbox);
    const tray = this.createTrayController(settings, inbox);
    this.followChanges(settings, inbox);
    if (this.ownService) this.registerIpc(this.ownService, settings);
    tray.start();
    updates.controller.start();
    this.deps.log?.(
      this.ownService
        ? `HITL Broker is running: ${this.ownService.url} (state in ${this.deps.stateDir})`
        : `HITL Broker is attached to the broker at ${this.remote?.target.url}`,
    );
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

  /**
   * A broker already running on this machine (its discovery file, or the port / state-dir lock the
   * own start fails on) is attached to as a client; otherwise the app runs its own broker.
   */
  private async startOrAttach(settings: SettingsStore): Promise<DesktopInbox> {
    const read = this.deps.readDiscovery;
    const plan = planDesktopStart(this.deps.stateDir, read);
    if (plan.kind === 'attach') return this.attach(plan.target, plan.reason);
    try {
      return await this.startOwnService(settings);
    } catch (error) {
      const target = attachTargetAfter(error, this.deps.stateDir, read);
      if (!target) throw error;
      return this.attach(target, error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * The own broker's inbox with the remote brokers of the settings merged in. (Attached to a
   * local broker, the windows show that broker's own web inbox, so there is nothing to merge.)
   */
  private withRemoteBrokers(inbox: DesktopInbox): DesktopInbox {
    if (!this.ownService || !this.remoteStore) return inbox;
    const remotes = new RemoteInboxes(this.deps.createRemoteBroker, this.deps.launch?.remotes);
    this.remotes = remotes;
    remotes.sync(this.remoteStore.list());
    return mergedInbox(inbox, remotes);
  }

  private attach(target: RemoteBrokerTarget, reason: string): DesktopInbox {
    this.deps.log?.(`attaching to the running broker at ${target.url} (${reason})`);
    const remote = new RemoteBroker(target, this.deps.log);
    remote.connect();
    this.remote = remote;
    return remote;
  }

  private async startOwnService(settings: SettingsStore): Promise<DesktopInbox> {
    const { deps } = this;
    const initial = settings.get();
    const { service, movedFrom } = await startDesktopService(deps.startService, {
      dirs: this.watchedDirs(initial.handshakeDirs),
      strictDirs: false,
      port: deps.launch?.port ?? deps.port ?? initial.port,
      token: deps.launch?.token || initial.token || undefined,
      stateDir: deps.stateDir,
      historyLimit: initial.historySize,
      ...(initial.store ? { store: initial.store } : {}),
      cuemeDb: defaultCuemeDbPath(),
      onWarning: (m) => deps.log?.(m),
      onDirLost: (_dir, reason) => this.notices?.tell(reason),
      fileRoots: () => settings.get().fileRoots,
    });
    this.ownService = service;
    if (movedFrom !== undefined)
      this.notices?.tell(this.strings(initial.language).portMoved(movedFrom, service.url));
    return service.broker;
  }

  private createPopover(inbox: DesktopInbox): void {
    this.popoverCtl = new PopoverController({
      createWindow: () => this.deps.createPopoverWindow(this.remote?.target),
      screen: this.deps.screen,
      trayBounds: () => this.trayIcon?.getBounds(),
      oldestPendingId: () => inbox.pending()[0]?.id,
    });
  }

  private createNotifications(settings: SettingsStore): void {
    this.notifications = new NotificationCenter({
      api: this.deps.notifications,
      platform: this.deps.platform,
      shouldNotify: () => settings.get().notifications && !settings.get().doNotDisturb,
      silent: () => !settings.get().sound,
      strings: () => this.strings(settings.get().language),
      openRequest: (id) => this.popoverCtl?.show(id),
      answer: (id, answer) => this.answerFromNotification(id, answer),
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
    const trayIcon = deps.createTray();
    this.trayIcon = trayIcon;
    const tray = new TrayController({
      tray: trayIcon,
      broker: inbox,
      platform: deps.platform,
      state: () => {
        const current = settings.get();
        const language = resolveLanguage(current.language, deps.app.getLocale());
        return { ...current, language, updateReady: this.updates?.readyVersion() };
      },
      actions: {
        openInbox: () => this.openMainWindow(),
        openRequest: (id) => this.popoverCtl?.show(id),
        setDoNotDisturb: (on) => settings.update({ doNotDisturb: on }),
        setStartAtLogin: (on) => settings.update({ startAtLogin: on }),
        installUpdate: () => this.updates?.install(),
        quit: () => deps.app.quit(),
      },
      onClick: () => this.popoverCtl?.toggle(),
    });
    this.tray = tray;
    return tray;
  }

  /** Broker events to notifications and windows; settings changes to the service and the tray. */
  private followChanges(settings: SettingsStore, inbox: DesktopInbox): void {
    const service = this.ownService;
    const own: DesktopInbox = service?.broker ?? inbox;
    this.unsubscribers.push(own.subscribe((event) => this.onBrokerEvent(event)));
    const remotes = this.remotes;
    if (remotes)
      this.unsubscribers.push(
        remotes.subscribe((event) => this.onBrokerEvent(event, 'remote')),
        remotes.onStateChange(() => this.broadcast('brokers:changed', this.brokersView())),
      );
    if (service)
      this.unsubscribers.push(
        service.agentMessages.onAppend((agentId, message) =>
          this.broadcast('inbox:event', { type: 'agent_message', agentId, message }),
        ),
        service.runs.onChange((update) => this.broadcast('runs:updated', update)),
        service.broker.unreadable.subscribe((items) =>
          this.broadcast('unreadable:changed', { items }),
        ),
      );
    this.unsubscribers.push(
      settings.onChange((next, changed) => {
        if (changed.includes('startAtLogin')) this.applyStartAtLogin(next.startAtLogin);
        if (changed.includes('autoUpdate')) this.updates?.controller.setEnabled(next.autoUpdate);
        if (service) {
          if (changed.includes('handshakeDirs'))
            void service.watched.set(this.watchedDirs(next.handshakeDirs));
          if (changed.includes('historySize')) service.store.setHistoryLimit(next.historySize);
          if (changed.includes('port') || changed.includes('token')) this.rebind(next);
        }
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
      broker: service.broker,
      history: () => service.store.historyList(),
      agentMessages: (agentId) => service.agentMessages.list(agentId),
      runs: service.runs,
      rules: service.server.context.rules,
      info: () => ({
        version: service.server.context.version,
        dirs: service.server.context.dirs,
        tokenRequired: service.server.context.tokenRequired,
        url: service.url,
        dirProblems: [...service.watched.problems()],
      }),
      settings,
      remoteBrokers: this.remoteStore!,
      operatorName: this.operatorName(),
      remotes: this.remotes,
      openExternal: deps.openExternal,
      hidePopover: () => this.popoverCtl?.hide(),
      openInWindow: (id) => {
        this.popoverCtl?.hide();
        this.openMainWindow(id ?? undefined);
      },
    });
  }

  /** Shows (creating if needed), restores and focuses the main window; optionally on one request. */
  openMainWindow(requestId?: string): WindowLike {
    if (!this.mainWindow || this.mainWindow.isDestroyed()) {
      const window = this.deps.createMainWindow(this.remote?.target);
      window.on('closed', () => {
        if (this.mainWindow === window) this.mainWindow = undefined;
      });
      this.mainWindow = window;
    }
    const window = this.mainWindow;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    if (requestId) window.send('window:show-request', { id: requestId });
    return window;
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
      // An attached broker is not ours: only the stream closes, the broker keeps running.
      this.remote?.close();
      this.remotes?.close();
      await this.ownService?.close();
    })();
    return this.stopping;
  }

  /** A remote broker's event carries no seq here: its numbering is not the own broker's. */
  /** Team mode: answers from this app are recorded as the OS user's; solo, nobody is named. */
  private operatorName(): string | undefined {
    return this.ownService?.sharedStore ? osUserName() : undefined;
  }

  private brokersView(): RemoteBrokersView {
    return remoteBrokersView(this.remoteStore!, this.remotes);
  }

  private onBrokerEvent(event: BrokerEvent, from?: 'remote'): void {
    this.notifications?.handle(event);
    this.broadcast('inbox:event', {
      type: event.type,
      ...(from === 'remote' ? {} : { seq: event.seq }),
      // A remote request arrives public already; its meta is only the "where" label.
      request: from === 'remote' ? event.request : toPublicRequest(event.request),
    });
  }

  private answerFromNotification(id: string, answer: AnswerInput): void {
    const failed = (error: unknown) =>
      this.deps.log?.(
        `answer from notification failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    try {
      // Shared: in team mode the store decides the winner, as for an answer from a window.
      if (this.remotes?.owns(id)) this.remotes.answer(id, answer).catch(failed);
      else if (this.ownService)
        this.ownService.broker
          .answerShared(id, answer, 'ui', { operator: this.operatorName() })
          .catch(failed);
      else this.remote?.answer(id, answer).catch(failed);
    } catch (error) {
      failed(error);
    }
  }

  private strings(languageSetting: string) {
    return desktopStrings(resolveLanguage(languageSetting, this.deps.app.getLocale()));
  }

  /** Moves the HTTP server to the settings' port and token; tells the operator if it cannot. */
  private rebind(settings: { port: number; token: string; language: string }): void {
    const service = this.ownService;
    if (!service) return;
    service.rebindHttp({ port: settings.port, token: settings.token }).then(
      (url) => this.deps.log?.(`HTTP server moved to ${url}`),
      (error: unknown) => {
        const strings = this.strings(settings.language);
        this.notices?.tell(
          (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
            ? strings.portBusy(settings.port, service.url)
            : strings.rebindFailed(error instanceof Error ? error.message : String(error)),
        );
      },
    );
  }

  /** The settings' handshake directories plus those given at launch (`CLARITY_HITL_DIR`). */
  private watchedDirs(fromSettings: string[]): string[] {
    return [...new Set([...fromSettings, ...(this.deps.extraDirs ?? [])])];
  }

  private applyStartAtLogin(open: boolean): void {
    if (this.deps.loginItems.getOpenAtLogin() !== open) this.deps.loginItems.setOpenAtLogin(open);
  }

  private broadcast<C extends IpcEventChannel>(channel: C, payload: IpcEventMap[C]): void {
    const windows = [this.mainWindow, this.popoverCtl?.currentWindow()];
    for (const window of windows)
      if (window && !window.isDestroyed()) window.send(channel, payload);
  }
}
