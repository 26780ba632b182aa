import {
  offeredScope,
  type ApprovalInput,
  type ApprovalValue,
  type RuleScope,
} from '@contract/approval';
import { InvalidInputError } from './errors';

const ALLOW = /^(allow|approve|yes|y)$/i;
const ALWAYS = /^(always|always allow)$/i;
const DENY = /^(deny|no|n)\b\s*[:\-–]?\s*([\s\S]*)$/i;

/**
 * Reads a plain-text answer (terminal, `POST /answer`) to an approval: `allow`, `always`, or
 * `deny[: reason]`. Anything else, an empty answer above all, is refused: an approval is never
 * given by pressing Enter.
 */
export function approvalFromText(text: string): ApprovalValue {
  const trimmed = text.trim();
  if (ALLOW.test(trimmed)) return { kind: 'approval', decision: 'allow' };
  if (ALWAYS.test(trimmed)) return { kind: 'approval', decision: 'always' };
  const deny = DENY.exec(trimmed);
  if (deny) {
    const reason = deny[2]?.trim();
    return { kind: 'approval', decision: 'deny', ...(reason ? { reason } : {}) };
  }
  throw new InvalidInputError(
    'invalid answer: this is a permission request; answer `allow`, `always` or `deny: <reason>`',
  );
}

/**
 * The rule scope an `always` answer creates: one of the scopes the broker offered for this call
 * (the narrowest when none was picked); anything else, or a request never remembered, is refused.
 */
export function checkedRuleScope(input: ApprovalInput, value: ApprovalValue): RuleScope {
  const offered = offeredScope(input, value.rule);
  if ('problem' in offered) throw new InvalidInputError(`invalid answer: ${offered.problem}`);
  return offered.scope;
}
