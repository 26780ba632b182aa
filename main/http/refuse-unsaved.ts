import type { HitlRequest } from '@contract/request';
import { NotSavedError } from '../broker/errors';
import type { HttpContext } from './context';

/**
 * A durable request (an HTTP-mode question) whose add could not be written to the state dir is
 * taken back at once and refused with NotSavedError (507 on a full disk): acknowledged, it would
 * be gone after a restart while its agent polls for it. The operator sees it leave, cancelled
 * with the reason.
 */
export function refuseUnsaved(
  context: Pick<HttpContext, 'broker' | 'saveProblem'>,
  request: HitlRequest,
): void {
  const problem = context.saveProblem?.(request.id);
  if (!problem) return;
  const error = new NotSavedError(`The question ${request.key}`, problem.stateDir, problem.error);
  context.broker.cancel(request.id, { by: 'system', reason: error.message });
  throw error;
}
