import { afterEach, describe, expect, it } from 'vitest';
import { PairingLinkSchema, PhoneSessionListSchema } from '@contract/phone-pairing';
import { OPERATOR_COOKIE } from '../../../../main/http/guards/operator-credentials';
import { Broker } from '../../../../main/broker/broker';
import { createHttpServer } from '../../../../main/http/server';
import { makeServer, until, type TestServer } from '../helpers';
import { SseTestClient } from '../sse-client';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.server.close();
  t = undefined;
});

/** Opens a pairing link as a phone would: the cookie it got. */
async function openOnPhone(server: TestServer, link: string): Promise<string> {
  const url = new URL(link);
  const login = await server.get(`${url.pathname}${url.search}`, { 'user-agent': PHONE_UA });
  expect(login.statusCode).toBe(303);
  const setCookie = String(login.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly; SameSite=Strict; Path=\/; Max-Age=2592000$/);
  return setCookie.split(';')[0]!;
}

/** Pairs a phone through a fresh QR code's link: the cookie it got. */
async function pairPhone(server: TestServer): Promise<string> {
  const created = await server.post('/api/pairing-links', {}, server.operator);
  return openOnPhone(server, PairingLinkSchema.parse(created.json()).url);
}

describe('pairing a phone', () => {
  it('the operator gets a one-time link with its QR code; the phone that opens it gets its own, listed session', async () => {
    t = await makeServer();
    const created = await t.post('/api/pairing-links', {}, t.operator);
    expect(created.statusCode).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    const link = PairingLinkSchema.parse(created.json());
    expect(link.reach).toBe('local');
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:7999\/login\?code=[A-Za-z0-9_-]{32}$/);
    expect(link.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(link.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);

    const cookie = await openOnPhone(t, link.url);
    expect(cookie.startsWith(`${OPERATOR_COOKIE}=p.`)).toBe(true);
    expect((await t.get('/api/requests', { cookie })).statusCode).toBe(200);
    const list = PhoneSessionListSchema.parse(
      (await t.get('/api/phone-sessions', t.operator)).json(),
    );
    expect(list.sessions).toHaveLength(1);
    expect(list.sessions[0]).toMatchObject({ label: 'Android · Chrome', userAgent: PHONE_UA });
    // The link is spent.
    const again = await t.get(new URL(link.url).pathname + new URL(link.url).search);
    expect(again.statusCode).toBe(401);
  });

  it('a revoked phone is refused on its very next request', async () => {
    t = await makeServer();
    const cookie = await pairPhone(t);
    const { sessions } = PhoneSessionListSchema.parse(
      (await t.get('/api/phone-sessions', t.operator)).json(),
    );
    const revoked = await t.post(`/api/phone-sessions/${sessions[0]!.id}/revoke`, {}, t.operator);
    expect(PhoneSessionListSchema.parse(revoked.json()).sessions).toEqual([]);
    expect((await t.get('/api/requests', { cookie })).statusCode).toBe(403);
    const page = await t.get('/', { cookie, accept: 'text/html' });
    expect(page.statusCode).not.toBe(200);
    const missing = await t.post(`/api/phone-sessions/${sessions[0]!.id}/revoke`, {}, t.operator);
    expect(missing.statusCode).toBe(404);
  });

  it('a link for the public URL when one is set', async () => {
    t = await makeServer({ publicUrl: 'https://laptop.tailnet.ts.net/hitl' });
    const link = PairingLinkSchema.parse(
      (await t.post('/api/pairing-links', {}, t.operator)).json(),
    );
    expect(link.reach).toBe('public');
    expect(link.url).toMatch(/^https:\/\/laptop\.tailnet\.ts\.net\/hitl\/login\?code=/);
  });

  it('agents, anonymous callers and a paired phone itself cannot pair phones, list or revoke them', async () => {
    t = await makeServer();
    const cookie = await pairPhone(t);
    const { sessions } = PhoneSessionListSchema.parse(
      (await t.get('/api/phone-sessions', t.operator)).json(),
    );
    const revokeUrl = `/api/phone-sessions/${sessions[0]!.id}/revoke`;
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      expect((await t.post('/api/pairing-links', {}, headers)).statusCode).toBe(403);
      expect((await t.get('/api/phone-sessions', headers)).statusCode).toBe(403);
      expect((await t.post(revokeUrl, {}, headers)).statusCode).toBe(403);
    }
    expect((await t.get('/api/requests', { cookie })).statusCode).toBe(200);
  });

  it("an answer from a paired phone's inbox is the operator's, recorded as via 'phone (paired)'", async () => {
    t = await makeServer();
    const cookie = await pairPhone(t);
    const request = t.broker.add({ source: 'clarity-http', key: 'ship', prompt: 'Ship it?' });
    const answered = await t.post(
      `/api/requests/${request.id}/answer`,
      { text: 'yes' },
      { cookie },
    );
    expect(answered.statusCode).toBe(200);
    expect(t.broker.get(request.id)).toMatchObject({ status: 'answered', via: 'phone (paired)' });
  });

  it("a phone's logout ends its session for good", async () => {
    t = await makeServer();
    const cookie = await pairPhone(t);
    expect((await t.post('/api/logout', {}, { cookie })).statusCode).toBe(200);
    expect((await t.get('/api/requests', { cookie })).statusCode).toBe(403);
    const list = PhoneSessionListSchema.parse(
      (await t.get('/api/phone-sessions', t.operator)).json(),
    );
    expect(list.sessions).toEqual([]);
  });
});

describe("a revoked phone's open event stream", () => {
  it('ends at once, while the laptop session stays', async () => {
    const server = await createHttpServer({ broker: new Broker(), rendererDir: null, port: 0 });
    const port = Number(new URL(await server.listen()).port);
    const operator = { authorization: `Bearer ${server.context.operatorSecret}` };
    const host = { host: `127.0.0.1:${port}` };
    try {
      const code = server.context.phones.issueCode();
      const paired = server.context.phones.pair(code, PHONE_UA)!;
      const phone = await SseTestClient.connect(port, {
        cookie: `${OPERATOR_COOKIE}=${paired.cookie}`,
      });
      const laptop = await SseTestClient.connect(port, operator);
      await until(() => phone.events().length >= 1 && laptop.events().length >= 1);
      const revoke = await server.app.inject({
        method: 'POST',
        url: `/api/phone-sessions/${paired.session.id}/revoke`,
        headers: { ...host, ...operator },
      });
      expect(revoke.statusCode).toBe(200);
      await until(() => phone.ended, 5_000, 'the phone stream to end');
      expect(laptop.ended).toBe(false);
      laptop.close();
    } finally {
      await server.close();
    }
  });
});
