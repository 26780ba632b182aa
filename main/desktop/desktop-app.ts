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
import { TrayController } from './tray/tray-controller';
import { desktopStrings, resolveLanguage } from './desktop-strings';
import { defaultCuemeDbPath } from '../adapters/cueme-mailbox/cueme-mailbox';
import { startDesktopService } from './service-start';
import { toPublicRequest } from '../http/views';
import { DesktopUpdates } from './updater/desktop-updates';
import { Notices } from './notifications/notices';

export type { DesktopAppDeps, DesktopService } from './desktop-deps';

/**
 * The desktop app's lifecycle around one in-process broker service: single instance, settings,
 * tray, popover, notifications, IPC, main window, and a clean shutdown. Holds no Electron import;
 * `index.ts` hands it the real Electron API, tests hand it fakes.
 */
export class DesktopApp {
  service: DesktopService | undefined;
  settings: SettingsStore | undefined;
  tray: TrayController | undefined;
  popover: PopoverController | undefined;
  notifications: NotificationCenter | undefined;
  updates: DesktopUpdates | undefined;
  private notices: Notices | undefined;
  private router: IpcRouter | undefined;
  private mainWindow: WindowLike | undefined;
  private trayIcon: TrayLike | undefined;
  private readonly unsubscribers: (() => void)[] = [];
  private stopping: Promise<void> | undefined;

  constructor(private readonly deps: DesktopAppDeps) {}

  /** Starts everything; false (and the app quits) when another instance already runs. */
  async start(): Promise<boolean> {
    const { deps } = this;
    if (!deps.app.requestSingleInstanceLock()) {
      deps.log?.('HITL Broker is already running; focusing it.');
      deps.app.quit();
      return false;
    }
    deps.app.onSecondInstance(() => this.openMainWindow());

    this.notices = new Notices(deps.notifications, deps.log);
    const settings = new SettingsStore({
      dir: deps.stateDir,
      createBackend: deps.createSettingsBackend,
      onInvalid: (m) => deps.log?.(m),
    });
    this.settings = settings;
    const initial = settings.get();
    this.applyStartAtLogin(initial.startAtLogin);

    const { service, movedFrom } = await startDesktopService(deps.startService, {
      dirs: this.watchedDirs(initial.handshakeDirs),
      strictDirs: false,
      port: deps.launch?.port ?? initial.port,
      token: deps.launch?.token || initial.token || undefined,
      stateDir: deps.stateDir,
      historyLimit: initial.historySize,
      ...(initial.store ? { store: initial.store } : {}),
      cuemeDb: defaultCuemeDbPath(),
      onWarning: (m) => deps.log?.(m),
      onDirLost: (_dir, reason) => this.notices?.tell(reason),
      fileRoots: () => settings.get().fileRoots,
    });
    this.service = service;
    if (movedFrom !== undefined)
      this.notices.tell(this.strings(initial.language).portMoved(movedFrom, service.url));
    const { broker } = service;

    this.popover = new PopoverController({
      createWindow: deps.createPopoverWindow,
      screen: deps.screen,
      trayBounds: () => this.trayBounds(),
      oldestPendingId: () => broker.pending()[0]?.id,
    });
    this.notifications = new NotificationCenter({
      api: deps.notifications,
      platform: deps.platform,
      shouldNotify: () => settings.get().notifications && !settings.get().doNotDisturb,
      silent: () => !settings.get().sound,
      strings: () => this.strings(settings.get().language),
      openRequest: (id) => this.popover?.show(id),
      answer: (id, answer) => this.answerFromNotification(id, answer),
    });
    this.updates = new DesktopUpdates({
      updater: deps.updater,
      enabled: initial.autoUpdate,
      pendingCount: () => broker.pending().length,
      popoverOpen: () => this.popover?.currentWindow()?.isVisible() === true,
      strings: () => this.strings(settings.get().language),
      tell: (m) => this.notices?.tell(m),
      render: () => this.tray?.render(),
      log: deps.log,
    });
    const trayIcon = deps.createTray();
    this.trayIcon = trayIcon;
    this.tray = new TrayController({
      tray: trayIcon,
      broker,
      platform: deps.platform,
      state: () => {
        const current = settings.get();
        const language = resolveLanguage(current.language, deps.app.getLocale());
        return { ...current, language, updateReady: this.updates?.readyVersion() };
      },
      actions: {
        openInbox: () => this.openMainWindow(),
        openRequest: (id) => this.popover?.show(id),
        setDoNotDisturb: (on) => settings.update({ doNotDisturb: on }),
        setStartAtLogin: (on) => settings.update({ startAtLogin: on }),
        installUpdate: () => this.updates?.install(),
        quit: () => deps.app.quit(),
      },
      onClick: () => this.popover?.toggle(),
    });

    this.unsubscribers.push(
      broker.subscribe((event) => this.onBrokerEvent(event)),
      service.agentMessages.onAppend((agentId, message) =>
        this.broadcast('inbox:event', { type: 'agent_message', agentId, message }),
      ),
      service.runs.onChange((update) => this.broadcast('runs:updated', update)),
      broker.unreadable.subscribe((items) => this.broadcast('unreadable:changed', { items })),
      settings.onChange((next, changed) => {
        if (changed.includes('startAtLogin')) this.applyStartAtLogin(next.startAtLogin);
        if (changed.includes('handshakeDirs'))
          void service.watched.set(this.watchedDirs(next.handshakeDirs));
        if (changed.includes('historySize')) service.store.setHistoryLimit(next.historySize);
        if (changed.includes('autoUpdate')) this.updates?.controller.setEnabled(next.autoUpdate);
        if (changed.includes('port') || changed.includes('token')) this.rebind(next);
        this.tray?.render();
        this.broadcast('settings:changed', next);
      }),
    );
    this.tray.start();
    this.updates.controller.start();

    this.router = new IpcRouter({
      ipc: deps.ipc,
      isTrustedSender: deps.isTrustedSender,
      onRejected: (c, r) => deps.log?.(`ipc ${c}: ${r}`),
    });
    registerDesktopIpc(this.router, {
      broker,
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
      openExternal: deps.openExternal,
      hidePopover: () => this.popover?.hide(),
      openInWindow: (id) => {
        this.popover?.hide();
        this.openMainWindow(id ?? undefined);
      },
    });
    deps.log?.(`HITL Broker is running: ${service.url} (state in ${deps.stateDir})`);
    return true;
  }

  /** Shows (creating if needed), restores and focuses the main window; optionally on one request. */
  openMainWindow(requestId?: string): WindowLike {
    if (!this.mainWindow || this.mainWindow.isDestroyed()) {
      const window = this.deps.createMainWindow();
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
      await this.service?.close();
    })();
    return this.stopping;
  }

  private trayBounds() {
    return this.trayIcon?.getBounds();
  }

  private onBrokerEvent(event: BrokerEvent): void {
    this.notifications?.handle(event);
    this.broadcast('inbox:event', {
      type: event.type,
      seq: event.seq,
      request: toPublicRequest(event.request),
    });
  }

  private answerFromNotification(id: string, answer: AnswerInput): void {
    try {
      this.service?.broker.answer(id, answer, 'ui');
    } catch (error) {
      this.deps.log?.(
        `answer from notification failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private strings(languageSetting: string) {
    return desktopStrings(resolveLanguage(languageSetting, this.deps.app.getLocale()));
  }

  /** Moves the HTTP server to the settings' port and token; tells the operator if it cannot. */
  private rebind(settings: { port: number; token: string; language: string }): void {
    const service = this.service;
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
    const windows = [this.mainWindow, this.popover?.currentWindow()];
    for (const window of windows)
      if (window && !window.isDestroyed()) window.send(channel, payload);
  }
}
