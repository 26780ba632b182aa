import { useDraft } from '../../drafts/use-draft';
import { confirmAnswer } from '../../answers/build-answer';
import { useI18n } from '../../i18n/I18nProvider';
import { Markdown } from '../../markdown/Markdown';
import { AnswerForm } from './AnswerForm';
import type { AnswerInputProps } from './types';

/** Confirm or decline (declining is an answer), with an optional note. */
export function ConfirmAnswer({ request, busy, submit }: AnswerInputProps<'confirm'>) {
  const { t } = useI18n();
  const [note, setNote] = useDraft('note', '');
  const { text, confirmLabel, cancelLabel } = request.input;
  const id = `note-${request.id}`;
  return (
    <AnswerForm answer={confirmAnswer(true, note)} busy={busy} submit={submit}>
      {text ? <Markdown text={text} className="input-text" /> : null}
      <div className="actions">
        <button type="submit" className="primary" data-answer-focus disabled={busy}>
          {confirmLabel || t('confirm')}
        </button>
        <button
          type="button"
          className="decline"
          disabled={busy}
          onClick={() => submit(confirmAnswer(false, note))}
        >
          {cancelLabel || t('decline')}
        </button>
      </div>
      <label htmlFor={id} className="field-label">
        {t('noteLabel')}
      </label>
      <textarea id={id} value={note} rows={2} onChange={(e) => setNote(e.target.value)} />
      <p className="hint">{t('declineHint')}</p>
    </AnswerForm>
  );
}
