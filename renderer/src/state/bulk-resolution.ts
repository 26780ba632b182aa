import type { AnswerInput, HitlRequest } from '@contract/request';

/** What a bulk "deny or cancel" does to one request. */
export type BulkResolution =
  { kind: 'answer'; input: AnswerInput } | { kind: 'cancel'; reason: string | undefined };

/**
 * Deny where the request asks for a yes/no (an approval is denied with the reason, a confirm
 * declined with it as the note), cancel with the reason otherwise.
 */
export function bulkResolution(request: HitlRequest, reason: string): BulkResolution {
  const trimmed = reason.trim();
  if (request.input.kind === 'approval') {
    return {
      kind: 'answer',
      input: {
        value: { kind: 'approval', decision: 'deny', ...(trimmed ? { reason: trimmed } : {}) },
      },
    };
  }
  if (request.input.kind === 'confirm') {
    return {
      kind: 'answer',
      input: {
        value: { kind: 'confirm', confirmed: false, ...(trimmed ? { note: trimmed } : {}) },
      },
    };
  }
  return { kind: 'cancel', reason: trimmed || undefined };
}
