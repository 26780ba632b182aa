import { useEffect, useRef, useState } from 'react';
import { useDraft } from '../../drafts/use-draft';
import type { AnswerInput } from '@contract/request';
import { useI18n } from '../../i18n/I18nProvider';
import { keyText } from '../../keys/key-strings';
import { isReflex } from '../../keys/reflex-guard';
import { AskQuestionsAnswer } from './AskQuestionsAnswer';
import { EditThenAllow } from './EditThenAllow';
import { ScopeChooser } from './ScopeChooser';
import { submitOnModEnter, type AnswerInputProps } from './types';

/** Tools whose "always" is not even mentioned (a question is answered, never remembered). */
const SILENT_NO_ALWAYS = new Set(['AskUserQuestion']);

/** A coding agent's request: AskUserQuestion's questions, or a permission to give. */
export function ApprovalAnswer(props: AnswerInputProps<'approval'>) {
  const questions = props.request.input.questions;
  return questions ? (
    <AskQuestionsAnswer {...props} questions={questions} />
  ) : (
    <PermissionAnswer {...props} />
  );
}

/**
 * A coding agent's permission request: Deny (the solid button, and what Enter does), Allow once,
 * or Always allow under one of the scopes the broker offered (the exact command or file is
 * preselected: two clicks remember the narrowest rule).
 */
function PermissionAnswer({ request, busy, submit }: AnswerInputProps<'approval'>) {
  const { t, language } = useI18n();
  const input = request.input;
  const scopes = input.scopes ?? [];
  const [tooQuick, setTooQuick] = useState(false);
  const shownAt = useRef(Number.POSITIVE_INFINITY);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  const [reason, setReason] = useDraft('reason', '');
  const [always, setAlways] = useState(false);
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState(0);
  const reasonId = `reason-${request.id}`;
  const send = (decision: 'allow' | 'deny' | 'always') => {
    const trimmed = reason.trim();
    const value: AnswerInput['value'] = {
      kind: 'approval',
      decision,
      ...(decision === 'deny' && trimmed ? { reason: trimmed } : {}),
      ...(decision === 'always' ? { rule: scopes[picked]!.scope } : {}),
    };
    submit({ value });
  };
  return (
    <form
      className="answer-form approval"
      onKeyDown={submitOnModEnter}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) send('deny');
      }}
    >
      <div className="actions">
        <button type="submit" className="primary" data-answer-focus disabled={busy}>
          {t('approvalDeny')}
        </button>
        <button
          type="button"
          className="secondary"
          data-approval-allow
          disabled={busy}
          onClick={(e) => {
            // A key press (detail 0) right after the card showed or the previous key is a reflex.
            if (e.detail === 0 && isReflex(shownAt.current)) return setTooQuick(true);
            send('allow');
          }}
        >
          {t('approvalAllowOnce')}
        </button>
        {scopes.length > 0 ? (
          <button
            type="button"
            className="secondary quiet"
            aria-expanded={always}
            disabled={busy}
            onClick={() => setAlways((open) => !open)}
          >
            {t('approvalAlwaysStart')}
          </button>
        ) : null}
        {input.edit?.length ? (
          <button
            type="button"
            className="secondary quiet"
            aria-expanded={editing}
            disabled={busy}
            onClick={() => setEditing((open) => !open)}
          >
            {t('approvalEdit')}
          </button>
        ) : null}
      </div>
      {editing && input.edit?.length ? (
        <EditThenAllow
          fields={input.edit}
          requestId={request.id}
          busy={busy}
          onAllow={(edited) => submit({ value: { kind: 'approval', decision: 'allow', edited } })}
        />
      ) : null}
      {input.noEdit ? <p className="hint">{t('approvalNoEdit', { why: input.noEdit })}</p> : null}
      {scopes.length === 0 && input.noAlways && !SILENT_NO_ALWAYS.has(input.tool) ? (
        <p className="hint">{t('approvalNoAlways', { why: input.noAlways })}</p>
      ) : null}
      {tooQuick ? (
        <p className="hint danger-guard" role="status">
          {keyText(language, 'dangerTooQuick')}
        </p>
      ) : null}
      {always && scopes.length > 0 ? (
        <fieldset className="approval-rule">
          <legend>{t('approvalRuleLegend', { tool: input.tool })}</legend>
          <ScopeChooser input={input} requestId={request.id} picked={picked} onPick={setPicked} />
          <button
            type="button"
            className="secondary confirm-always"
            disabled={busy}
            onClick={() => send('always')}
          >
            {t('approvalAlwaysConfirm')}
          </button>
        </fieldset>
      ) : null}
      <label htmlFor={reasonId} className="field-label">
        {t('approvalReason')}
      </label>
      <textarea
        id={reasonId}
        value={reason}
        rows={2}
        maxLength={10_000}
        onChange={(e) => setReason(e.target.value)}
      />
      <p className="hint">{t('approvalHint')}</p>
    </form>
  );
}
