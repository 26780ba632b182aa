import { useI18n } from '../i18n/I18nProvider';
import { keyHintLine } from './key-table';

/** The hint line under the inbox's card: every key the inbox handles (KEY_TABLE), briefly. */
export function KeyHint() {
  const { language } = useI18n();
  return <p className="hint keyboard-help">{keyHintLine(language)}</p>;
}
