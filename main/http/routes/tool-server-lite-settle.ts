import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BrokerError, StoreUnreachableError } from '../../broker/errors';
import { describeZodError, fieldOf, parseOrThrow } from '../../broker/validation';
import { findHilTask, toHilTask } from '../../adapters/tool-server-lite/hil-task';
import {
  CancelBodySchema,
  CompleteBodySchema,
  RespondBodySchema,
} from '../../adapters/tool-server-lite/schemas';
import { HilAnnotationBodySchema } from '../../adapters/tool-server-lite/annotation-body';
import { actorOf } from '../guards/authority';
import { checkedByHandler } from '../schema/parsed-by';
import type { ZodTypeProvider } from '../schema/zod-type-provider';
import type { ToolServerDeps } from './tool-server-lite-execute';
import { ANNOTATE_REPLIES, RESPOND_REPLIES, SETTLE_REPLIES } from './tool-server-lite-replies';

const HilParams = z.object({ hil_id: z.string() });
const TAGS = ['Tool Server Lite'];
/** Each route's schema: bodies are checked by the handlers, in the spec's `{success}` shape. */
const schema = <R extends object>(summary: string, body: z.ZodType, response: R) => ({
  summary,
  tags: TAGS,
  params: HilParams,
  body: checkedByHandler(body),
  response,
});

/**
 * The routes that decide a waiting task: complete, cancel, InfiAgent's respond, and
 * `clarity-hitl run`'s annotate. Failures keep the spec's `{success: false, error, message}`.
 */
export function settleRoutes(app: FastifyInstance, deps: ToolServerDeps): void {
  const { broker, annotations } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const completeSchema = schema(
    'Complete a waiting task (no result: 完成)',
    CompleteBodySchema,
    SETTLE_REPLIES,
  );
  api.post('/api/hil/complete/:hil_id', { schema: completeSchema }, async (req, reply) => {
    const hilId = req.params.hil_id;
    return settle(reply, hilId, 'completed', async () => {
      const { result } = parseOrThrow(CompleteBodySchema, req.body ?? {}, 'complete body');
      const pending = requireWaiting(deps, hilId, reply);
      // Shared: in team mode the store decides the winner among every instance's answers.
      if (pending) await broker.answerShared(pending.id, { text: result }, 'http', actorOf(req));
      return pending !== undefined;
    });
  });

  const cancelSchema = schema('Cancel a waiting task', CancelBodySchema, SETTLE_REPLIES);
  api.post('/api/hil/cancel/:hil_id', { schema: cancelSchema }, async (req, reply) => {
    const hilId = req.params.hil_id;
    return settle(reply, hilId, 'cancelled', async () => {
      const { reason } = parseOrThrow(CancelBodySchema, req.body ?? {}, 'cancel body');
      const pending = requireWaiting(deps, hilId, reply);
      if (pending) await broker.cancelShared(pending.id, { reason, by: 'http', ...actorOf(req) });
      return pending !== undefined;
    });
  });

  const respondSchema = schema(
    'InfiAgent (Dec 2025): the user’s reply',
    RespondBodySchema,
    RESPOND_REPLIES,
  );
  api.post('/api/hil/respond/:hil_id', { schema: respondSchema }, async (req, reply) =>
    respond(deps, req.params.hil_id, req, reply),
  );

  const annotateSchema = schema(
    'Apply a JSONL human_in_loop event to the task',
    HilAnnotationBodySchema,
    ANNOTATE_REPLIES,
  );
  api.post('/api/hil/annotate/:hil_id', { schema: annotateSchema }, async (req, reply) => {
    const parsed = HilAnnotationBodySchema.safeParse(req.body ?? {});
    if (!parsed.success)
      return reply.code(400).send({
        success: false,
        message: `invalid annotation: ${describeZodError(parsed.error)}`,
        ...fieldOf(parsed.error),
      });
    const updated = annotations.annotate(req.params.hil_id, parsed.data);
    return { success: true as const, applied: updated !== null, hil_id: req.params.hil_id };
  });
}

/** InfiAgent's respond: any text; its client reads `success` and `error`. */
async function respond(
  { broker }: ToolServerDeps,
  hilId: string,
  req: Parameters<typeof actorOf>[0] & { body: unknown },
  reply: FastifyReply,
) {
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
    return { success: false as const, error: message, message };
  }
  const { response } = parsed.data;
  try {
    await broker.answerShared(pending.id, { text: response }, 'http', actorOf(req));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Team store unreachable: a 503 to retry (other failures stay 200, as InfiAgent expects).
    if (error instanceof StoreUnreachableError) void reply.code(failureStatus(error, reply));
    return { success: false as const, error: message, message };
  }
  return {
    success: true as const,
    message: `HIL task ${hilId} responded with: ${response.slice(0, 100)}`,
  };
}

/** Runs `act`; maps "not waiting" and validation errors to the spec's `{success, message}` shape. */
async function settle(
  reply: FastifyReply,
  hilId: string,
  done: 'completed' | 'cancelled',
  act: () => Promise<boolean>,
) {
  try {
    if (!(await act())) return reply;
    return { success: true as const, message: `HIL task ${hilId} marked as ${done}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return reply
      .code(failureStatus(error, reply))
      .send({ success: false, error: message, message, ...fieldOf(error) });
  }
}

/** The waiting task, or sends 404 (unknown) / 409 (already resolved: the first outcome stays). */
function requireWaiting({ broker }: ToolServerDeps, hilId: string, reply: FastifyReply) {
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
