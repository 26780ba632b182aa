import { useEffect, useRef, useState } from 'react';
import type { ScopeChoice } from '@contract/approval';
import { useDraft } from '../../drafts/use-draft';
import type { AnswerInput } from '@contract/request';
import { useI18n } from '../../i18n/I18nProvider';
import { isReflex } from '../../keys/reflex-guard';
import { AskQuestionsAnswer } from './AskQuestionsAnswer';
import { ApprovalHints, ReasonField, ToggleButton } from './ApprovalParts';
import { AlwaysRule, EditThenAllow } from './LazyApprovalParts';
import { submitOnModEnter, type AnswerInputProps } from './types';

/** A coding agent's request: AskUserQuestion's questions, or a permission to give. */
export function ApprovalAnswer(props: AnswerInputProps<'approval'>) {
  const questions = props.request.input.questions;
  return questions ? (
    <AskQuestionsAnswer {...props} questions={questions} />
  ) : (
    <PermissionAnswer {...props} />
  );
}

type Decision = 'allow' | 'deny' | 'always';

/** The answer for `decision`: a deny carries the trimmed reason (if any), an always its rule. */
function approvalValue(
  decision: Decision,
  reason: string,
  rule: () => ScopeChoice['scope'],
): AnswerInput['value'] {
  const trimmed = reason.trim();
  return {
    kind: 'approval',
    decision,
    ...(decision === 'deny' && trimmed ? { reason: trimmed } : {}),
    ...(decision === 'always' ? { rule: rule() } : {}),
  };
}

/**
 * A coding agent's permission request: Deny (the solid button, and what Enter does), Allow once,
 * or Always allow under one of the scopes the broker offered (the exact command or file is
 * preselected: two clicks remember the narrowest rule).
 */
function PermissionAnswer({ request, busy, submit }: AnswerInputProps<'approval'>) {
  const { t } = useI18n();
  const input = request.input;
  const scopes = input.scopes ?? [];
  const [tooQuick, setTooQuick] = useState(false);
  const shownAt = useShownAt();
  const [reason, setReason] = useDraft('reason', '');
  const [always, setAlways] = useState(false);
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState(0);
  const send = (decision: Decision) =>
    submit({ value: approvalValue(decision, reason, () => scopes[picked]!.scope) });
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
          <ToggleButton open={always} busy={busy} toggle={() => setAlways((open) => !open)}>
            {t('approvalAlwaysStart')}
          </ToggleButton>
        ) : null}
        {input.edit?.length ? (
          <ToggleButton open={editing} busy={busy} toggle={() => setEditing((open) => !open)}>
            {t('approvalEdit')}
          </ToggleButton>
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
      <ApprovalHints input={input} tooQuick={tooQuick} />
      {always && scopes.length > 0 ? (
        <AlwaysRule
          input={input}
          requestId={request.id}
          picked={picked}
          onPick={setPicked}
          busy={busy}
          confirm={() => send('always')}
        />
      ) : null}
      {input.noReason ? null : (
        <ReasonField id={`reason-${request.id}`} reason={reason} setReason={setReason} />
      )}
      <p className="hint">{t('approvalHint')}</p>
    </form>
  );
}

/** When the card showed (for the reflex guard on Allow once). */
function useShownAt() {
  const shownAt = useRef(Number.POSITIVE_INFINITY);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  return shownAt;
}
