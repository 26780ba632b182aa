import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { FileRootPolicy } from '../adapters/file-pick/file-roots';
import { RuleStore } from '../adapters/coding-agents/rule-store';
import { AgentMessageStore } from '../adapters/hapi/agent-message-store';
import { RunStore } from '../adapters/tool-server-lite/run-store';
import type { Broker } from '../broker/broker';
import { MAX_KEY_BYTES } from '../broker/request-key';
import type { HitlRequest } from '@contract/request';
import { version as packageVersion } from '../version';
import type { HttpContext, RouteModule } from './context';
import { rememberRawBody } from './raw-body';
import { isLoopbackHost, urlHost } from './guards/allowed-hosts';
import { installSecurityGuard, type OperatorToken } from './guards/security-guard';
import { LoginCodes } from './guards/login-codes';
import { PhoneSessions } from './pairing/phone-sessions';
import { installRouteAuthority } from './guards/route-authority';
import { reportBadRequests } from './bad-request-report';
import { catalogRoutes } from './schema/route-catalog';
import { registerOpenApiRoute } from './schema/openapi-route';
import { jsonSerializerCompiler, zodValidatorCompiler } from './schema/zod-type-provider';
import { HttpError, installErrorHandling } from './http-error';
import { MAX_JSON_DEPTH, jsonDepthOver } from './json-depth';
import { defaultRendererDir } from './renderer-dir';
import { registerRendererFiles } from './renderer-files';
import { registerRendererIndex } from './renderer-index';
import { routeModules } from './routes';
import { installSecurityHeaders } from './security-headers';
import { EventHub } from './sse/event-hub';
import { createInboxOperations, type InboxOperations } from '../operations/inbox-operations';

/** The broker's port unless told otherwise (`--port`, settings). */
export const DEFAULT_PORT = 7842;

/** Largest accepted body: 1 MiB. */
export const BODY_LIMIT = 1024 * 1024;

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

/**
 * Builds the broker's HTTP server: guards (Host, Origin, token), JSON-only bodies up to 1 MiB,
 * JSON errors, every route module, the SSE hub and the web UI.
 */
export async function createHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token === '' ? undefined : options.token;
  const operators = options.operators ?? [];
  const operatorSecret = options.operatorSecret ?? randomBytes(32).toString('base64url');
  if (!isLoopbackHost(host) && token === undefined && operators.length === 0) {
    throw new Error(
      `binding ${host} (not loopback) requires a token: pass --token or set CLARITY_HITL_BROKER_TOKEN`,
    );
  }
  const phones = options.phoneSessions ?? new PhoneSessions({ secret: operatorSecret });
  let boundPort = options.port ?? DEFAULT_PORT;
  const port = () => boundPort;
  const url = () => `http://${urlHost(host)}:${boundPort}/`;

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // A key of MAX_KEY_BYTES is up to 3x as long percent-encoded in `GET /questions/{key}`.
    routerOptions: { maxParamLength: 3 * MAX_KEY_BYTES },
    http: { maxHeaderSize: 32 * 1024 },
    // Route schemas are zod types, checked by zod (set below): without these factories Fastify
    // would build ajv and fast-json-stringify at start (~30 ms) for nothing.
    schemaController: {
      compilersFactory: { buildValidator: noAjv, buildSerializer: noAjv },
    },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  installJsonOnlyBodies(app);
  installErrorHandling(app);
  reportBadRequests(app, options.broker.unreadable);
  installSecurityHeaders(app);
  installSecurityGuard(app, {
    boundHost: host,
    port,
    token,
    operators,
    operatorSecret,
    phones,
    allowQueryToken: options.allowQueryToken,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  });
  installRouteAuthority(app, { operatorAnswersOnly: options.operatorAnswersOnly ?? false });

  const events = new EventHub(options.broker, {
    heartbeatMs: options.heartbeatMs,
    bufferSize: options.eventBufferSize,
  });
  const agentMessages = options.agentMessages ?? new AgentMessageStore();
  const history = options.history ?? (() => options.broker.resolved());
  const runs = options.runs ?? new RunStore();
  const rules = options.rules ?? new RuleStore(null);
  const context: HttpContext = {
    broker: options.broker,
    operations:
      options.operations ??
      createInboxOperations({
        broker: options.broker,
        history,
        agentMessages: (agentId, limit) => agentMessages.list(agentId, limit),
        runs,
        rules,
      }),
    dirs: options.dirs ?? [],
    dirProblems: options.dirProblems ?? (() => []),
    fileRoots: options.fileRoots ?? new FileRootPolicy({ handshakeDirs: () => options.dirs ?? [] }),
    events,
    history,
    mirrorQuestion: options.mirrorQuestion,
    requestFiles: options.requestFiles,
    filesSettled: options.filesSettled,
    saveProblem: options.saveProblem,
    agentMessages,
    runs,
    rules,
    version: packageVersion,
    tokenRequired: token !== undefined || operators.length > 0,
    operatorSecret,
    loginCodes: options.loginCodes ?? new LoginCodes(),
    phones,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    url,
    ...(options.toolServerUpstream ? { toolServerUpstream: options.toolServerUpstream } : {}),
    ...(options.webhookDeliveries ? { webhookDeliveries: options.webhookDeliveries } : {}),
  };
  const stopRelay = context.agentMessages.onAppend((agentId, message) =>
    events.publish('agent_message', { agentId, message }),
  );
  app.addHook('preClose', async () => {
    stopRelay();
    events.close();
  });
  const catalog = catalogRoutes(app);
  for (const register of options.routes ?? routeModules) await register(app, context);
  registerOpenApiRoute(app, catalog, packageVersion);
  await registerRenderer(
    app,
    options.rendererDir === undefined ? defaultRendererDir() : options.rendererDir,
    options.broker,
  );

  return {
    app,
    context,
    port,
    url,
    async listen() {
      await app.listen({ host, port: boundPort });
      boundPort = (app.server.address() as AddressInfo).port;
      return url();
    },
    async close() {
      await app.close();
    },
  };
}

/**
 * Only JSON bodies are parsed (anything else is 415); an empty body counts as no body; a body
 * nesting deeper than MAX_JSON_DEPTH is 400.
 */
function installJsonOnlyBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      rememberRawBody(request, text);
      if (jsonDepthOver(text))
        return done(
          new HttpError(400, 'invalid', `body: JSON nests deeper than ${MAX_JSON_DEPTH} levels`),
          undefined,
        );
      parseJson(request, text, done);
    },
  );
}

async function registerRenderer(
  app: FastifyInstance,
  dir: string | null | undefined,
  broker: Broker,
): Promise<void> {
  if (dir && existsSync(join(dir, 'index.html'))) {
    registerRendererIndex(app, dir, broker);
    registerRendererFiles(app, resolve(dir));
    return;
  }
  app.get('/', async (_request, reply) =>
    reply.status(503).send({
      error: 'no_ui',
      message: 'the web UI is not built: run `npm run build`, then restart',
    }),
  );
}

/** Fastify's own schema compilers: never built, since route schemas are zod types (see above). */
function noAjv(): never {
  throw new Error('route schemas are zod types, compiled by zodValidatorCompiler');
}
