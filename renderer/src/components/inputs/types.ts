import type { AnswerInput, HitlRequest } from '@contract/request';
import type { InboxClient } from '../../client/inbox-client';

/** What every answer input gets from the question card. */
export interface AnswerInputProps<
  K extends HitlRequest['input']['kind'] = HitlRequest['input']['kind'],
> {
  request: HitlRequest & { input: Extract<HitlRequest['input'], { kind: K }> };
  client: InboxClient;
  busy: boolean;
  submit: (answer: AnswerInput) => void;
}

/**
 * Ctrl/Cmd+Enter inside an answer form submits it (the primary action), and so does Enter on an
 * option (a radio or checkbox): pick with the keys, Enter sends.
 */
export function submitOnModEnter(event: React.KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Enter' || event.altKey || event.shiftKey) return;
  const target = event.target as HTMLInputElement;
  const onOption =
    target.tagName === 'INPUT' && (target.type === 'radio' || target.type === 'checkbox');
  if (event.ctrlKey || event.metaKey || onOption) {
    event.preventDefault();
    event.currentTarget.requestSubmit();
  }
}
