import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error';
import { isOperator } from './authority';

/** Who may call a route: the operator only, any caller the guard let in, or a protocol's answer endpoint. */
export type RouteClass = 'operator' | 'agent' | 'protocol-answer' | 'page';

/**
 * Every route the broker serves, by `METHOD url` as registered. The operator's inbox (its list,
 * answers, rules, runs, "could not read" items, login links) needs the operator's authority;
 * agents' protocol routes do not; protocols' own answer endpoints answer their own requests
 * without it (the broker refuses them for a coding agent's request) unless
 * `--operator-answers-only` is set. A route missing here is the operator's: fail closed.
 */
export const ROUTE_CLASSES: Readonly<Record<string, RouteClass>> = {
  // The operator's inbox (the InboxClient's HTTP transport, the CLI, the desktop's remote brokers).
  'GET /api/info': 'operator',
  'GET /api/requests': 'operator',
  'GET /api/history': 'operator',
  'POST /api/requests/:id/answer': 'operator',
  'POST /api/requests/:id/cancel': 'operator',
  'GET /api/requests/:id/files': 'operator',
  'GET /api/requests/:id': 'operator',
  'GET /api/rules': 'operator',
  'POST /api/rules/:id/revoke': 'operator',
  'GET /api/runs': 'operator',
  'GET /api/runs/:id': 'operator',
  'GET /api/unreadable': 'operator',
  'GET /api/undelivered': 'operator',
  'POST /api/unreadable/dismiss': 'operator',
  'GET /api/agents/:agentId/messages': 'operator',
  'POST /api/login-links': 'operator',
  'POST /api/logout': 'operator',
  // Pairing a phone and its sessions (refused to a paired phone's own session too).
  'POST /api/pairing-links': 'operator',
  'GET /api/phone-sessions': 'operator',
  'POST /api/phone-sessions/:id/revoke': 'operator',
  'GET /api/webhooks/deliveries': 'operator',
  // Pages: the inbox page shows the login page without a session; static files hold no data.
  'GET /': 'page',
  'GET /login': 'page',
  'GET /*': 'page',
  // The Clarity spec's broker HTTP API (coding agents' requests filtered out for agents).
  'GET /questions': 'agent',
  'POST /questions': 'agent',
  'GET /questions/:key': 'agent',
  'GET /events': 'agent',
  'POST /answer': 'protocol-answer',
  'POST /cancel': 'protocol-answer',
  // Tool Server Lite.
  'POST /api/tool/execute': 'agent',
  'GET /api/hil/tasks': 'agent',
  'GET /api/hil/:hil_id': 'agent',
  'POST /api/hil/complete/:hil_id': 'protocol-answer',
  'POST /api/hil/cancel/:hil_id': 'protocol-answer',
  'POST /api/hil/annotate/:hil_id': 'agent',
  'POST /api/hil/respond/:hil_id': 'protocol-answer',
  'GET /api/hil/workspace/*': 'agent',
  'GET /api/task/:task_id/status': 'agent',
  'POST /api/task/create': 'agent',
  'GET /docs': 'agent',
  // The OpenAPI document of every route (for agent authors).
  'GET /openapi.json': 'agent',
  'POST /api/tool-confirmation/create': 'agent',
  'GET /api/tool-confirmation/:confirm_id': 'agent',
  'POST /api/tool-confirmation/respond/:confirm_id': 'protocol-answer',
  'GET /api/tool-confirmation/workspace/*': 'agent',
  // cueme, MCP, QuestFoundry, HAPI, agent runs, coding-agent hooks: agents asking and waiting.
  'POST /api/cueme/join': 'agent',
  'POST /api/cueme/recall': 'agent',
  'POST /api/cueme/cue': 'agent',
  'POST /api/mcp/ask': 'agent',
  'GET /api/mcp/asks/:handle': 'agent',
  'POST /api/mcp/asks/:handle/cancel': 'agent',
  'POST /api/questfoundry/questions': 'agent',
  'GET /api/questfoundry/questions/:id': 'agent',
  'POST /api/agents/:agentId/messages': 'agent',
  'POST /api/runs': 'agent',
  'POST /api/runs/:id/events': 'agent',
  'POST /api/hooks/hello': 'agent',
  'POST /api/hooks/:agent': 'agent',
};

/** The class of a registered route (`operator` for one missing from the table). */
export function routeClass(method: string, url: string | undefined): RouteClass {
  if (url === undefined) return 'agent';
  // Fastify answers HEAD on every GET route: the same class.
  return ROUTE_CLASSES[`${method === 'HEAD' ? 'GET' : method} ${url}`] ?? 'operator';
}

/**
 * Refuses, once routed, a request to an operator route without the operator's authority (403
 * naming how to log in), and to a protocol's answer endpoint when answers need the operator.
 */
export function installRouteAuthority(
  app: FastifyInstance,
  options: { operatorAnswersOnly: boolean },
): void {
  // A route nobody classified is a mistake to catch at start, not a door left open.
  const unclassified: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (ROUTE_CLASSES[`${method === 'HEAD' ? 'GET' : method} ${route.url}`] === undefined)
        unclassified.push(`${method} ${route.url}`);
  });
  app.addHook('onReady', async () => {
    if (unclassified.length > 0)
      throw new Error(`routes without a class in ROUTE_CLASSES: ${unclassified.join(', ')}`);
  });
  // Before the route's schema checks the input: an agent learns nothing of an operator route's.
  app.addHook('preValidation', (request, _reply, done) => {
    const needed = routeClass(request.method, request.routeOptions.url);
    if (needsOperator(needed, options) && !isOperator(request)) {
      return done(
        new HttpError(
          403,
          'operator_required',
          needed === 'protocol-answer'
            ? 'this broker takes answers from the operator only (--operator-answers-only): answer in the inbox or with `clarity-hitl` as the operator'
            : "this is the operator's: log in with the link `clarity-hitl open` prints, or use the clarity-hitl CLI as the operator",
        ),
      );
    }
    done();
  });
}

function needsOperator(needed: RouteClass, options: { operatorAnswersOnly: boolean }): boolean {
  return needed === 'operator' || (needed === 'protocol-answer' && options.operatorAnswersOnly);
}
