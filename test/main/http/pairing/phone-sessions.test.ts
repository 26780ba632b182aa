import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PHONE_SESSION_IDLE_MS, PhoneSessions } from '../../../../main/http/pairing/phone-sessions';
import { phoneLabel } from '../../../../main/http/pairing/phone-label';
import { makeTempDir } from '../../../support/temp-dir';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function clock(start = Date.UTC(2026, 10, 27, 2)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('PhoneSessions', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir('phone-sessions-');
  });
  afterEach(() => temp.remove());

  it('a pairing code works once and gives that phone its own session, labelled from its user agent', () => {
    const phones = new PhoneSessions({ secret: 's'.repeat(43) });
    const code = phones.issueCode();
    const paired = phones.pair(code, ANDROID)!;
    expect(paired.session.label).toBe('Android · Chrome');
    expect(paired.cookie).toMatch(/^p\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    expect(phones.check(paired.cookie)).toEqual({ id: paired.session.id, renew: false });
    expect(phones.pair(code, ANDROID)).toBeUndefined();
    const other = phones.pair(phones.issueCode(), IPHONE)!;
    expect(other.session.id).not.toBe(paired.session.id);
    expect(phones.list().map((s) => s.label)).toEqual(['iPhone · Safari', 'Android · Chrome']);
  });

  it('refuses a code past its time, a forged or foreign cookie, and a revoked session at once', () => {
    const time = clock();
    const phones = new PhoneSessions({ secret: 'a'.repeat(43), now: time.now });
    const late = phones.issueCode(60_000);
    time.advance(60_001);
    expect(phones.pair(late)).toBeUndefined();
    const { cookie, session } = phones.pair(phones.issueCode())!;
    const forged = `${cookie.slice(0, -2)}${cookie.endsWith('A') ? 'BB' : 'AA'}`;
    expect(phones.check(forged)).toBeUndefined();
    // The same id signed by another broker's secret is not this broker's session.
    const foreign = new PhoneSessions({ secret: 'b'.repeat(43) });
    expect(foreign.check(cookie)).toBeUndefined();
    const told: string[] = [];
    phones.onRevoked((id) => told.push(id));
    expect(phones.revoke(session.id)).toBe(true);
    expect(told).toEqual([session.id]);
    expect(phones.check(cookie)).toBeUndefined();
    expect(phones.list()).toEqual([]);
    expect(phones.revoke(session.id)).toBe(false);
  });

  it('ends a session after 30 days without use, and asks for the cookie again once a day', () => {
    const time = clock();
    const phones = new PhoneSessions({ secret: 'c'.repeat(43), now: time.now });
    const { cookie } = phones.pair(phones.issueCode())!;
    time.advance(25 * 3600_000);
    expect(phones.check(cookie)?.renew).toBe(true);
    expect(phones.check(cookie)?.renew).toBe(false);
    time.advance(PHONE_SESSION_IDLE_MS + 1);
    expect(phones.check(cookie)).toBeUndefined();
  });

  it('keeps the sessions in a 0600 file across restarts, without any secret in it', () => {
    const file = path.join(temp.path, 'phone-sessions.json');
    const secret = 'd'.repeat(43);
    const first = new PhoneSessions({ secret, file });
    const { cookie, session } = first.pair(first.issueCode(), IPHONE)!;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(session.id);
    expect(text).not.toContain(cookie.split('.')[2]);
    expect(text).not.toContain(secret);
    const again = new PhoneSessions({ secret, file });
    expect(again.check(cookie)?.id).toBe(session.id);
    again.revoke(session.id);
    expect(new PhoneSessions({ secret, file }).check(cookie)).toBeUndefined();
  });

  it('reads a damaged file as no sessions (every phone pairs again) and says so', () => {
    const file = path.join(temp.path, 'phone-sessions.json');
    writeFileSync(file, '{"version":1,"sessions":[{"id":1}]}');
    const warnings: string[] = [];
    const phones = new PhoneSessions({
      secret: 'e'.repeat(43),
      file,
      onWarning: (m) => warnings.push(m),
    });
    expect(phones.list()).toEqual([]);
    expect(warnings.join()).toMatch(/must pair again/);
  });
});

describe('phoneLabel', () => {
  it('names the device and the browser, or says it does not know', () => {
    expect(phoneLabel(IPHONE)).toBe('iPhone · Safari');
    expect(phoneLabel('Mozilla/5.0 (Linux; Android 14) SamsungBrowser/25.0 Chrome/121')).toBe(
      'Android · Samsung Internet',
    );
    expect(phoneLabel(undefined)).toBe('Unknown browser');
  });
});
