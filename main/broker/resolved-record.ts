import type { HitlRequest } from '@contract/request';

/**
 * The record of `request` resolved with `patch` at `at`: fields the patch leaves undefined are
 * dropped, and `resolvedOn` names `instanceName` (team mode) unless the patch names where.
 */
export function resolvedRecord(
  request: HitlRequest,
  patch: Partial<HitlRequest>,
  at: number,
  instanceName?: string,
): HitlRequest {
  const resolved: HitlRequest = { ...request, ...patch, resolvedAt: at };
  if (resolved.cancelReason === undefined) delete resolved.cancelReason;
  if (resolved.operator === undefined) delete resolved.operator;
  if (resolved.resolvedOn === undefined) {
    if (instanceName) resolved.resolvedOn = instanceName;
    else delete resolved.resolvedOn;
  }
  return resolved;
}
