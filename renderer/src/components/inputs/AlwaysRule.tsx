import type { ApprovalInput } from '@contract/approval';
import { useI18n } from '../../i18n/I18nProvider';
import { ScopeChooser } from './ScopeChooser';

/** The "always allow" rule: the scope chooser and its confirm button. */
export function AlwaysRule({
  input,
  requestId,
  picked,
  onPick,
  busy,
  confirm,
}: {
  input: ApprovalInput;
  requestId: string;
  picked: number;
  onPick: (index: number) => void;
  busy: boolean;
  confirm: () => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="approval-rule">
      <legend>{t('approvalRuleLegend', { tool: input.tool })}</legend>
      <ScopeChooser input={input} requestId={requestId} picked={picked} onPick={onPick} />
      <button type="button" className="secondary confirm-always" disabled={busy} onClick={confirm}>
        {t('approvalAlwaysConfirm')}
      </button>
    </fieldset>
  );
}
