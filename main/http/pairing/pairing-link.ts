import type { PairingLink, PhoneSessionList } from '@contract/phone-pairing';
import { LOGIN_CODE_TTL_MS } from '../guards/login-codes';
import { qrCodeOf } from './pairing-qr';
import type { PhoneSessions } from './phone-sessions';

/**
 * A fresh pairing link and its QR code: a one-time login code, valid 10 minutes, on the
 * broker's public URL when one is set (`reach: 'public'`), else on its own URL (`local`: a phone
 * usually cannot reach 127.0.0.1; the views say so). Used by the HTTP route and the desktop IPC.
 */
export async function createPairingLink(
  phones: PhoneSessions,
  base: { publicUrl?: string; ownUrl: string },
  now: number = Date.now(),
): Promise<PairingLink> {
  const code = phones.issueCode(LOGIN_CODE_TTL_MS);
  const root = base.publicUrl ?? base.ownUrl;
  const url = new URL(`login?code=${code}`, root.endsWith('/') ? root : `${root}/`).toString();
  return {
    url,
    expiresAt: now + LOGIN_CODE_TTL_MS,
    qr: await qrCodeOf(url),
    reach: base.publicUrl ? 'public' : 'local',
  };
}

/** The paired phones' sessions, as listed in settings. */
export function phoneSessionList(phones: PhoneSessions): PhoneSessionList {
  return { sessions: phones.list() };
}
