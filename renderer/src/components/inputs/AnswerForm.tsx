import type { ReactNode } from 'react';
import type { AnswerInput } from '@contract/request';
import { useI18n } from '../../i18n/I18nProvider';
import { submitOnModEnter, type AnswerInputProps } from './types';

interface AnswerFormProps extends Pick<AnswerInputProps, 'busy' | 'submit'> {
  /** What the primary action sends; undefined while the answer is not complete yet. */
  answer: AnswerInput | undefined;
  children: ReactNode;
}

/** The form around every answer input: submit (or Ctrl/Cmd+Enter) sends `answer` unless busy or incomplete. */
export function AnswerForm({ answer, busy, submit, children }: AnswerFormProps) {
  return (
    <form
      className="answer-form"
      onKeyDown={submitOnModEnter}
      onSubmit={(e) => {
        e.preventDefault();
        if (answer && !busy) submit(answer);
      }}
    >
      {children}
    </form>
  );
}

/** The Send button (disabled until there is an answer) with the keyboard hint. */
export function SendActions({ ready, busy }: { ready: boolean; busy: boolean }) {
  const { t } = useI18n();
  return (
    <div className="actions">
      <button type="submit" className="primary" disabled={!ready || busy}>
        {t('send')}
      </button>
      <span className="hint">{t('sendHint')}</span>
    </div>
  );
}
