/** The permission card's smaller parts: its toggles, its hints and the deny reason. */
import type { ReactNode } from 'react';
import type { ApprovalInput } from '@contract/approval';
import { useI18n } from '../../i18n/I18nProvider';
import { keyText } from '../../keys/key-strings';
import { useCardReason } from '../../i18n/use-card-reason';

/** Tools whose "always" is not even mentioned (a question is answered, never remembered). */
const SILENT_NO_ALWAYS = new Set(['AskUserQuestion']);

/** A quiet button that opens or closes a part of the form. */
export function ToggleButton({
  open,
  busy,
  toggle,
  children,
}: {
  open: boolean;
  busy: boolean;
  toggle: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="secondary quiet"
      aria-expanded={open}
      disabled={busy}
      onClick={toggle}
    >
      {children}
    </button>
  );
}

/** Why editing, "always" or a deny reason is not offered, and the reflex guard's note. */
export function ApprovalHints({ input, tooQuick }: { input: ApprovalInput; tooQuick: boolean }) {
  const { t, language } = useI18n();
  const reason = useCardReason();
  const scopes = input.scopes ?? [];
  return (
    <>
      {input.noEdit ? (
        <p className="hint">{t('approvalNoEdit', { why: reason(input.noEdit) })}</p>
      ) : null}
      {scopes.length === 0 && input.noAlways && !SILENT_NO_ALWAYS.has(input.tool) ? (
        <p className="hint">{t('approvalNoAlways', { why: reason(input.noAlways) })}</p>
      ) : null}
      {input.noReason ? <p className="hint">{reason(input.noReason)}</p> : null}
      {tooQuick ? (
        <p className="hint danger-guard" role="status">
          {keyText(language, 'dangerTooQuick')}
        </p>
      ) : null}
    </>
  );
}

/** The deny reason's label and text. */
export function ReasonField({
  id,
  reason,
  setReason,
}: {
  id: string;
  reason: string;
  setReason: (reason: string) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <label htmlFor={id} className="field-label">
        {t('approvalReason')}
      </label>
      <textarea
        id={id}
        value={reason}
        rows={2}
        maxLength={10_000}
        onChange={(e) => setReason(e.target.value)}
      />
    </>
  );
}
