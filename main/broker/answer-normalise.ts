import { formatAnswerText } from './answer-text';
import { InvalidInputError } from './errors';
import type { Answer, AnswerInput, HitlRequest } from './request';

/**
 * Checks an operator's answer against what the request asked for (a structured value must match
 * the input kind, choices must be known options, a single choice takes one) and fills in the plain
 * text form protocols receive when only a value was given.
 */
export function normaliseAnswer(request: HitlRequest, input: AnswerInput): Answer {
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
