import type { AnswerInput, HitlRequest } from '@contract/request';
import { APPROVAL } from '../answers/build-answer';
import { emptyApproves } from '../answers/empty-approves';
import { useDraft } from '../drafts/use-draft';
import { useI18n } from '../i18n/I18nProvider';
import { popoverText } from './popover-strings';

interface Props {
  request: HitlRequest;
  busy: boolean;
  submit: (answer: AnswerInput) => void;
}

/** One line, keyboard-first: type and Enter sends; Enter on an empty line is the empty approval
 * where the protocol takes one (emptyApproves), else nothing. */
export function QuickText({ request, busy, submit }: Props) {
  const { language } = useI18n();
  const [text, setText] = useDraft('text', '');
  const id = `quick-${request.id}`;
  return (
    <form
      className="quick-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        if (text.trim() !== '') submit({ text });
        else if (emptyApproves(request)) submit(APPROVAL);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {popoverText(language, 'quickLabel')}
      </label>
      <input
        id={id}
        type="text"
        data-answer-focus
        autoComplete="off"
        value={text}
        disabled={busy}
        placeholder={
          request.input.kind === 'text' && request.input.placeholder
            ? request.input.placeholder
            : popoverText(language, 'quickPlaceholder')
        }
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}
