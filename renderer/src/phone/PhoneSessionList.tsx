import type { PhoneSessionView } from '@contract/phone-pairing';
import { useI18n } from '../i18n/I18nProvider';
import { phoneText, type PhoneStringKey } from './phone-strings';

/** The paired phones, each with when it paired and was last used, and its Revoke button. */
export function PhoneSessionList({
  phones,
  onRevoke,
}: {
  phones: readonly PhoneSessionView[];
  onRevoke: (phone: PhoneSessionView) => void;
}) {
  const { language } = useI18n();
  const s = (key: PhoneStringKey, vars?: Record<string, string>) => phoneText(language, key, vars);
  const when = (ms: number) =>
    new Date(ms).toLocaleString(language === 'zh' ? 'zh-CN' : 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  if (phones.length === 0) return <p className="hint">{s('noPhones')}</p>;
  return (
    <ul className="phone-list" aria-label={s('phones')}>
      {phones.map((phone) => (
        <li key={phone.id}>
          <div className="phone-what">
            <strong title={phone.userAgent}>{phone.label}</strong>
            <span className="hint">
              {s('paired', { time: when(phone.pairedAt) })} ·{' '}
              {s('lastUsed', { time: when(phone.lastUsedAt) })}
            </span>
          </div>
          <button
            type="button"
            className="secondary"
            aria-label={s('revokeLabel', { label: phone.label, time: when(phone.pairedAt) })}
            onClick={() => onRevoke(phone)}
          >
            {s('revoke')}
          </button>
        </li>
      ))}
    </ul>
  );
}
