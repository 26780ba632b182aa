import { approvalText, type ApprovalInput } from '@contract/approval';
import { approvalFromText, checkAnswersAndEdits, checkedRuleScope } from './approval-answer';
import { formatAnswerText } from '@contract/answer-text';
import { InvalidInputError } from './errors';
import type { Answer, AnswerInput, HitlRequest } from '@contract/request';

/**
 * Checks an operator's answer against what the request asked for (a structured value must match
 * the input kind, choices must be known options, a single choice takes one) and fills in the plain
 * text form protocols receive when only a value was given.
 */
export function normaliseAnswer(request: HitlRequest, input: AnswerInput): Answer {
  if (request.input.kind === 'notice') {
    throw new InvalidInputError(
      `invalid answer: ${request.key} is a notice with nothing to answer; dismiss it (cancel) or answer in the agent's terminal`,
    );
  }
  if (request.input.kind === 'approval') return normaliseApproval(request.input, input);
  const value = input.value;
  if (value && value.kind !== 'text' && value.kind !== request.input.kind) {
    throw new InvalidInputError(
      `invalid answer: value.kind is ${value.kind} but request ${request.key} wants ${request.input.kind}`,
    );
  }
  if (value?.kind === 'choice' && request.input.kind === 'choice') {
    const known = new Set(request.input.options.map((o) => o.value));
    const unknown = value.selected.find((s) => !known.has(s));
    if (unknown !== undefined)
      throw new InvalidInputError(`invalid answer: value.selected: unknown option ${unknown}`);
    if (!request.input.multiple && value.selected.length > 1) {
      throw new InvalidInputError('invalid answer: value.selected: this choice takes one option');
    }
  }
  const text = input.text ?? formatAnswerText(value!, request.input);
  return value ? { text, value } : { text };
}

/** An approval takes an approval value or one of its text forms; `always` gets its checked rule. */
function normaliseApproval(spec: ApprovalInput, input: AnswerInput): Answer {
  const given = input.value;
  if (given && given.kind !== 'approval' && given.kind !== 'text') {
    throw new InvalidInputError(
      `invalid answer: value.kind is ${given.kind} but a permission request wants approval`,
    );
  }
  let value =
    given?.kind === 'approval'
      ? given
      : approvalFromText(given?.kind === 'text' ? given.text : (input.text ?? ''), spec);
  if (value.decision === 'always') value = { ...value, rule: checkedRuleScope(spec, value) };
  checkAnswersAndEdits(spec, value);
  const text = given?.kind === 'approval' && input.text ? input.text : approvalText(value);
  return { text, value };
}
