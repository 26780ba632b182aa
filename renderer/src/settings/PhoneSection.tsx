import type { PhonePairingApi } from '@contract/phone-pairing';
import type { PhoneSettings } from '@contract/phone-settings';
import { useI18n } from '../i18n/I18nProvider';
import { PairPhonePanel } from '../phone/PairPhonePanel';
import { phoneSettingsText, type PhoneSettingsStringKey } from './phone-settings-strings';
import './phone-section.css';

type Key = keyof PhoneSettings;
const FIELDS: ReadonlyArray<{ key: Key; hint?: PhoneSettingsStringKey; placeholder?: string }> = [
  { key: 'publicUrl', hint: 'publicUrlHint', placeholder: 'https://laptop.tailnet.ts.net' },
  { key: 'ntfyUrl', hint: 'ntfyUrlHint' },
  { key: 'ntfyTokenFile', hint: 'tokenFileHint' },
  { key: 'telegramTokenFile', hint: 'tokenFileHint' },
  { key: 'telegramChat' },
  { key: 'telegramUser' },
];

/**
 * The desktop settings' "Phone" fields (loaded on first use): public URL, ntfy and Telegram,
 * saved with the rest of the form (the main process checks them).
 */
export function PhoneFields({
  value,
  onChange,
}: {
  value: PhoneSettings;
  onChange: (next: PhoneSettings) => void;
}) {
  const { language } = useI18n();
  const s = (key: PhoneSettingsStringKey) => phoneSettingsText(language, key);
  return (
    <fieldset className="settings-phone">
      <legend>{s('legend')}</legend>
      <p className="hint">{s('intro')}</p>
      {FIELDS.map(({ key, hint, placeholder }) => (
        <div className="settings-field" key={key}>
          <label htmlFor={`set-phone-${key}`} className="field-label">
            {s(key)}
          </label>
          <input
            id={`set-phone-${key}`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={value[key]}
            placeholder={placeholder}
            onChange={(e) => onChange({ ...value, [key]: e.target.value })}
          />
          {hint ? <span className="hint">{s(hint)}</span> : null}
        </div>
      ))}
    </fieldset>
  );
}

/** The desktop settings' pairing: the QR code and the paired phones (over IPC). */
export function PhonePairing({ api }: { api: PhonePairingApi }) {
  return (
    <div className="settings-pairing">
      <PairPhonePanel api={api} />
    </div>
  );
}
