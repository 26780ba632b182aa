import type { AnswerInput } from '@contract/request';
import type { DesktopSettings } from '@contract/desktop-settings';
import { defaultCuemeDbPath } from '../adapters/cueme-mailbox/cueme-mailbox';
import { osUserName } from '../service/os-user';
import { phoneServiceOptions } from '../service/phone-settings-options';
import { attachTargetAfter, planDesktopStart, provenAttachTarget } from './attach/attach-decision';
import { mergedInbox, type DesktopInbox } from './attach/merged-inbox';
import { RemoteBroker, type RemoteBrokerTarget } from './attach/remote-broker';
import { RemoteInboxes } from './attach/remote-inboxes';
import type { DesktopAppDeps, DesktopService } from './desktop-deps';
import type { DesktopStrings } from './desktop-strings';
import { startDesktopService } from './service-start';
import type { SettingsStore } from './settings/settings-store';
import type { RemoteBrokerStore } from './settings/remote-broker-store';

type BrokerDeps = Pick<
  DesktopAppDeps,
  | 'startService'
  | 'readDiscovery'
  | 'stateDir'
  | 'launch'
  | 'port'
  | 'extraDirs'
  | 'createRemoteBroker'
  | 'log'
>;

interface Operator {
  /** Tells the operator something (a native notification). */
  tell: (message: string) => void;
  /** The desktop's strings in the language a setting names. */
  strings: (languageSetting: string) => DesktopStrings;
}

/**
 * The brokers the desktop app talks to: its own in-process service, or one already running on
 * this machine that it attached to as a client; beside its own, the remote brokers of the
 * settings (and of the launch), merged into one inbox.
 */
export class DesktopBroker {
  private own: DesktopService | undefined;
  private remote: RemoteBroker | undefined;
  private remoteInboxes: RemoteInboxes | undefined;

  constructor(
    private readonly deps: BrokerDeps,
    private readonly operator: Operator,
  ) {}

  /** The broker service running in-process; undefined while attached to another broker. */
  get service(): DesktopService | undefined {
    return this.own;
  }

  /** The running broker this app attached to as a client, if it did not start its own. */
  get attachedTo(): RemoteBrokerTarget | undefined {
    return this.remote?.target;
  }

  /** The remote brokers merged into the own broker's inbox (none while attached). */
  get remotes(): RemoteInboxes | undefined {
    return this.remoteInboxes;
  }

  /**
   * Attaches to a broker already running on this machine (its discovery file, or the port /
   * state-dir lock the own start fails on), or starts the own one with the remote brokers
   * merged in. Attached, the windows show that broker's own web inbox: nothing to merge.
   */
  async start(settings: SettingsStore, remoteStore: RemoteBrokerStore): Promise<DesktopInbox> {
    const inbox = await this.startOrAttach(settings);
    if (!this.own) return inbox;
    const remotes = new RemoteInboxes(this.deps.createRemoteBroker, this.deps.launch?.remotes);
    this.remoteInboxes = remotes;
    remotes.sync(remoteStore.list());
    return mergedInbox(inbox, remotes);
  }

  /** The settings' handshake directories plus those given at launch (`CLARITY_HITL_DIR`). */
  watchedDirs(fromSettings: string[]): string[] {
    return [...new Set([...fromSettings, ...(this.deps.extraDirs ?? [])])];
  }

  /** Team mode: answers from this app are recorded as the OS user's; solo, nobody is named. */
  operatorName(): string | undefined {
    return this.own?.sharedStore ? osUserName() : undefined;
  }

  /** Answers on whichever broker holds the request; a failure is logged, never thrown. */
  answer(id: string, answer: AnswerInput, what: string): void {
    const failed = (error: unknown) =>
      this.deps.log?.(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    try {
      // Shared: in team mode the store decides the winner, as for an answer from a window.
      if (this.remoteInboxes?.owns(id)) this.remoteInboxes.answer(id, answer).catch(failed);
      else if (this.own)
        this.own.broker
          .answerShared(id, answer, 'ui', { operator: this.operatorName() })
          .catch(failed);
      else this.remote?.answer(id, answer).catch(failed);
    } catch (error) {
      failed(error);
    }
  }

  /** Applies the settings that concern the broker this app runs (none when it is attached). */
  applySettings(next: DesktopSettings, changed: readonly (keyof DesktopSettings)[]): void {
    const service = this.own;
    if (!service) return;
    if (changed.includes('handshakeDirs'))
      void service.watched.set(this.watchedDirs(next.handshakeDirs));
    if (changed.includes('historySize')) service.store.setHistoryLimit(next.historySize);
    if (changed.includes('port') || changed.includes('token')) this.rebind(next);
  }

  /** Moves the HTTP server to the settings' port and token; tells the operator if it cannot. */
  rebind(settings: { port: number; token: string; language: string }): void {
    const service = this.own;
    if (!service) return;
    service.rebindHttp({ port: settings.port, token: settings.token }).then(
      (url) => this.deps.log?.(`HTTP server moved to ${url}`),
      (error: unknown) => {
        const strings = this.operator.strings(settings.language);
        this.operator.tell(
          (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
            ? strings.portBusy(settings.port, service.url)
            : strings.rebindFailed(error instanceof Error ? error.message : String(error)),
        );
      },
    );
  }

  /** Closes the streams; stops the own service (which flushes persistence). */
  async close(): Promise<void> {
    // An attached broker is not ours: only the stream closes, the broker keeps running.
    this.remote?.close();
    this.remoteInboxes?.close();
    await this.own?.close();
  }

  private async startOrAttach(settings: SettingsStore): Promise<DesktopInbox> {
    const read = this.deps.readDiscovery;
    const { stateDir } = this.deps;
    const plan = planDesktopStart(stateDir, read);
    if (plan.kind === 'attach') {
      const target = await provenAttachTarget(plan.target, stateDir);
      if (target) return this.attach(target, plan.reason);
      this.deps.log?.(`${plan.reason}, but it is not the operator's broker: starting our own`);
    }
    try {
      return await this.startOwnService(settings);
    } catch (error) {
      const found = attachTargetAfter(error, stateDir, read);
      const target = found && (await provenAttachTarget(found, stateDir));
      if (!target) throw error;
      return this.attach(target, error instanceof Error ? error.message : String(error));
    }
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
    // Public URL, ntfy and Telegram, as serve's flags: a part that cannot be used is left off.
    const phone = phoneServiceOptions(initial.phone);
    for (const problem of phone.problems) this.operator.tell(`Phone settings: ${problem}`);
    const { service, movedFrom } = await startDesktopService(deps.startService, {
      dirs: this.watchedDirs(initial.handshakeDirs),
      strictDirs: false,
      port: deps.launch?.port ?? deps.port ?? initial.port,
      token: deps.launch?.token || initial.token || undefined,
      stateDir: deps.stateDir,
      historyLimit: initial.historySize,
      ...(initial.store ? { store: initial.store } : {}),
      ...phone.options,
      cuemeDb: defaultCuemeDbPath(),
      onWarning: (m) => deps.log?.(m),
      onDirLost: (_dir, reason) => this.operator.tell(reason),
      fileRoots: () => settings.get().fileRoots,
    });
    this.own = service;
    if (movedFrom !== undefined)
      this.operator.tell(this.operator.strings(initial.language).portMoved(movedFrom, service.url));
    return service.broker;
  }
}
