import type { Broker } from '../../broker/broker';
import { DuplicateRequestError, InvalidInputError } from '../../broker/errors';
import type { HitlRequest } from '@contract/request';
import { parseOrThrow } from '../../broker/validation';
import type { ExecuteWaiters } from './execute-waiters';
import { TOOL_SERVER_SOURCE } from './hil-task';
import { ExecuteBodySchema, HumanInLoopParamsSchema } from './schemas';
import { hilUiToInput } from './ui-input';

/** A second execute for a hil_id that is still waiting. */
export class HilAlreadyWaitingError extends Error {
  constructor(readonly hilId: string) {
    super(
      `HIL task ${hilId} is already waiting; use a new hil_id, or complete or cancel the waiting one first`,
    );
  }
}

export interface RegisteredHil {
  request: HitlRequest;
  timeout: number | null;
}

/**
 * Validates a `POST /api/tool/execute` body and registers its waiting task in the broker.
 * Throws InvalidInputError (bad body, other tool_name) or a clear HilAlreadyWaitingError
 * when a task with the same hil_id is still waiting. With `waiters`, a retry of a call whose
 * waiter died gets its request back instead (ExecuteWaiters): pending, or decided meanwhile.
 */
export function registerHumanInLoop(
  broker: Broker,
  body: unknown,
  now = Date.now(),
  checkRoot?: (root: string) => string,
  waiters?: ExecuteWaiters,
): RegisteredHil {
  const { task_id, tool_name, params } = parseOrThrow(ExecuteBodySchema, body, 'execute body');
  if (tool_name !== 'human_in_loop') {
    throw new InvalidInputError(
      `invalid execute body: tool_name: unsupported tool "${tool_name}"; this broker only runs human_in_loop`,
      'tool_name',
    );
  }
  const p = parseOrThrow(HumanInLoopParamsSchema, params, 'execute body params');
  const input = hilUiToInput(p.ui, task_id, checkRoot);
  const timeout = p.timeout ?? null;
  // A retry whose waiter died: the outcome given meanwhile, or the request still pending.
  const earlier = waiters?.unreturned(
    broker.findByKey(p.hil_id, [TOOL_SERVER_SOURCE]),
    p.instruction,
    now,
  );
  if (earlier) return { request: earlier, timeout };
  // The held execute's response (or a retry's, re-attached) carries the answer: reported sent.
  broker.deliveries.expect(TOOL_SERVER_SOURCE);
  try {
    const request = broker.add({
      source: TOOL_SERVER_SOURCE,
      key: p.hil_id,
      prompt: p.instruction,
      input,
      createdAt: now,
      ...(timeout ? { expiresAt: now + timeout * 1000 } : {}),
      ...(task_id ? { agent: { id: task_id, projectDir: task_id } } : {}),
      meta: { instruction: p.instruction, taskId: task_id ?? null, timeout },
    });
    return { request, timeout };
  } catch (error) {
    if (error instanceof DuplicateRequestError) {
      if (waiters?.orphaned(error.existing, p.instruction))
        return { request: error.existing, timeout };
      throw new HilAlreadyWaitingError(p.hil_id);
    }
    throw error;
  }
}
