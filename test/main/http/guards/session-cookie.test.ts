import { describe, expect, it } from 'vitest';
import {
  SESSION_MAX_AGE_S,
  TOKEN_COOKIE,
  authorisation,
  checkSession,
  sessionCookie,
  sessionValue,
} from '../../../../main/http/guards/token-auth';
import { OPERATOR_COOKIE } from '../../../../main/http/guards/operator-credentials';
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
      // An agents' route: the token's cookie is an agent's credential, not the operator's.
      const renewed = await t.get('/questions', { cookie: dayOld });
      expect(renewed.statusCode).toBe(200);
      const fresh = String(renewed.headers['set-cookie']).split(';')[0]!;
      expect(fresh).not.toBe(dayOld);
      const again = await t.get('/questions', { cookie: fresh });
      expect(again.statusCode).toBe(200);
      expect(again.headers['set-cookie']).toBeUndefined();
      const expired = `${TOKEN_COOKIE}=${sessionValue('tok', Date.now() - 8 * DAY)}`;
      expect((await t.get('/questions', { cookie: expired })).statusCode).toBe(401);
      expect((await t.get('/api/info', { cookie: fresh })).statusCode).toBe(403);
    } finally {
      await t.server.close();
    }
    expect(authorisation({ authorization: 'Bearer tok' }, 'tok')).toBe('ok');
  });

  it("the operator's login session is renewed the same way, and an expired one is no operator", async () => {
    const t = await makeServer();
    try {
      const secret = t.server.context.operatorSecret;
      const dayOld = `${OPERATOR_COOKIE}=${sessionValue(secret, Date.now() - DAY - 60_000)}`;
      const renewed = await t.get('/api/info', { cookie: dayOld });
      expect(renewed.statusCode).toBe(200);
      const setCookie = String(renewed.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Strict/);
      const fresh = setCookie.split(';')[0]!;
      expect(fresh.startsWith(`${OPERATOR_COOKIE}=`)).toBe(true);
      expect(fresh).not.toBe(dayOld);
      const again = await t.get('/api/info', { cookie: fresh });
      expect(again.statusCode).toBe(200);
      expect(again.headers['set-cookie']).toBeUndefined();
      const expired = `${OPERATOR_COOKIE}=${sessionValue(secret, Date.now() - 8 * DAY)}`;
      const refused = await t.get('/api/info', { cookie: expired });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('operator_required');
      // Signed with another secret (another user's, or an old one): no operator either.
      const foreign = `${OPERATOR_COOKIE}=${sessionValue('not-the-secret', Date.now())}`;
      expect((await t.get('/api/info', { cookie: foreign })).statusCode).toBe(403);
    } finally {
      await t.server.close();
    }
  });
});
