import { useCallback, useEffect, useState } from 'react';
import type { PairingLink, PhonePairingApi, PhoneSessionView } from '@contract/phone-pairing';
import { useNow } from '../hooks/use-now';
import { useI18n } from '../i18n/I18nProvider';
import { PhoneSessionList } from './PhoneSessionList';
import { phoneText, type PhoneStringKey } from './phone-strings';
import { QrCode } from './QrCode';
import './phone.css';

/** While a code is shown, the list is fetched again this often, so a phone that pairs shows up. */
const WATCH_MS = 3000;

/**
 * "Pair a phone": on request, a one-time pairing link's QR code (with a warning when the link
 * names a local address a phone cannot reach), and the paired phones with Revoke. The same panel
 * in the web inbox (over HTTP) and the desktop settings (over IPC).
 */
export function PairPhonePanel({
  api,
  headingLevel = 2,
}: {
  api: PhonePairingApi;
  headingLevel?: 2 | 3;
}) {
  const { language } = useI18n();
  const s = (key: PhoneStringKey, vars?: Record<string, string>) => phoneText(language, key, vars);
  const { link, live, phones, error, notice, createLink, revoke } = usePairing(api);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';

  return (
    <section className="pair-phone" aria-labelledby="pair-phone-title">
      <Heading id="pair-phone-title">{s('pairTitle')}</Heading>
      <p className="hint">{s('pairIntro')}</p>
      {link && live ? (
        <PairCode link={link} />
      ) : link ? (
        <p className="hint">{s('expired')}</p>
      ) : null}
      <button
        type="button"
        className={live ? 'secondary' : 'primary'}
        onClick={() => void createLink()}
      >
        {s(link ? 'newCode' : 'showCode')}
      </button>
      <p role="status" className="hint">
        {notice}
      </p>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <Sub>{s('phones')}</Sub>
      {phones === undefined ? (
        <p className="hint">{s('loading')}</p>
      ) : (
        <PhoneSessionList phones={phones} onRevoke={(p) => void revoke(p)} />
      )}
    </section>
  );
}

/**
 * The pairing state over `api`: the link shown (and whether it is live), the paired phones
 * (watched while a code shows), the last error and notice, and the create and revoke actions.
 */
function usePairing(api: PhonePairingApi) {
  const { language } = useI18n();
  const s = (key: PhoneStringKey, vars?: Record<string, string>) => phoneText(language, key, vars);
  const now = useNow(1000);
  const [link, setLink] = useState<PairingLink>();
  const [phones, setPhones] = useState<PhoneSessionView[]>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const fail = useCallback(
    (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    [],
  );
  const [before, setBefore] = useState<ReadonlySet<string>>();
  const refresh = useCallback(
    () => api.list().then((list) => setPhones(list.sessions), fail),
    [api, fail],
  );
  // A phone that was not listed when the code was shown has used it: the code is spent.
  const newcomer = before && phones?.find((phone) => !before.has(phone.id));
  useEffect(() => {
    if (!newcomer) return;
    setLink(undefined);
    setBefore(undefined);
    setNotice(phoneText(language, 'pairedNow', { label: newcomer.label }));
  }, [newcomer, language]);
  const live = link !== undefined && link.expiresAt > now;

  useEffect(() => void refresh(), [refresh]);
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => void refresh(), WATCH_MS);
    return () => clearInterval(timer);
  }, [live, refresh]);

  const createLink = () =>
    api.createLink().then((created) => {
      setLink(created);
      setBefore(new Set(phones?.map((phone) => phone.id)));
      setError(undefined);
      setNotice(undefined);
    }, fail);
  const revoke = (phone: PhoneSessionView) =>
    api.revoke(phone.id).then((list) => {
      setPhones(list.sessions);
      setError(undefined);
      setNotice(s('revoked', { label: phone.label }));
    }, fail);
  return { link, live, phones, error, notice, createLink, revoke };
}

/** A live pairing link: its QR code, expiry, a warning for a local address, the link itself. */
function PairCode({ link }: { link: PairingLink }) {
  const { language } = useI18n();
  const s = (key: PhoneStringKey, vars?: Record<string, string>) => phoneText(language, key, vars);
  const time = (ms: number) =>
    new Date(ms).toLocaleTimeString(language === 'zh' ? 'zh-CN' : 'en', { timeStyle: 'short' });
  return (
    <div className="pair-code">
      <QrCode code={link.qr} label={s('qrLabel')} />
      <p>{s('expires', { time: time(link.expiresAt) })}</p>
      {link.reach === 'local' ? (
        <p className="pair-warning" role="note">
          {s('localWarning', { host: new URL(link.url).host })}
        </p>
      ) : null}
      <details>
        <summary>{s('showLink')}</summary>
        <code className="pair-link">{link.url}</code>
      </details>
    </div>
  );
}
