import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useDraft } from '../../drafts/use-draft';
import { confirmAnswer } from '../../answers/build-answer';
import { isDangerousConfirm } from '../../answers/danger';
import { useI18n } from '../../i18n/I18nProvider';
import { keyText } from '../../keys/key-strings';
import { isReflex } from '../../keys/reflex-guard';
import { questionShownToEnd, useEndSeen } from '../../keys/use-details-seen';
import { Markdown } from '../../markdown/Markdown';
import { AnswerForm } from './AnswerForm';
import type { AnswerInputProps } from './types';
import '../../keys/keys.css';

/**
 * Confirm or decline (declining is an answer), with an optional note. A dangerous confirm puts
 * Decline first and makes it what Enter does; its Confirm button refuses a reflex (a key press
 * right after the card showed or after the previous key) and an unread request.
 */
export function ConfirmAnswer({ request, busy, submit }: AnswerInputProps<'confirm'>) {
  const { t, language } = useI18n();
  const [note, setNote] = useDraft('note', '');
  const [guard, setGuard] = useState<'dangerReadFirst' | 'dangerTooQuick' | undefined>();
  const { text, confirmLabel, cancelLabel } = request.input;
  const danger = isDangerousConfirm(request);
  const endRef = useRef<HTMLSpanElement>(null);
  const endSeen = useEndSeen(endRef);
  const shownAt = useRef(Number.POSITIVE_INFINITY);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  const id = `note-${request.id}`;
  const warningId = `danger-${request.id}`;
  const decline = () => submit(confirmAnswer(false, note));

  const confirmDangerous = (event: MouseEvent<HTMLButtonElement>) => {
    // detail 0: the click came from the keyboard (Enter/Space), not a pointer.
    if (!endSeen || !questionShownToEnd(endRef.current)) return setGuard('dangerReadFirst');
    if (event.detail === 0 && isReflex(shownAt.current)) return setGuard('dangerTooQuick');
    submit(confirmAnswer(true, note));
  };

  const confirmButton = danger ? (
    <button
      type="button"
      className="danger"
      data-danger-confirm
      aria-describedby={warningId}
      disabled={busy}
      onClick={confirmDangerous}
    >
      {confirmLabel || t('confirm')}
    </button>
  ) : (
    <button type="submit" className="primary" data-answer-focus disabled={busy}>
      {confirmLabel || t('confirm')}
    </button>
  );
  const declineButton = (
    <button
      type={danger ? 'submit' : 'button'}
      className="decline"
      disabled={busy}
      {...(danger ? { 'data-answer-focus': true } : { onClick: decline })}
    >
      {cancelLabel || t('decline')}
    </button>
  );
  return (
    <AnswerForm
      answer={danger ? confirmAnswer(false, note) : confirmAnswer(true, note)}
      busy={busy}
      submit={submit}
    >
      {danger ? (
        <p id={warningId} className="danger-warning">
          {keyText(language, 'dangerWarning')}
        </p>
      ) : null}
      {text ? <Markdown text={text} className="input-text" /> : null}
      <span ref={endRef} className="details-end" aria-hidden="true" />
      <div className="actions">
        {danger ? declineButton : confirmButton}
        {danger ? confirmButton : declineButton}
      </div>
      {guard ? (
        <p className="hint danger-guard" role="status">
          {keyText(language, guard)}
        </p>
      ) : null}
      <label htmlFor={id} className="field-label">
        {t('noteLabel')}
      </label>
      <textarea id={id} value={note} rows={2} onChange={(e) => setNote(e.target.value)} />
      <p className="hint">{t('declineHint')}</p>
    </AnswerForm>
  );
}
