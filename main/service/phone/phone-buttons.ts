import type { AnswerInput, HitlRequest } from '@contract/request';
import { questionOf } from '../webhooks/webhook-event';
import type { PhoneDecision } from './action-codes';

/** A button of a phone message: its label and the decision its code takes. */
export interface PhoneButton {
  label: string;
  decision: PhoneDecision;
}

/**
 * The buttons a request gets on the phone: Allow once / Deny for an approval, Yes / No (or the
 * confirm's own labels) for a confirm, the first three options of a single choice or of an
 * AskUserQuestion with one single-select question. Never "always"; none for what needs a keyboard
 * (text, forms, files, multi-selects, several questions).
 */
export function phoneButtons(request: HitlRequest): PhoneButton[] {
  const input = request.input;
  if (input.kind === 'approval') {
    if (!input.questions)
      return [
        { label: 'Allow once', decision: 'allow' },
        { label: 'Deny', decision: 'deny' },
      ];
    const [only, ...more] = input.questions;
    if (more.length > 0 || only!.multiSelect) return [];
    return firstOptions(only!.options.map((option) => option.label));
  }
  if (input.kind === 'confirm') {
    const yes = { label: (input.confirmLabel ?? 'Yes').slice(0, 40), decision: 'yes' as const };
    const no = { label: (input.cancelLabel ?? 'No').slice(0, 40), decision: 'no' as const };
    return input.danger ? [no, yes] : [yes, no];
  }
  if (input.kind === 'choice' && !input.multiple)
    return firstOptions(input.options.map((option) => option.label));
  return [];
}

function firstOptions(labels: string[]): PhoneButton[] {
  return labels.slice(0, 3).map((label, index) => ({
    label: label.slice(0, 40),
    decision: `option:${index}` as const,
  }));
}

/** The answer a button's decision gives this request; undefined when they do not fit. */
export function answerOf(request: HitlRequest, decision: PhoneDecision): AnswerInput | undefined {
  const input = request.input;
  const index = decision.startsWith('option:') ? Number(decision.slice('option:'.length)) : -1;
  if (input.kind === 'approval') {
    const question = input.questions?.length === 1 ? input.questions[0] : undefined;
    if (!input.questions && (decision === 'allow' || decision === 'deny'))
      return { value: { kind: 'approval', decision } };
    const option = question && !question.multiSelect ? question.options[index] : undefined;
    if (option && index < 3)
      return {
        value: {
          kind: 'approval',
          decision: 'allow',
          answers: { [question!.question]: { selected: [option.label] } },
        },
      };
    return undefined;
  }
  if (input.kind === 'confirm' && (decision === 'yes' || decision === 'no'))
    return { value: { kind: 'confirm', confirmed: decision === 'yes' } };
  if (input.kind === 'choice' && !input.multiple && index >= 0 && index < 3) {
    const option = input.options[index];
    if (option) return { value: { kind: 'choice', selected: [option.value] } };
  }
  return undefined;
}

/**
 * The question as a phone shows it (plain text, capped): an approval's command (else its file or
 * tool), AskUserQuestion's questions themselves, else the prompt.
 */
export function phoneQuestion(request: HitlRequest): string {
  const input = request.input;
  if (input.kind !== 'approval' || !input.questions) return questionOf(request);
  const text = input.questions.map((q) => q.question).join('\n');
  return `${input.tool}: ${text.length > 500 ? `${text.slice(0, 499)}…` : text}`;
}
