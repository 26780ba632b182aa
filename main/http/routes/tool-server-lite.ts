import type { FastifyReply } from 'fastify';
import { BrokerError, StoreUnreachableError } from '../../broker/errors';
import { describeZodError, fieldOf, parseOrThrow } from '../../broker/validation';
import { ServerStop, waitWhileConnected } from '../../adapters/held-request';
import { reportWhenSent } from '../../adapters/delivery-on-send';
import { executeResponseFor, failure } from '../../adapters/tool-server-lite/execute-response';
import {
  HilAlreadyWaitingError,
  registerHumanInLoop,
} from '../../adapters/tool-server-lite/execute';
import { ExecuteWaiters } from '../../adapters/tool-server-lite/execute-waiters';
import { HilAnnotations } from '../../adapters/tool-server-lite/hil-annotations';
import { findHilTask, listHilTasks, toHilTask } from '../../adapters/tool-server-lite/hil-task';
import {
  CancelBodySchema,
  CompleteBodySchema,
  RespondBodySchema,
} from '../../adapters/tool-server-lite/schemas';
import { reportUnreadable } from '../bad-request-report';
import { rawBodyOf } from '../raw-body';
import { forwardToUpstream } from '../upstream-proxy';
import { HilAnnotationBodySchema } from '../../adapters/tool-server-lite/annotation-body';
import type { RouteModule } from '../context';
import { actorOf } from '../guards/authority';

type HilParams = { Params: { hil_id: string } };

const STOPPING = 'the HITL broker is stopping; call again to keep waiting';

/** A body naming the human_in_loop tool (anything else goes to the upstream, when there is one). */
function isHumanInLoop(body: unknown): boolean {
  return (body as { tool_name?: unknown } | undefined)?.tool_name === 'human_in_loop';
}

/**
 * Tool Server Lite HIL API (docs/protocols.md#tool-server-lite-hil): the held execute call,
 * the task list / status / complete / cancel routes, and `POST /api/hil/annotate/{hil_id}`
 * through which `clarity-hitl run` forwards JSONL `human_in_loop` events.
 */
export const toolServerLiteRoutes: RouteModule = (
  app,
  { broker, fileRoots, toolServerUpstream: upstream },
) => {
  const checkRoot = (root: string) => fileRoots.check(root);
  const annotations = new HilAnnotations(broker, 1000, checkRoot);
  const stop = new ServerStop(app);
  const waiters = new ExecuteWaiters();

  app.post('/api/tool/execute', async (req, reply) => {
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

  app.get('/api/hil/tasks', async () => {
    const tasks = listHilTasks(broker);
    return { total: tasks.length, tasks };
  });

  app.get<HilParams>('/api/hil/:hil_id', async (req) => {
    const request = findHilTask(broker, req.params.hil_id);
    if (!request)
      return {
        found: false,
        hil_id: req.params.hil_id,
        message: `HIL task ${req.params.hil_id} not found`,
      };
    return { found: true, ...toHilTask(request) };
  });

  app.post<HilParams>('/api/hil/complete/:hil_id', async (req, reply) => {
    const hilId = req.params.hil_id;
    return settle(reply, hilId, 'completed', async () => {
      const { result } = parseOrThrow(CompleteBodySchema, req.body ?? {}, 'complete body');
      const pending = requireWaiting(hilId, reply);
      // Shared: in team mode the store decides the winner among every instance's answers.
      if (pending) await broker.answerShared(pending.id, { text: result }, 'http', actorOf(req));
      return pending !== undefined;
    });
  });

  app.post<HilParams>('/api/hil/cancel/:hil_id', async (req, reply) => {
    const hilId = req.params.hil_id;
    return settle(reply, hilId, 'cancelled', async () => {
      const { reason } = parseOrThrow(CancelBodySchema, req.body ?? {}, 'cancel body');
      const pending = requireWaiting(hilId, reply);
      if (pending) await broker.cancelShared(pending.id, { reason, by: 'http', ...actorOf(req) });
      return pending !== undefined;
    });
  });

  // InfiAgent (Dec 2025): the user's reply, any text; its client reads `success` and `error`.
  app.post<HilParams>('/api/hil/respond/:hil_id', async (req, reply) => {
    const hilId = req.params.hil_id;
    const parsed = RespondBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const message = `invalid respond body: ${describeZodError(parsed.error)}`;
      return reply
        .code(400)
        .send({ success: false, error: message, message, ...fieldOf(parsed.error) });
    }
    const pending = findHilTask(broker, hilId);
    if (pending?.status !== 'pending') {
      const message = pending
        ? `HIL task ${hilId} is already ${toHilTask(pending).status}; nothing changed`
        : `HIL task not found: ${hilId}`;
      return { success: false, error: message, message };
    }
    const { response } = parsed.data;
    try {
      await broker.answerShared(pending.id, { text: response }, 'http', actorOf(req));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Team store unreachable: a 503 to retry (other failures stay 200, as InfiAgent expects).
      if (error instanceof StoreUnreachableError) void reply.code(failureStatus(error, reply));
      return { success: false, error: message, message };
    }
    return {
      success: true,
      message: `HIL task ${hilId} responded with: ${response.slice(0, 100)}`,
    };
  });

  app.post<HilParams>('/api/hil/annotate/:hil_id', async (req, reply) => {
    const parsed = HilAnnotationBodySchema.safeParse(req.body ?? {});
    if (!parsed.success)
      return reply.code(400).send({
        success: false,
        message: `invalid annotation: ${describeZodError(parsed.error)}`,
        ...fieldOf(parsed.error),
      });
    const updated = annotations.annotate(req.params.hil_id, parsed.data);
    return { success: true, applied: updated !== null, hil_id: req.params.hil_id };
  });

  /** Runs `act`; maps "not waiting" and validation errors to the spec's `{success, message}` shape. */
  async function settle(
    reply: FastifyReply,
    hilId: string,
    done: 'completed' | 'cancelled',
    act: () => Promise<boolean>,
  ) {
    try {
      if (!(await act())) return reply;
      return { success: true, message: `HIL task ${hilId} marked as ${done}` };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return reply
        .code(failureStatus(error, reply))
        .send({ success: false, error: message, message, ...fieldOf(error) });
    }
  }

  /** The waiting task, or sends 404 (unknown) / 409 (already resolved: the first outcome stays). */
  function requireWaiting(hilId: string, reply: FastifyReply) {
    const request = findHilTask(broker, hilId);
    if (request?.status === 'pending') return request;
    if (!request) {
      const message = `HIL task ${hilId} not found`;
      void reply.code(404).send({ success: false, found: false, error: message, message });
    } else {
      const task = toHilTask(request);
      const message = `HIL task ${hilId} is already ${task.status}; nothing changed (a task takes effect only once)`;
      void reply.code(409).send({ success: false, status: task.status, error: message, message });
    }
    return undefined;
  }
};

/**
 * The status of a failed complete / cancel / respond: 409 already resolved, 503 (with
 * Retry-After) while the team store is unreachable, else 400.
 */
function failureStatus(error: unknown, reply: FastifyReply): number {
  if (error instanceof StoreUnreachableError) {
    void reply.header('retry-after', String(error.retryAfterS));
    return 503;
  }
  return error instanceof BrokerError && error.code === 'already_resolved' ? 409 : 400;
}
