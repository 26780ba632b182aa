import { z } from 'zod';
import { isWellFormed, NOT_WELL_FORMED_MESSAGE } from '@contract/well-formed';

/** The `ui` hint of a HIL task (docs/protocols.md#tool-server-lite-hil): confirm, text with placeholder, file pick. */
export const HilUiSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('confirm'),
    text: z.string().optional(),
    /** Destructive: the inbox never confirms it by reflex (our addition, as `ui` itself). */
    danger: z.boolean().optional(),
  }),
  z.object({ type: z.literal('text'), placeholder: z.string().optional() }),
  z.object({ type: z.literal('file_pick'), pattern: z.string().min(1) }),
]);
export type HilUi = z.infer<typeof HilUiSchema>;

/** `params` of `human_in_loop`. `ui` is our addition (the spec carries it on the JSONL event). */
export const HumanInLoopParamsSchema = z.object({
  /** Goes into `/api/hil/{hil_id}` URLs. */
  hil_id: z.string().trim().min(1).max(256).refine(isWellFormed, NOT_WELL_FORMED_MESSAGE),
  instruction: z.string().trim().min(1),
  /** Seconds; `null` or absent = wait without limit. */
  timeout: z.number().positive().max(31_536_000).nullable().optional(),
  ui: HilUiSchema.optional(),
});

/** `POST /api/tool/execute` body. */
export const ExecuteBodySchema = z.object({
  /** The agent's workspace (absolute path); the root of `file_pick` patterns. */
  task_id: z.string().optional(),
  tool_name: z.string().min(1),
  params: z.unknown(),
});

/** InfiAgent's tool server's result when a completion names none. */
export const DEFAULT_RESULT = '完成';

/** `POST /api/hil/complete/{hil_id}` body; no body or no `result` means `完成` (as InfiAgent's server). */
export const CompleteBodySchema = z
  .object({ result: z.string().max(1_000_000).default(DEFAULT_RESULT) })
  .default({ result: DEFAULT_RESULT });

/** `POST /api/hil/respond/{hil_id}` body (InfiAgent Dec 2025): the user's reply, any text (none: `完成`). */
export const RespondBodySchema = z
  .object({ response: z.string().max(1_000_000).default(DEFAULT_RESULT) })
  .default({ response: DEFAULT_RESULT });

/**
 * `POST /api/task/create`: InfiAgent sends `?task_id=…&task_name=…` (older clients a JSON body
 * `{task_id}`); the task id is the workspace's absolute path.
 */
export const TaskCreateSchema = z.object({
  task_id: z.string().min(1).max(4096),
  task_name: z.string().max(4096).optional(),
});

/** `POST /api/hil/cancel/{hil_id}` body (reason optional, body optional). */
export const CancelBodySchema = z.object({ reason: z.string().max(10_000).optional() }).default({});
