import {
  offeredScope,
  type ApprovalInput,
  type ApprovalValue,
  type RuleScope,
} from '@contract/approval';
import { askAnswers, askPicksFromText } from '@contract/ask-question';
import { InvalidInputError } from './errors';

const ALLOW = /^(allow|approve|yes|y)$/i;
const ALWAYS = /^(always|always allow)$/i;
const DENY = /^(deny|no|n)\b\s*[:\-–]?\s*([\s\S]*)$/i;

const DENY_WORD = /^deny\b\s*[:\-–]?\s*([\s\S]*)$/i;

/**
 * Reads a plain-text answer (terminal, `POST /answer`) to an approval: `allow`, `always`, or
 * `deny[: reason]`. Anything else, an empty answer above all, is refused: an approval is never
 * given by pressing Enter. For AskUserQuestion the text is the answer, one line per question (an
 * option's label, labels comma-separated, or "Other" text); `deny[: reason]` declines.
 */
export function approvalFromText(text: string, spec?: ApprovalInput): ApprovalValue {
  const trimmed = text.trim();
  if (spec?.questions) {
    const picks = askPicksFromText(spec.questions, trimmed);
    const named = picks && Object.values(picks).some((p) => p.selected.length > 0);
    const deny = DENY_WORD.exec(trimmed);
    if (deny && !named) {
      const reason = deny[1]?.trim();
      return { kind: 'approval', decision: 'deny', ...(reason ? { reason } : {}) };
    }
    if (picks) return { kind: 'approval', decision: 'allow', answers: picks };
    throw new InvalidInputError(
      `invalid answer: this asks ${spec.questions.length} questions; answer one line each (an option's label, labels comma-separated, or your own text), or \`deny: <reason>\``,
    );
  }
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

/**
 * AskUserQuestion's answers and edit-before-allow, checked against what the request offers: an
 * allow of questions answers each one with known labels (or "Other" text); edits go only with a
 * plain allow, only to the fields offered, and never where the agent takes no edited input.
 */
export function checkAnswersAndEdits(input: ApprovalInput, value: ApprovalValue): void {
  if (value.decision !== 'allow') {
    if (value.answers || value.edited)
      throw new InvalidInputError(
        `invalid answer: answers and edits go with "allow" only (an edited call is never remembered)`,
      );
    return;
  }
  if (input.questions) {
    if (value.edited) throw new InvalidInputError('invalid answer: a question has nothing to edit');
    const checked = askAnswers(input.questions, value.answers);
    if ('problem' in checked) throw new InvalidInputError(`invalid answer: ${checked.problem}`);
    return;
  }
  if (value.answers)
    throw new InvalidInputError(`invalid answer: ${input.tool} asks no questions (value.answers)`);
  if (!value.edited) return;
  const offered = new Map((input.edit ?? []).map((f) => [f.field, f]));
  if (offered.size === 0)
    throw new InvalidInputError(
      `invalid answer: ${input.tool}: ${input.noEdit ?? 'this call cannot be edited'}; allow it as asked or deny`,
    );
  for (const [field, text] of Object.entries(value.edited)) {
    if (!offered.has(field))
      throw new InvalidInputError(
        `invalid answer: edited.${field} is not editable here (${[...offered.keys()].join(', ')})`,
      );
    if (field === 'command' && !text.trim())
      throw new InvalidInputError('invalid answer: edited.command is empty');
  }
}
