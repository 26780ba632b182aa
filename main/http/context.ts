import type { FastifyInstance } from 'fastify';
import type { RequestFiles } from '../adapters/clarity-file';
import type { RuleStore } from '../adapters/coding-agents/rule-store';
import type { AgentMessageStore } from '../adapters/hapi/agent-message-store';
import type { RunStore } from '../adapters/tool-server-lite/run-store';
import type { Broker } from '../broker/broker';
import type { HitlRequest } from '@contract/request';
import type { EventHub } from './sse/event-hub';
import type { FileRootPolicy } from '../adapters/file-pick/file-roots';
import type { LoginCodes } from './guards/login-codes';
import type { PhoneSessions } from './pairing/phone-sessions';
import type { InboxOperations } from '../operations/inbox-operations';

/** What every route module gets besides the Fastify app. */
export interface HttpContext {
  broker: Broker;
  /** The inbox operations (main/operations): the same object the desktop IPC handlers call. */
  operations: InboxOperations;
  /** Handshake directories being watched (may be empty: HTTP-only broker). */
  dirs: string[];
  /** Handshake dirs dropped because they were replaced or removed while watched. */
  dirProblems: () => readonly { dir: string; message: string; at: number }[];
  /** Which roots an agent may offer for file_pick (the operator's choice). */
  fileRoots: FileRootPolicy;
  /** The SSE fan-out; `publish` sends a live-only event (e.g. `agent_message`) to every client. */
  events: EventHub;
  /** Resolved requests, oldest first (persisted history when a store is attached). */
  history: () => HitlRequest[];
  /**
   * Writes a `.question` file for a request born over HTTP, when a handshake dir is configured:
   * its name is chosen at once (`requestFiles` gives it), the file is written once `ready` resolves.
   */
  mirrorQuestion?: (request: HitlRequest, ready?: PromiseLike<unknown>) => void | Promise<void>;
  /** A request's handshake files when a watched directory holds them (the spec's `safeKey`, paths). */
  requestFiles?: (request: HitlRequest) => RequestFiles | undefined;
  /**
   * Why a request just added could not be saved to the state dir (a full disk), if it could not:
   * a route that would acknowledge it refuses it instead (RequestStore.saveProblem).
   */
  saveProblem?: (id: string) => { error: unknown; stateDir: string } | undefined;
  /** Resolves once the file writes started for a request (e.g. its answer file) are done. */
  filesSettled?: (request: HitlRequest) => Promise<void>;
  /** Recent HAPI messages per agent, shared with the desktop shell. */
  agentMessages: AgentMessageStore;
  /** Agent runs reported by `clarity-hitl run`, shared with the desktop shell. */
  runs: RunStore;
  /** Remembered "always allow" rules of coding-agent hooks. */
  rules: RuleStore;
  /** The package version, for /api/info. */
  version: string;
  /** True when every request needs the token. */
  tokenRequired: boolean;
  /** The per-user operator secret: login sessions are signed with it, the hook's proof key derives from it. */
  operatorSecret: string;
  /** One-time login links for the web inbox. */
  loginCodes: LoginCodes;
  /** Paired phones: their pairing codes and sessions. */
  phones: PhoneSessions;
  /** Where the operator reaches this broker from elsewhere (`--public-url`): pairing links go there. */
  publicUrl?: string;
  /** The broker's own base URL, e.g. `http://127.0.0.1:7842/` (known once listening). */
  url: () => string;
  /** The operator's real tool server (`serve --tool-server-upstream`): other tools go there. */
  toolServerUpstream?: URL;
  /** Each configured webhook's recent delivery attempts (`serve --webhook`), for the operator. */
  webhookDeliveries?: () => readonly unknown[];
}

/** A route module: registers its routes on the (already guarded) app. */
export type RouteModule = (app: FastifyInstance, context: HttpContext) => void | Promise<void>;
