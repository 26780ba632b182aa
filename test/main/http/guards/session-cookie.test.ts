import { describe, expect, it } from 'vitest';
import {
  SESSION_MAX_AGE_S,
  TOKEN_COOKIE,
  authorisation,
  checkSession,
  sessionCookie,
  sessionValue,
} from '../../../../main/http/guards/token-auth';
import { makeServer } from '../helpers';

const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2026, 0, 1);

describe('session cookie', () => {
  it('has a Max-Age, expires 7 days after issue, and is renewed after a day of use', () => {
    expect(sessionCookie('tok', T0)).toMatch(new RegExp(`; Max-Age=${SESSION_MAX_AGE_S}$`));
    const value = sessionValue('tok', T0);
    expect(checkSession(value, 'tok', T0 + 1000)).toBe('valid');
    expect(checkSession(value, 'tok', T0 + DAY + 1000)).toBe('renew');
    expect(checkSession(value, 'tok', T0 + 7 * DAY + 1000)).toBe('invalid');
  });

  it('cannot be extended by editing its time, nor survive a token change', () => {
    const value = sessionValue('tok', T0);
    const [, mac] = value.split('.');
    const later = Math.floor((T0 + 6 * DAY) / 1000).toString(36);
    expect(checkSession(`${later}.${mac}`, 'tok', T0 + 8 * DAY)).toBe('invalid');
    expect(checkSession(value, 'other-token', T0 + 1000)).toBe('invalid');
    expect(checkSession('NaN.x', 'tok', T0)).toBe('invalid');
    expect(checkSession('', 'tok', T0)).toBe('invalid');
  });

  it('the server renews a day-old session on its next request and refuses an expired one', async () => {
    const t = await makeServer({ token: 'tok' });
    try {
      const dayOld = `${TOKEN_COOKIE}=${sessionValue('tok', Date.now() - DAY - 60_000)}`;
      const renewed = await t.get('/api/info', { cookie: dayOld });
      expect(renewed.statusCode).toBe(200);
      const fresh = String(renewed.headers['set-cookie']).split(';')[0]!;
      expect(fresh).not.toBe(dayOld);
      const again = await t.get('/api/info', { cookie: fresh });
      expect(again.statusCode).toBe(200);
      expect(again.headers['set-cookie']).toBeUndefined();
      const expired = `${TOKEN_COOKIE}=${sessionValue('tok', Date.now() - 8 * DAY)}`;
      expect((await t.get('/api/info', { cookie: expired })).statusCode).toBe(401);
    } finally {
      await t.server.close();
    }
    expect(authorisation({ authorization: 'Bearer tok' }, 'tok')).toBe('ok');
  });
});
