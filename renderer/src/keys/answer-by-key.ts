import type { AnswerInput, HitlRequest } from '@contract/request';
import { APPROVAL, choiceAnswer, confirmAnswer } from '../answers/build-answer';
import { isDangerousConfirm } from '../answers/danger';
import { emptyApproves } from '../answers/empty-approves';
import type { PopoverKeyAction } from '../popover/popover-keys';

/**
 * What an answer key (Y, N, 1–9, an option letter) does to `request` shown in `card`: the answer
 * to send, or undefined when the key only moved focus or toggled an option. Y never approves by
 * itself where a reflex must not: on a dangerous confirm it moves focus to its Confirm button, on
 * a permission request to Allow once, on a text question that wants text to its field.
 */
export function answerByKey(
  request: HitlRequest,
  action: PopoverKeyAction,
  card: HTMLElement | null,
): AnswerInput | undefined {
  const input = request.input;
  const focus = (selector: string) => card?.querySelector<HTMLElement>(selector)?.focus();
  if (action.type === 'approve') {
    if (input.kind === 'text') {
      // A question that wants text: Y goes to its field (an empty answer would reach the agent).
      if (emptyApproves(request)) return APPROVAL;
      return void focus('[data-answer-focus]');
    }
    if (input.kind === 'approval') return void focus('[data-approval-allow]');
    if (input.kind !== 'confirm') return undefined;
    if (isDangerousConfirm(request)) return void focus('[data-danger-confirm]');
    return confirmAnswer(true, '');
  }
  if (action.type === 'decline') {
    if (input.kind === 'confirm') return confirmAnswer(false, '');
    if (input.kind === 'approval') return { value: { kind: 'approval', decision: 'deny' } };
    return undefined;
  }
  if (action.type === 'pick' && input.kind === 'choice') {
    const index =
      action.value !== undefined
        ? input.options.findIndex((o) => o.value.toLowerCase() === action.value)
        : action.index;
    const option = input.options[index];
    if (!option) return undefined;
    if (!input.multiple) return choiceAnswer([option.value], '');
    // Several may be picked: the key ticks or unticks the option (and focuses it), Enter then sends.
    const box = card?.querySelector<HTMLInputElement>(`input[data-option-index="${index}"]`);
    box?.click();
    box?.focus();
    return undefined;
  }
  return undefined;
}
