import type { FileRootPolicy } from '../adapters/file-pick/file-roots';
import type { RuleStore } from '../adapters/coding-agents/rule-store';
import type { AgentMessageStore } from '../adapters/hapi/agent-message-store';
import type { RunStore } from '../adapters/tool-server-lite/run-store';
import type { Broker } from '../broker/broker';
import type { HitlRequest } from '@contract/request';
import type { FastifyInstance } from 'fastify';
import type { HttpContext, RouteModule } from './context';
import type { OperatorToken } from './guards/security-guard';
import type { LoginCodes } from './guards/login-codes';
import type { PhoneSessions } from './pairing/phone-sessions';
import type { InboxOperations } from '../operations/inbox-operations';

export interface HttpServerOptions {
  broker: Broker;
  /**
   * The inbox operations the /api routes call, built once by the service and shared with the
   * desktop IPC (default: built here over `broker`, `history`, `agentMessages`, `runs`, `rules`).
   */
  operations?: InboxOperations;
  /** Address to bind (default 127.0.0.1). Anything but loopback requires `token`. */
  host?: string;
  /** Port (default 7842; 0 picks a free one). */
  port?: number;
  token?: string;
  /** Named operators' tokens (team mode); see SecurityOptions.operators. */
  operators?: readonly OperatorToken[];
  /**
   * The per-user operator secret (the service reads it from the state dir); default: a random one
   * nobody else knows, so only named operators' tokens carry the operator's authority.
   */
  operatorSecret?: string;
  /** Where one-time login links are issued and redeemed (default: a new LoginCodes). */
  loginCodes?: LoginCodes;
  /** Paired phones' sessions (default: in memory, signed with the operator secret). */
  phoneSessions?: PhoneSessions;
  /** The broker's public URL (`--public-url`): pairing links point there. */
  publicUrl?: string;
  /** Protocol endpoints (`POST /answer`, Tool Server complete, ...) need the operator too. */
  operatorAnswersOnly?: boolean;
  /** Accept `?token=` on API and SSE requests (see SecurityOptions.allowQueryToken). */
  allowQueryToken?: boolean;
  dirs?: string[];
  dirProblems?: HttpContext['dirProblems'];
  /** Roots allowed for file_pick (default: the handshake dirs and non-hidden dirs below home). */
  fileRoots?: FileRootPolicy;
  /** Built renderer to serve at `/` (default: this package's out/renderer); null serves no UI. */
  rendererDir?: string | null;
  /** Resolved requests, oldest first (default: the broker's in-memory ones). */
  history?: () => HitlRequest[];
  mirrorQuestion?: HttpContext['mirrorQuestion'];
  requestFiles?: HttpContext['requestFiles'];
  filesSettled?: HttpContext['filesSettled'];
  saveProblem?: HttpContext['saveProblem'];
  /** HAPI message memory (default: a new one); its appends go out as SSE `agent_message`. */
  agentMessages?: AgentMessageStore;
  /** Agent runs (default: a new store); its changes go out as SSE `run_updated`. */
  runs?: RunStore;
  /** Remembered "always allow" rules of coding-agent hooks (default: in memory only). */
  rules?: RuleStore;
  /** SSE heartbeat interval (default 15 s). */
  heartbeatMs?: number;
  /** SSE events kept for Last-Event-ID replay (default 1000). */
  eventBufferSize?: number;
  /**
   * The SSE hub follows the broker only once the server listens (a server built while the broker
   * still reads its handshake dirs: no frames for events no client can receive).
   */
  eventsFromListen?: boolean;
  /** Route modules to register (default: routes/index.ts). */
  routes?: RouteModule[];
  /** Operator's tool server: every tool but human_in_loop, and the task routes, go there. */
  toolServerUpstream?: URL;
  /** Each webhook's recent delivery attempts (`GET /api/webhooks/deliveries`). */
  webhookDeliveries?: HttpContext['webhookDeliveries'];
  /** Fastify logger setting (default off). */
  logger?: boolean | { level: string };
}

export interface HttpServer {
  app: FastifyInstance;
  context: HttpContext;
  /** Starts listening; resolves with the base URL, e.g. `http://127.0.0.1:7842/`. */
  listen(): Promise<string>;
  /** The port in use (the configured one before listen). */
  port(): number;
  url(): string;
  /** Ends SSE streams and long polls, then closes the server. */
  close(): Promise<void>;
}
