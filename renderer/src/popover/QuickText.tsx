import type { AnswerInput, HitlRequest } from '@contract/request';
import { APPROVAL } from '../answers/build-answer';
import { useDraft } from '../drafts/use-draft';
import { useI18n } from '../i18n/I18nProvider';
import { popoverText } from './popover-strings';

interface Props {
  request: HitlRequest;
  busy: boolean;
  submit: (answer: AnswerInput) => void;
}

/** One line, keyboard-first: type and Enter sends; Enter on an empty line is the empty approval. */
export function QuickText({ request, busy, submit }: Props) {
  const { language } = useI18n();
  const [text, setText] = useDraft('text', '');
  const id = `quick-${request.id}`;
  return (
    <form
      className="quick-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) submit(text.trim() === '' ? APPROVAL : { text });
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
