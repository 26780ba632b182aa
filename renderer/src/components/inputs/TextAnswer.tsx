import { useDraft } from '../../drafts/use-draft';
import { APPROVAL, textAnswer } from '../../answers/build-answer';
import { emptyApproves } from '../../answers/empty-approves';
import { useI18n } from '../../i18n/I18nProvider';
import { AnswerForm } from './AnswerForm';
import type { AnswerInputProps } from './types';

/** Free text, plus the one-click empty approval where the protocol takes one (emptyApproves). */
export function TextAnswer({ request, busy, submit }: AnswerInputProps<'text'>) {
  const { t } = useI18n();
  const [text, setText] = useDraft('text', '');
  const answer = textAnswer(text);
  const id = `answer-${request.id}`;
  return (
    <AnswerForm answer={answer} busy={busy} submit={submit}>
      <label htmlFor={id} className="field-label">
        {t('answerLabel')}
      </label>
      <textarea
        id={id}
        data-answer-focus
        value={text}
        rows={4}
        placeholder={request.input.placeholder ?? t('answerPlaceholder')}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="actions">
        <button type="submit" className="primary" disabled={!answer || busy} title={t('sendHint')}>
          {t('send')}
        </button>
        {emptyApproves(request) ? (
          <button
            type="button"
            className="approve"
            disabled={busy}
            title={t('approveHint')}
            onClick={() => submit(APPROVAL)}
          >
            {t('approve')}
          </button>
        ) : null}
        <span className="hint">{t('sendHint')}</span>
      </div>
    </AnswerForm>
  );
}
