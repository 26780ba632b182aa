import { useEffect, useRef, useState } from 'react';
import { useDraft } from '../../drafts/use-draft';
import type { AnswerInput } from '@contract/request';
import { useI18n } from '../../i18n/I18nProvider';
import { keyText } from '../../keys/key-strings';
import { isReflex } from '../../keys/reflex-guard';
import { submitOnModEnter, type AnswerInputProps } from './types';

/**
 * A coding agent's permission request: Deny (the default: Enter denies, never allows), Allow once,
 * or Always allow under an editable rule. The reason goes back to the agent with a deny.
 */
export function ApprovalAnswer({ request, busy, submit }: AnswerInputProps<'approval'>) {
  const { t, language } = useI18n();
  const input = request.input;
  const [tooQuick, setTooQuick] = useState(false);
  const shownAt = useRef(Number.POSITIVE_INFINITY);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  const [reason, setReason] = useDraft('reason', '');
  const [always, setAlways] = useState(false);
  const [prefix, setPrefix] = useState(input.rule.commandPrefix ?? '');
  const [glob, setGlob] = useState(input.rule.pathGlob ?? '');
  const reasonId = `reason-${request.id}`;
  const send = (decision: 'allow' | 'deny' | 'always') => {
    const trimmed = reason.trim();
    const value: AnswerInput['value'] = {
      kind: 'approval',
      decision,
      ...(decision === 'deny' && trimmed ? { reason: trimmed } : {}),
      ...(decision === 'always'
        ? {
            rule: {
              ...(input.rule.commandPrefix !== undefined ? { commandPrefix: prefix.trim() } : {}),
              ...(input.rule.pathGlob !== undefined ? { pathGlob: glob.trim() } : {}),
            },
          }
        : {}),
    };
    submit({ value });
  };
  const scopeReady =
    (input.rule.commandPrefix === undefined || prefix.trim() !== '') &&
    (input.rule.pathGlob === undefined || glob.trim() !== '');
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
        <button type="submit" className="decline" data-answer-focus disabled={busy}>
          {t('approvalDeny')}
        </button>
        <button
          type="button"
          className="primary"
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
        <button
          type="button"
          className="secondary"
          aria-expanded={always}
          disabled={busy}
          onClick={() => setAlways((open) => !open)}
        >
          {t('approvalAlwaysStart')}
        </button>
      </div>
      {tooQuick ? (
        <p className="hint danger-guard" role="status">
          {keyText(language, 'dangerTooQuick')}
        </p>
      ) : null}
      {always ? (
        <fieldset className="approval-rule">
          <legend>{t('approvalRuleLegend', { tool: input.tool })}</legend>
          {input.rule.commandPrefix !== undefined ? (
            <label>
              {t('approvalRulePrefix')}
              <input type="text" value={prefix} onChange={(e) => setPrefix(e.target.value)} />
            </label>
          ) : null}
          {input.rule.pathGlob !== undefined ? (
            <label>
              {t('approvalRuleGlob')}
              <input type="text" value={glob} onChange={(e) => setGlob(e.target.value)} />
            </label>
          ) : null}
          {input.rule.commandPrefix === undefined && input.rule.pathGlob === undefined ? (
            <p className="hint">{t('approvalRuleAnyInput')}</p>
          ) : null}
          <button
            type="button"
            className="primary"
            disabled={busy || !scopeReady}
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
