import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UnreadableBoard } from '../broker/unreadable-board';

/** Agent-facing routes by path prefix, and the protocol each speaks. The UI's own routes are not here. */
const PROTOCOL_ROUTES: ReadonlyArray<readonly [method: string, prefix: string, source: string]> = [
  ['POST', '/questions', 'clarity-http'],
  ['GET', '/questions/', 'clarity-http'],
  ['POST', '/answer', 'clarity-http'],
  ['POST', '/cancel', 'clarity-http'],
  ['POST', '/api/tool/', 'tool-server-lite'],
  ['POST', '/api/hil/', 'tool-server-lite'],
  ['GET', '/api/hil/', 'tool-server-lite'],
  ['POST', '/api/task/', 'tool-server-lite'],
  ['POST', '/api/runs', 'clarity-hitl run'],
  ['POST', '/api/agents/', 'hapi'],
  ['POST', '/api/questfoundry/', 'questfoundry'],
  ['GET', '/api/questfoundry/', 'questfoundry'],
  ['POST', '/api/cueme/', 'cueme'],
  ['POST', '/api/mcp/', 'mcp'],
];

/** The replies that mean "the broker could not read what was sent". */
const UNREADABLE_STATUSES = new Set([400, 413, 415]);

/** Body fields that name what a request is about, in the order they are looked for. */
const KEY_FIELDS = ['key', 'hil_id', 'id', 'agent_id'];

/** Requests whose route decides what is a "could not read" item (neither reported nor cleared here). */
const reportedByRoute = new WeakSet<FastifyRequest>();

/** A request this broker only forwards (`--tool-server-upstream`): the upstream's 4xx is not ours. */
export function leaveUnreported(request: FastifyRequest): void {
  reportedByRoute.add(request);
}

/**
 * Reports a bad request that its protocol answers with 200 (Tool Server Lite's `{success:
 * false, error}`) as a "could not read" item, as a 400 would be.
 */
export function reportUnreadable(
  board: UnreadableBoard,
  request: FastifyRequest,
  reason: string,
  field?: string,
): void {
  const found = describe(request);
  if (!found) return;
  reportedByRoute.add(request);
  board.report({ ...found, reason, ...(field ? { field } : {}) });
}

/**
 * Shows a bad request on any agent-facing route as a "could not read" item naming the field and
 * the reason the sender got in its 400 (whatever the protocol's reply shape: `{error, message,
 * field}`, Tool Server Lite's `{success, message}`); a later accepted request on the same route
 * and key clears it.
 */
export function reportBadRequests(app: FastifyInstance, board: UnreadableBoard): void {
  // Callback-style hooks: they run on every response, and an async one costs a promise and a
  // microtask turn before the bytes go out.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!UNREADABLE_STATUSES.has(reply.statusCode) || reportedByRoute.has(request))
      return done(null, payload);
    const found = describe(request);
    if (found) {
      const said = replyText(payload);
      board.report({
        ...found,
        reason: said.message ?? `HTTP ${reply.statusCode}`,
        ...(said.field ? { field: said.field } : {}),
      });
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode < 400 && !board.empty && !reportedByRoute.has(request)) {
      const found = describe(request);
      if (found && board.has(found.id)) board.clear(found.id);
    }
    done();
  });
}

/** The `message` and `field` of a JSON error reply. */
function replyText(payload: unknown): { message?: string; field?: string } {
  if (typeof payload !== 'string') return {};
  try {
    const json = JSON.parse(payload) as Record<string, unknown>;
    return {
      ...(typeof json.message === 'string' ? { message: json.message } : {}),
      ...(typeof json.field === 'string' ? { field: json.field } : {}),
    };
  } catch {
    return {};
  }
}

function describe(
  request: FastifyRequest,
): { id: string; source: string; origin: string } | undefined {
  const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  const route = PROTOCOL_ROUTES.find(
    ([method, prefix]) =>
      method === request.method &&
      (path === prefix || (prefix.endsWith('/') && path.startsWith(prefix))),
  );
  if (!route) return undefined;
  const key = keyOf(request);
  const bodyKey = bodyKeyOf(request);
  const sent = (request.url.split('?')[0] ?? path).slice(0, 300);
  return {
    id: `http:${route[2]}:${request.method} ${path}:${key ?? ''}`,
    source: route[2],
    origin: `${request.method} ${sent}${bodyKey === undefined ? '' : ` (${JSON.stringify(bodyKey)})`}`,
  };
}

/** What the request is about: a key-like body field, else the first path parameter. */
function keyOf(request: FastifyRequest): string | undefined {
  const fromBody = bodyKeyOf(request);
  if (fromBody !== undefined) return fromBody;
  const params = request.params as Record<string, unknown> | undefined;
  const first = params && Object.values(params).find((v) => typeof v === 'string' && v);
  return typeof first === 'string' ? first.slice(0, 200) : undefined;
}

function bodyKeyOf(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (!body || typeof body !== 'object') return undefined;
  for (const field of KEY_FIELDS) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value) return value.slice(0, 200);
  }
  return undefined;
}
