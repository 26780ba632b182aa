import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Broker } from '../broker/broker';
import { version as packageVersion } from '../version';
import { isLoopbackHost, urlHost } from './guards/allowed-hosts';
import { installSecurityGuard } from './guards/security-guard';
import { PhoneSessions } from './pairing/phone-sessions';
import { installRouteAuthority } from './guards/route-authority';
import { reportBadRequests } from './bad-request-report';
import { catalogRoutes } from './schema/route-catalog';
import { registerOpenApiRoute } from './schema/openapi-route';
import { defaultRendererDir } from './renderer-dir';
import { registerRendererFiles } from './renderer-files';
import { registerRendererIndex } from './renderer-index';
import { routeModules } from './routes';
import { installSecurityHeaders } from './security-headers';
import { EventHub } from './sse/event-hub';
import { createFastifyApp } from './fastify-app';
import { buildHttpContext, type ContextParts } from './build-context';
import type { HttpServer, HttpServerOptions } from './server-options';

export type { HttpServer, HttpServerOptions } from './server-options';
export { BODY_LIMIT } from './fastify-app';

/** `GET /` while the web UI is not built: 503 with the broker's error body. */
const NO_UI = {
  summary: 'The web inbox (not built here)',
  response: {
    503: z
      .object({ error: z.literal('no_ui'), message: z.string() })
      .describe('the web UI is not built'),
  },
};

/** The broker's port unless told otherwise (`--port`, settings). */
export const DEFAULT_PORT = 7842;

/**
 * Builds the broker's HTTP server: guards (Host, Origin, token), JSON-only bodies up to 1 MiB,
 * JSON errors, every route module, the SSE hub and the web UI.
 */
export async function createHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const host = options.host ?? '127.0.0.1';
  const auth = operatorAuth(options, host);
  let boundPort = options.port ?? DEFAULT_PORT;
  const port = () => boundPort;
  const url = () => `http://${urlHost(host)}:${boundPort}/`;

  const app = createFastifyApp(options.logger);
  reportBadRequests(app, options.broker.unreadable);
  installSecurityHeaders(app);
  installSecurityGuard(app, {
    boundHost: host,
    port,
    ...auth,
    allowQueryToken: options.allowQueryToken,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  });
  installRouteAuthority(app, { operatorAnswersOnly: options.operatorAnswersOnly ?? false });

  const events = new EventHub(options.broker, {
    heartbeatMs: options.heartbeatMs,
    bufferSize: options.eventBufferSize,
    deferred: options.eventsFromListen,
  });
  const context = buildHttpContext(options, { ...auth, events, url });
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
      events.follow();
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
 * Who holds the operator's authority: the token, named operators, the operator secret (default:
 * a random one nobody else knows) and paired phones. Binding beyond loopback needs a token.
 */
function operatorAuth(
  options: HttpServerOptions,
  host: string,
): Pick<ContextParts, 'token' | 'operators' | 'operatorSecret' | 'phones'> {
  const token = options.token === '' ? undefined : options.token;
  const operators = options.operators ?? [];
  const operatorSecret = options.operatorSecret ?? randomBytes(32).toString('base64url');
  if (!isLoopbackHost(host) && token === undefined && operators.length === 0) {
    throw new Error(
      `binding ${host} (not loopback) requires a token: pass --token or set CLARITY_HITL_BROKER_TOKEN`,
    );
  }
  const phones = options.phoneSessions ?? new PhoneSessions({ secret: operatorSecret });
  return { token, operators, operatorSecret, phones };
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
  app.get('/', { schema: NO_UI }, async (_request, reply) =>
    reply.status(503).send({
      error: 'no_ui',
      message: 'the web UI is not built: run `npm run build`, then restart',
    }),
  );
}
