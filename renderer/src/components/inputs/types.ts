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

/** Ctrl/Cmd+Enter inside an answer form submits it (the primary action). */
export function submitOnModEnter(event: React.KeyboardEvent<HTMLFormElement>): void {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    event.currentTarget.requestSubmit();
  }
}
