import picomatch from 'picomatch';
import type { ApprovalInput, ApprovalValue, RuleScope } from '@contract/approval';
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

/** The rule scope an `always` answer creates: the operator's edit checked against what was asked. */
export function checkedRuleScope(input: ApprovalInput, value: ApprovalValue): RuleScope {
  const scope = { ...input.rule, ...value.rule };
  if (scope.commandPrefix !== undefined && input.command !== undefined) {
    if (!input.command.trim().startsWith(scope.commandPrefix)) {
      throw new InvalidInputError(
        `invalid answer: rule.commandPrefix: ${JSON.stringify(scope.commandPrefix)} is not how the command starts`,
      );
    }
  }
  if (scope.pathGlob !== undefined && input.path !== undefined) {
    if (!picomatch(scope.pathGlob, { dot: true })(input.path)) {
      throw new InvalidInputError(
        `invalid answer: rule.pathGlob: ${JSON.stringify(scope.pathGlob)} does not match ${input.path}`,
      );
    }
  }
  return scope;
}
