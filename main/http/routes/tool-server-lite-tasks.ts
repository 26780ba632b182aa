import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ServerStop } from '../../adapters/held-request';
import { findWaitingInWorkspace } from '../../adapters/tool-server-lite/hil-task';
import { TaskCreateSchema } from '../../adapters/tool-server-lite/schemas';
import { describeZodError, fieldOf } from '../../broker/validation';
import { rawBodyOf } from '../raw-body';
import { forwardToUpstream } from '../upstream-proxy';
import type { RouteModule } from '../context';
import { toolServerDocsPage } from './tool-server-lite-docs';
import {
  CONFIRMATION_REPLIES,
  DOCS_REPLIES,
  TASK_CREATE_REPLIES,
  TASK_STATUS_REPLIES,
  WORKSPACE_REPLIES,
} from './tool-server-lite-replies';
import { checkedByHandler } from '../schema/parsed-by';
import type { ZodTypeProvider } from '../schema/zod-type-provider';

const TAGS = ['Tool Server Lite'];
const doc = <M extends object>(summary: string, more?: M) => ({
  schema: { summary, tags: TAGS, ...more } as { summary: string; tags: string[] } & M,
});
const STATUS = doc('A task’s status (forwarded to the upstream when set)', {
  params: z.object({ task_id: z.string() }),
  response: TASK_STATUS_REPLIES,
});
const CREATE = doc('Create a task workspace (the broker creates no folders)', {
  body: checkedByHandler(TaskCreateSchema),
  querystring: checkedByHandler(TaskCreateSchema.partial()),
  response: TASK_CREATE_REPLIES,
});
const WORKSPACE = doc('The workspace’s oldest waiting HIL task', { response: WORKSPACE_REPLIES });
const CONFIRMATION = doc('InfiAgent’s tool confirmations: forwarded to the upstream, else 404', {
  response: CONFIRMATION_REPLIES,
});
const DOCS = doc('A small page naming these routes', { response: DOCS_REPLIES });

/** A `{success: false, error}` reply body (InfiAgent's shape), with `message` as the broker's others. */
const failed = (message: string) => ({ success: false, error: message, message });

/**
 * The rest of the tool server InfiAgent's client talks to (docs/protocols.md#tool-server-lite-hil):
 * the task routes (forwarded to `--tool-server-upstream` when set, else answered here: the broker
 * keeps no workspace), the tool confirmations (forwarded; without an upstream 404),
 * `GET /api/hil/workspace/{task_id}` and `GET /docs`.
 */
export const toolServerLiteTaskRoutes: RouteModule = (app, { broker, toolServerUpstream }) => {
  const stop = new ServerStop(app);
  const forward = (req: FastifyRequest, reply: FastifyReply) =>
    forwardToUpstream(req, reply, {
      base: toolServerUpstream!,
      body: rawBodyOf(req),
      downStatus: 502,
      downBody: failed,
      stop,
      stoppingBody: failed('the HITL broker is stopping; call again'),
    });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/task/:task_id/status', STATUS, async (req, reply) => {
    if (toolServerUpstream) return forward(req, reply);
    const taskId = req.params.task_id;
    return {
      success: true as const,
      data: { task_id: taskId, status: 'active', workspace: taskId },
    };
  });

  app.post('/api/task/create', CREATE, async (req, reply) => {
    if (toolServerUpstream) return forward(req, reply);
    const given = { ...(req.query as object), ...(isObject(req.body) ? req.body : {}) };
    const parsed = TaskCreateSchema.safeParse(given);
    if (!parsed.success)
      return reply.code(400).send({
        ...failed(`invalid task: ${describeZodError(parsed.error)}`),
        ...fieldOf(parsed.error),
      });
    const workspace = parsed.data.task_id;
    return {
      success: true as const,
      message: `Task workspace ready: ${workspace} (the HITL broker runs human_in_loop only and creates no folders)`,
      data: { workspace, created_folders: [], created_files: [] },
    };
  });

  // InfiAgent's CLI sends the path as is (`/api/hil/workspace//abs/ws`), its web UI encoded.
  app.get<{ Params: { '*': string } }>('/api/hil/workspace/*', WORKSPACE, async (req) => {
    const taskId = req.params['*'];
    const waiting = findWaitingInWorkspace(broker, taskId);
    if (!waiting) return { found: false as const };
    return {
      found: true as const,
      hil_id: waiting.key,
      instruction: typeof waiting.meta?.instruction === 'string' ? waiting.meta.instruction : '',
      task_id: taskId,
    };
  });

  // InfiAgent's confirmations of dangerous tools (Dec 2025): the operator's tool server keeps them.
  const confirmation = async (req: FastifyRequest, reply: FastifyReply) => {
    if (toolServerUpstream) return forward(req, reply);
    return reply
      .code(404)
      .send(
        failed(
          'tool confirmations are kept by your own tool server: start the broker with --tool-server-upstream <url>',
        ),
      );
  };
  app.post('/api/tool-confirmation/create', CONFIRMATION, confirmation);
  app.get('/api/tool-confirmation/:confirm_id', CONFIRMATION, confirmation);
  app.post('/api/tool-confirmation/respond/:confirm_id', CONFIRMATION, confirmation);
  app.get('/api/tool-confirmation/workspace/*', CONFIRMATION, confirmation);

  app.get('/docs', DOCS, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(toolServerDocsPage(toolServerUpstream !== undefined)),
  );
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
