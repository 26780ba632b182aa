import type { HitlRequest } from '@contract/request';

/** Fields a resolved record leaves out rather than keep as `undefined`. */
const DROPPED_WHEN_UNSET: ReadonlySet<string> = new Set(['cancelReason', 'operator', 'resolvedOn']);

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
  const merged: Record<string, unknown> = Object.assign({}, request, patch, { resolvedAt: at });
  if (merged.resolvedOn === undefined && instanceName) merged.resolvedOn = instanceName;
  // Built key by key, never with `delete`: a deleted field turns the record into a dictionary
  // (a hash table per record, kept as long as the history keeps it).
  const resolved: Record<string, unknown> = {};
  for (const key in merged) {
    const value = merged[key];
    if (value !== undefined || !DROPPED_WHEN_UNSET.has(key)) resolved[key] = value;
  }
  return resolved as unknown as HitlRequest;
}
