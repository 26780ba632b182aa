import { z } from 'zod';
import { mediaReply } from '../schema/reply-media';

/**
 * The Tool Server Lite routes' replies, as docs/protocols.md#tool-server-lite-hil and
 * /work/shared/protocols' tool-server-lite-hil.md give them, and as the handlers send them.
 * Failures keep the protocol's own `{success: false, error, message}` (not the broker's Error).
 */

/** Forwarded to `--tool-server-upstream` when set: that server's status and body pass through. */
const FORWARDED = ' (with --tool-server-upstream: the upstream’s own reply, passed through)';

/** One HIL task as `GET /api/hil/...` shows it; `result` once completed. */
export const HilTaskSchema = z.object({
  hil_id: z.string(),
  status: z.enum(['waiting', 'completed', 'cancelled', 'timeout']),
  instruction: z.string(),
  task_id: z.string().nullable(),
  result: z.string().optional(),
});

/** `{success: false, …}`: the protocol's failure (`field` names a bad body field). */
const Failure = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
const failure = (description: string) => Failure.describe(description);

/** `{success: true, message}`: a task completed, cancelled or responded to. */
const Settled = z.object({ success: z.literal(true), message: z.string() });

/** The replies of `POST /api/hil/complete|cancel/{hil_id}`. */
export const SETTLE_REPLIES = {
  200: Settled.describe('the task is completed (cancelled): `HIL task {hil_id} marked as …`'),
  400: failure('the body is invalid'),
  404: Failure.extend({ found: z.literal(false) }).describe('no HIL task with this hil_id'),
  409: Failure.extend({ status: HilTaskSchema.shape.status.optional() }).describe(
    'the task was already completed, cancelled or timed out: nothing changed',
  ),
  503: failure('the team store is unreachable: retry after Retry-After seconds'),
};

/** The replies of InfiAgent's `POST /api/hil/respond/{hil_id}` (its client raises on non-2xx). */
export const RESPOND_REPLIES = {
  200: z
    .union([Settled, Failure.omit({ field: true })])
    .describe('responded; or `{success: false}`: no such task, or it is no longer waiting'),
  400: failure('the body is invalid'),
  503: failure('the team store is unreachable: retry after Retry-After seconds'),
};

/** The replies of `POST /api/hil/annotate/{hil_id}` (`clarity-hitl run`'s JSONL events). */
export const ANNOTATE_REPLIES = {
  200: z
    .object({ success: z.literal(true), applied: z.boolean(), hil_id: z.string() })
    .describe('applied: false when no waiting task has this hil_id (yet: it is kept a while)'),
  400: z
    .object({ success: z.literal(false), message: z.string(), field: z.string().optional() })
    .describe('the annotation is invalid'),
};

/** `GET /api/hil/tasks`. */
export const TASKS_REPLIES = {
  200: z
    .object({ total: z.number().int(), tasks: z.array(HilTaskSchema) })
    .describe('every HIL task still known, one per hil_id, oldest first'),
};

/** `GET /api/hil/{hil_id}`: an unknown task is a 200 too, as the protocol's server answers. */
export const TASK_REPLIES = {
  200: z
    .union([
      HilTaskSchema.extend({ found: z.literal(true) }),
      z.object({ found: z.literal(false), hil_id: z.string(), message: z.string() }),
    ])
    .describe('the task (found: true), or found: false'),
};

/** `GET /api/hil/workspace/{task_id}`. */
export const WORKSPACE_REPLIES = {
  200: z
    .union([
      z.object({
        found: z.literal(true),
        hil_id: z.string(),
        instruction: z.string(),
        task_id: z.string(),
      }),
      z.object({ found: z.literal(false) }),
    ])
    .describe('the workspace’s oldest waiting task, or found: false'),
};

/** What a forwarded route answers when the upstream is down or the broker stops. */
const FORWARD_FAILURES = {
  502: failure('the upstream tool server did not answer'),
  503: failure('the broker is stopping: call again'),
};

/** `GET /api/task/{task_id}/status`. */
export const TASK_STATUS_REPLIES = {
  200: z
    .looseObject({
      success: z.literal(true),
      data: z.looseObject({ task_id: z.string(), status: z.string(), workspace: z.string() }),
    })
    .describe(`the workspace is active${FORWARDED}`),
  ...FORWARD_FAILURES,
};

/** `POST /api/task/create`: the broker keeps no workspace and creates no folders. */
export const TASK_CREATE_REPLIES = {
  200: z
    .looseObject({
      success: z.literal(true),
      message: z.string(),
      data: z.looseObject({
        workspace: z.string(),
        created_folders: z.array(z.string()),
        created_files: z.array(z.string()),
      }),
    })
    .describe(`the workspace is ready${FORWARDED}`),
  400: failure('no task_id (or an invalid one)'),
  ...FORWARD_FAILURES,
};

/** InfiAgent's tool confirmations: kept by the operator's own tool server. */
export const CONFIRMATION_REPLIES = {
  200: z.unknown().describe('the upstream tool server’s reply, passed through'),
  404: failure('no --tool-server-upstream: the broker keeps no tool confirmations'),
  ...FORWARD_FAILURES,
};

/** `GET /docs`. */
export const DOCS_REPLIES = {
  200: mediaReply('a small page naming these routes', ['text/html']),
};
