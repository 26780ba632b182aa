import { useI18n } from '../i18n/I18nProvider';
import { useUndo } from './undo-context';
import { UNDO_CHOICES } from './undo-prefs';

/** The undo window's setting (0–10 s); nothing where there is no undo window (the popover). */
export function UndoSetting() {
  const { t } = useI18n();
  const undo = useUndo();
  if (!undo) return null;
  const choices = UNDO_CHOICES.includes(undo.seconds as (typeof UNDO_CHOICES)[number])
    ? UNDO_CHOICES
    : [...UNDO_CHOICES, undo.seconds].sort((a, b) => a - b);
  return (
    <label className="undo-setting">
      <span>{t('undoSetting')}</span>
      <select value={undo.seconds} onChange={(e) => undo.setSeconds(Number(e.target.value))}>
        {choices.map((n) => (
          <option key={n} value={n}>
            {n === 0 ? t('undoOff') : t('undoSeconds', { n })}
          </option>
        ))}
      </select>
    </label>
  );
}
