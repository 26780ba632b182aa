import type { AgentMessageStore } from '../adapters/hapi/agent-message-store';
import type { RuleStore } from '../adapters/coding-agents/rule-store';
import type { RunStore } from '../adapters/tool-server-lite/run-store';
import type { Broker } from '../broker/broker';
import type { PostgresStore } from '../broker/persistence/postgres/postgres-store';
import type { RequestStore } from '../broker/persistence/request-store';
import type { OperatorToken } from '../http/guards/security-guard';
import type { HttpServer } from '../http/server';
import type { InboxOperations } from '../operations/inbox-operations';
import type { WatchedDirs } from './watched-dirs';
import type { QuestionPrefetch } from '../adapters/clarity-file/prefetch/question-prefetch';
import type { WebhookOption } from './webhooks/webhook-config';
import type { NtfyOption } from './ntfy/ntfy-config';
import type { NtfyPush } from './ntfy/ntfy-push';
import type { TelegramOption } from './telegram/telegram-config';
import type { TelegramPush } from './telegram/telegram-push';
import type { WebhookDispatcher } from './webhooks/webhook-dispatcher';
import type { HubBridge } from '../adapters/hapi/hub-bridge/hub-bridge';
import type { HapiHubOption } from './hapi/hapi-hub-step';

export interface BrokerServiceOptions {
  /** Clarity handshake directories to watch (the first also receives mirrors of HTTP-born questions). */
  dirs?: string[];
  /**
   * A directory that cannot be watched fails the start (default, for `serve`); false reports it
   * as a warning and starts without it (the desktop app, whose settings may name a lost drive).
   */
  strictDirs?: boolean;
  /** Default 7842; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1; anything but loopback needs a token. */
  host?: string;
  /** Default `$CLARITY_HITL_BROKER_TOKEN`. */
  token?: string;
  /** Named operators' own tokens: the audit log and the UI say who answered. */
  operators?: readonly OperatorToken[];
  /**
   * Protocols' own answer endpoints (the Clarity spec's `POST /answer` and `POST /cancel`, Tool
   * Server Lite's complete and cancel) need the operator's authority too (default:
   * `$CLARITY_HITL_OPERATOR_ANSWERS_ONLY` is `1`/`true`; otherwise they answer their own protocol's
   * requests without it, as the specs' clients expect). Coding agents' requests always need it.
   */
  operatorAnswersOnly?: boolean;
  /**
   * Accept the token as `?token=` on API and SSE requests, for clients that cannot send headers
   * (default: `$CLARITY_HITL_ALLOW_QUERY_TOKEN` is `1`/`true`; otherwise off).
   */
  allowQueryToken?: boolean;
  /** Default `$CLARITY_HITL_STATE_DIR` or `~/.clarity-hitl/`. */
  stateDir?: string;
  /** Resolved requests kept (default 5,000). */
  historyLimit?: number;
  /** JSONL audit log file. */
  logFile?: string;
  /** Built renderer to serve (default out/renderer); null serves no UI. */
  rendererDir?: string | null;
  /** SSE heartbeat interval (default 15 s). */
  heartbeatMs?: number;
  /**
   * The original cueme's SQLite mailbox to serve (`serve` and the desktop app pass `~/.cue/cue.db`);
   * absent or null serves none.
   */
  cuemeDb?: string | null;
  /**
   * Directories an agent may offer for file_pick (`--file-root`); none: any non-hidden directory
   * below the operator's home. The watched handshake dirs are always allowed.
   */
  fileRoots?: readonly string[] | (() => readonly string[]);
  /** The operator's own tool server: every tool but human_in_loop, and the task routes, go there. */
  toolServerUpstream?: URL;
  /**
   * Team mode: a `postgres://…` URL shared by several instances (default `$CLARITY_HITL_STORE`);
   * absent or `embedded`: the embedded journal in the state dir only.
   */
  store?: string;
  /** This instance's name in team mode, shown as "answered … on <name>" (default: the host name). */
  instanceName?: string;
  /**
   * Where the operator reaches this broker from elsewhere (`--public-url`, e.g. the reverse
   * proxy's https URL): every link the broker sends out (webhooks) points there.
   */
  publicUrl?: string;
  /** Webhooks told of every asked / answered / expired / cancelled event (`--webhook`). */
  webhooks?: readonly WebhookOption[];
  /** Signs every webhook body (`X-Hub-Signature-256`, `--webhook-secret-file`); none: unsigned. */
  webhookSecret?: string;
  /**
   * Phone push through ntfy (`--ntfy <server>/<topic>`): each new request with one-tap buttons,
   * answered through a reply topic the broker follows (docs/phone.md).
   */
  ntfy?: NtfyOption;
  /**
   * Phone push through a Telegram bot (`--telegram-token-file`, `--telegram-chat`): each new
   * request with inline buttons, answered through `getUpdates` long polling (docs/phone.md).
   */
  telegram?: TelegramOption;
  /**
   * A HAPI hub to follow (`--hapi-hub`, `--hapi-token-file`): its sessions' permission requests
   * are shown in the inbox and answered through the hub (docs/protocols.md#hapi-hub-bridge).
   */
  hapiHub?: HapiHubOption;
  /** Told when a watched handshake dir was replaced or removed while running (it is then dropped). */
  onDirLost?: (dir: string, reason: string) => void;
  /** Told about things that did not stop the broker: invalid files, write errors, set-aside stores. */
  onWarning?: (message: string) => void;
  /** Given the broker as soon as it exists, before start-up loads any request into it. */
  onBrokerCreated?: (broker: Broker) => void;
  /**
   * The first handshake dir's question files, already being read on another thread (the CLI
   * starts it before loading the broker): its start-up scan uses those reads. Closed once the
   * dirs are watched, used or not.
   */
  questionPrefetch?: QuestionPrefetch;
}

export interface BrokerService {
  broker: Broker;
  /**
   * The inbox operations (list, answer, cancel, history, files, agents, runs, rules, unreadable),
   * built once: the HTTP /api routes and the desktop IPC handlers both call this object.
   */
  operations: InboxOperations;
  server: HttpServer;
  /** The watched Clarity handshake directories (changeable while running). */
  watched: WatchedDirs;
  store: RequestStore;
  /** The shared PostgreSQL store in team mode (`--store postgres://…`). */
  sharedStore?: PostgresStore;
  /** Recent HAPI agent messages (shown beside an agent's requests). */
  agentMessages: AgentMessageStore;
  /** Agent runs reported by `clarity-hitl run` (kept in `<stateDir>/runs/`). */
  runs: RunStore;
  /** Coding-agent "always allow" rules (kept in `<stateDir>/approval-rules.json`). */
  rules: RuleStore;
  /** The webhooks' sender and delivery logs, when webhooks are configured. */
  webhooks?: WebhookDispatcher;
  /** The ntfy push, when `ntfy` is configured. */
  ntfy?: NtfyPush;
  /** The HAPI hub bridge, when `hapiHub` is configured. */
  hapiHub?: HubBridge;
  /** The Telegram push, when `telegram` is configured. */
  telegram?: TelegramPush;
  url: string;
  port: number;
  stateDir: string;
  /**
   * A fresh one-time login link to the web inbox (valid for `ttlMs`, default 10 minutes): what
   * `serve` prints at start, `clarity-hitl open` asks for and the desktop app opens.
   */
  loginUrl(ttlMs?: number): string;
  /**
   * Moves the HTTP server to another port and/or token while running (an empty token: none).
   * Fails with the listen error, still serving where it was, when the port cannot be had.
   */
  rebindHttp(config: { port: number; token?: string }): Promise<string>;
  /** Stops HTTP, file watching and the audit log, flushes persistence, removes the discovery file. */
  close(): Promise<void>;
}
