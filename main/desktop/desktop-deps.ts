import type { Discovery } from '../service/discovery';
import type { RemoteBrokerTarget } from './attach/remote-broker';
import type { RemoteBrokerLike } from './attach/remote-inboxes';
import type { LaunchRemote } from './launch-args';
import type { RuleStore } from '../adapters/coding-agents/rule-store';
import type { BrokerService, BrokerServiceOptions } from '../service/broker-service';
import type {
  AppApi,
  IpcMainApi,
  LoginItemApi,
  NotificationApi,
  ScreenApi,
  TrayLike,
  WindowLike,
} from './electron-api';
import type { SettingsBackendFactory } from './settings/settings-store';
import type { SafeStorageLike } from './settings/remote-broker-store';
import type { UpdaterDeps } from './updater/desktop-updates';
import type { PhoneSessions } from '../http/pairing/phone-sessions';

/** The service the desktop runs in-process (B's startBrokerService, or a fake in tests). */
export type DesktopService = Pick<
  BrokerService,
  | 'broker'
  | 'operations'
  | 'url'
  | 'port'
  | 'stateDir'
  | 'close'
  | 'agentMessages'
  | 'runs'
  | 'rebindHttp'
> &
  Partial<Pick<BrokerService, 'sharedStore' | 'loginUrl'>> & {
    store: Pick<BrokerService['store'], 'historyList' | 'setHistoryLimit'>;
    watched: Pick<BrokerService['watched'], 'set' | 'problems'>;
    server: {
      context: {
        tokenRequired: boolean;
        dirs: string[];
        version: string;
        rules?: RuleStore;
        /** Paired phones (the settings' pairing QR code and sessions). */
        phones?: PhoneSessions;
        publicUrl?: string;
      };
    };
  };

export interface DesktopAppDeps {
  app: AppApi;
  platform: string;
  stateDir: string;
  ipc: IpcMainApi;
  isTrustedSender: (frameUrl: string | undefined) => boolean;
  screen: ScreenApi;
  notifications: NotificationApi;
  loginItems: LoginItemApi;
  createTray: () => TrayLike;
  /** A window on the app's own renderer, or (attached) on that broker's web inbox. */
  createMainWindow: (attachedTo?: RemoteBrokerTarget) => WindowLike;
  createPopoverWindow: (attachedTo?: RemoteBrokerTarget) => WindowLike;
  openExternal: (url: string) => void;
  createSettingsBackend: SettingsBackendFactory;
  startService: (options: BrokerServiceOptions) => Promise<DesktopService>;
  /** Handshake dirs from the environment (CLARITY_HITL_DIR) added to the saved ones. */
  extraDirs?: string[];
  /**
   * From the command line (`npm start -- --port 7900 --remote vm=https://vm:7842/`): port and
   * token over the settings, remote brokers beside the saved ones; this run only.
   */
  launch?: { port?: number; token?: string; remotes?: LaunchRemote[] };
  /** The auto-updater, loaded on its first check (electron-updater in the app); none: no updates. */
  updater?: UpdaterDeps;
  log?: (message: string) => void;
  /** The port asked for at launch (`npm start -- --port N`); wins over the saved setting. */
  port?: number;
  /** Electron's safeStorage: remote brokers' tokens are saved only encrypted with it. */
  safeStorage?: SafeStorageLike;
  /** Makes the client of one remote broker (tests hand a fake; default: HTTP + SSE). */
  createRemoteBroker?: (target: RemoteBrokerTarget) => RemoteBrokerLike;
  /** Reads `<stateDir>/broker.json` of a live broker (default: the real discovery file). */
  readDiscovery?: (stateDir: string) => Discovery | undefined;
}
