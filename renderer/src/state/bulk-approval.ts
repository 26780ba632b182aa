import type { AnswerInput, HitlRequest } from '@contract/request';
import { isDangerousConfirm } from '../answers/danger';
import { groupKeyOf } from './group-requests';

/** Why a selection cannot be approved at once (each a message key's suffix). */
export type NotApprovable = 'mixed-kind' | 'mixed-agent' | 'kind' | 'risky' | 'no-command';

/**
 * Whether the ticked requests may be approved together: all of one kind and one agent, and that
 * kind a plain confirm (never a risky one, by flag or by its words) or a coding agent's permission request for an exact
 * shell command (shown in full before approving; never an AskUserQuestion, a file edit or other
 * call whose content the list does not show).
 */
export function bulkApprovable(
  requests: readonly HitlRequest[],
): { ok: true } | { ok: false; why: NotApprovable } {
  const first = requests[0];
  if (!first) return { ok: false, why: 'kind' };
  for (const r of requests) {
    if (r.input.kind !== first.input.kind) return { ok: false, why: 'mixed-kind' };
    if (groupKeyOf(r) !== groupKeyOf(first)) return { ok: false, why: 'mixed-agent' };
    if (r.input.kind === 'confirm') {
      if (isDangerousConfirm(r)) return { ok: false, why: 'risky' };
    } else if (r.input.kind === 'approval') {
      const command = r.input.command?.trim();
      if (!command || r.input.questions) return { ok: false, why: 'no-command' };
      // A command naming a destructive action (rm -rf, force push…) is as risky as such a confirm.
      if (isDangerousConfirm({ title: command, input: { kind: 'confirm' } }))
        return { ok: false, why: 'risky' };
    } else return { ok: false, why: 'kind' };
  }
  return { ok: true };
}

/** The answer that approves one request of an approvable selection: yes, or allow once. */
export function approvalAnswer(request: HitlRequest): AnswerInput {
  return request.input.kind === 'approval'
    ? { value: { kind: 'approval', decision: 'allow' } }
    : { value: { kind: 'confirm', confirmed: true } };
}
