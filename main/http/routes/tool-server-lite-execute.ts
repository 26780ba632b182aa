import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BrokerError } from '../../broker/errors';
import { fieldOf } from '../../broker/validation';
import type { Broker } from '../../broker/broker';
import { waitWhileConnected, type ServerStop } from '../../adapters/held-request';
import { reportWhenSent } from '../../adapters/delivery-on-send';
import { executeResponseFor, failure } from '../../adapters/tool-server-lite/execute-response';
import {
  HilAlreadyWaitingError,
  registerHumanInLoop,
} from '../../adapters/tool-server-lite/execute';
import type { ExecuteWaiters } from '../../adapters/tool-server-lite/execute-waiters';
import type { HilAnnotations } from '../../adapters/tool-server-lite/hil-annotations';
import { ExecuteBodySchema } from '../../adapters/tool-server-lite/schemas';
import { reportUnreadable } from '../bad-request-report';
import { rawBodyOf } from '../raw-body';
import { forwardToUpstream } from '../upstream-proxy';
import { checkedByHandler } from '../schema/parsed-by';

/** What the Tool Server Lite routes share. */
export interface ToolServerDeps {
  broker: Broker;
  stop: ServerStop;
  waiters: ExecuteWaiters;
  annotations: HilAnnotations;
  checkRoot: (root: string) => string;
  upstream?: URL;
}

const STOPPING = 'the HITL broker is stopping; call again to keep waiting';

const ExecuteReply = z.object({
  success: z.boolean(),
  data: z.object({ status: z.string(), output: z.string(), error: z.string() }),
  error: z.string().optional(),
  message: z.string().optional(),
  field: z.string().optional(),
});

const EXECUTE = {
  summary: 'Run a tool: human_in_loop is held until the operator completes or cancels it',
  description:
    'Every failure is HTTP 200 `{success: false, error, data}` (InfiAgent’s client raises on any non-2xx); other tools go to --tool-server-upstream.',
  tags: ['Tool Server Lite'],
  body: checkedByHandler(z.union([ExecuteBodySchema, z.object({ tool_name: z.string() })])),
  response: {
    200: ExecuteReply.describe(
      'completed, cancelled, timed out, or a failure the model can act on',
    ),
    503: ExecuteReply.describe('the broker is stopping: call again to keep waiting'),
  },
};

/** A body naming the human_in_loop tool (anything else goes to the upstream, when there is one). */
function isHumanInLoop(body: unknown): boolean {
  return (body as { tool_name?: unknown } | undefined)?.tool_name === 'human_in_loop';
}

/** `POST /api/tool/execute`: the held human_in_loop call, or another tool forwarded upstream. */
export function executeRoute(app: FastifyInstance, deps: ToolServerDeps): void {
  const { broker, stop, waiters, annotations, checkRoot, upstream } = deps;
  app.post('/api/tool/execute', { schema: EXECUTE }, async (req, reply) => {
    if (upstream && !isHumanInLoop(req.body))
      return forwardToUpstream(req, reply, {
        base: upstream,
        body: rawBodyOf(req),
        downStatus: 200,
        downBody: failure,
        stop,
        stoppingBody: failure(STOPPING),
      });
    let registered;
    try {
      registered = registerHumanInLoop(broker, req.body, Date.now(), checkRoot, waiters);
    } catch (error) {
      // InfiAgent's client raises on any non-2xx: a failure the model can act on is a 200.
      const message = error instanceof Error ? error.message : String(error);
      const { field } = fieldOf(error);
      if (error instanceof BrokerError && !(error instanceof HilAlreadyWaitingError))
        reportUnreadable(broker.unreadable, req, message, field);
      return { ...failure(message), ...(field ? { field } : {}) };
    }
    const { id } = registered.request;
    // A retry whose request was decided meanwhile gets that outcome (ExecuteWaiters).
    if (registered.request.status !== 'pending') {
      waiters.returnedOutcome(id);
      reportWhenSent(broker, broker.get(id) ?? registered.request, reply.raw);
      return executeResponseFor(registered.request, registered.timeout);
    }
    annotations.applyEarly(registered.request);
    const done = waiters.wait(id);
    const resolved = await stop.race(waitWhileConnected(broker, id, reply.raw)).finally(done);
    // The broker stops: the request stays (durable); the agent's retry waits for it again.
    if (resolved === 'stopping') return reply.code(503).send(failure(STOPPING));
    if (!resolved) return reply; // the agent hung up; nobody to answer
    waiters.returnedOutcome(id);
    return executeResponseFor(resolved, registered.timeout);
  });
}
