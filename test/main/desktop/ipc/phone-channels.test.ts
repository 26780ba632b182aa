import { describe, expect, it } from 'vitest';
import { PairingLinkSchema, PhoneSessionListSchema } from '@contract/phone-pairing';
import { registerPhoneIpc } from '../../../../main/desktop/ipc/phone-handlers';
import { PhoneSessions } from '../../../../main/http/pairing/phone-sessions';
import { OURS, trustedRouter } from './channel-fixture';

function setup(publicUrl?: string) {
  const { ipc, router } = trustedRouter();
  const phones = new PhoneSessions({ secret: 'x'.repeat(43) });
  registerPhoneIpc(router, {
    phones,
    publicUrl: () => publicUrl,
    ownUrl: () => 'http://127.0.0.1:7842/',
  });
  return { ipc, phones };
}

const value = (envelope: unknown) => (envelope as { ok: true; value: unknown }).value;

describe("IPC phone channels (the desktop settings' pairing)", () => {
  it('phone:pairing-link gives a one-time link for the public URL; the phone it pairs is listed and revoked', async () => {
    const { ipc, phones } = setup('https://laptop.tailnet.ts.net/');
    const link = PairingLinkSchema.parse(
      value(await ipc.invoke('phone:pairing-link', undefined, OURS)),
    );
    expect(link).toMatchObject({ reach: 'public' });
    expect(link.url).toMatch(/^https:\/\/laptop\.tailnet\.ts\.net\/login\?code=/);
    const code = new URL(link.url).searchParams.get('code')!;
    const { cookie, session } = phones.pair(code, 'Mozilla/5.0 (iPhone) Safari/604.1')!;
    const list = PhoneSessionListSchema.parse(
      value(await ipc.invoke('phone:sessions', undefined, OURS)),
    );
    expect(list.sessions.map((s) => s.label)).toEqual(['iPhone · Safari']);
    const after = await ipc.invoke('phone:revoke', { id: session.id }, OURS);
    expect(PhoneSessionListSchema.parse(value(after)).sessions).toEqual([]);
    expect(phones.check(cookie)).toBeUndefined();
    expect(await ipc.invoke('phone:revoke', { id: session.id }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it("a link on the broker's own URL is marked local; another page cannot call these", async () => {
    const { ipc } = setup();
    const link = PairingLinkSchema.parse(
      value(await ipc.invoke('phone:pairing-link', undefined, OURS)),
    );
    expect(link.reach).toBe('local');
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:7842\/login\?code=/);
    expect(
      await ipc.invoke('phone:pairing-link', undefined, 'https://evil.example/'),
    ).toMatchObject({
      ok: false,
    });
    expect(await ipc.invoke('phone:revoke', { id: '' }, OURS)).toMatchObject({ ok: false });
  });
});
