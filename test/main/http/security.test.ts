import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../main/broker/broker';
import { safeEqual } from '../../../main/http/guards/token-auth';
import { createHttpServer, type HttpServer } from '../../../main/http/server';
import { makeServer, type TestServer } from './helpers';

/** A raw request over a real socket, so Host and Origin are exactly what we send. */
function rawGet(
  port: number,
  pathName: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: pathName, method: 'GET', headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let t: TestServer | undefined;
let live: HttpServer | undefined;
afterEach(async () => {
  await t?.server.close();
  await live?.close();
  t = undefined;
  live = undefined;
});

async function listening(
  options: { token?: string } = {},
): Promise<{ server: HttpServer; port: number }> {
  live = await createHttpServer({ broker: new Broker(), port: 0, rendererDir: null, ...options });
  await live.listen();
  return { server: live, port: live.port() };
}

describe('binding', () => {
  it('binds 127.0.0.1 by default', async () => {
    const { server } = await listening();
    expect((server.app.server.address() as AddressInfo).address).toBe('127.0.0.1');
    expect(server.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('refuses a non-loopback address without a token, accepts it with one', async () => {
    await expect(
      createHttpServer({ broker: new Broker(), host: '0.0.0.0', rendererDir: null }),
    ).rejects.toThrow(/requires a token/);
    await expect(
      createHttpServer({ broker: new Broker(), host: '192.168.1.5', rendererDir: null }),
    ).rejects.toThrow(/requires a token/);
    const withToken = await createHttpServer({
      broker: new Broker(),
      host: '0.0.0.0',
      token: 's3cret',
      rendererDir: null,
    });
    expect(withToken.context.tokenRequired).toBe(true);
    await withToken.close();
  });
});

describe('Host check (DNS rebinding)', () => {
  it('accepts the loopback names with the bound port and rejects any other Host', async () => {
    const { port } = await listening();
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `LOCALHOST:${port}`,
    ]) {
      expect((await rawGet(port, '/questions', { host })).status, host).toBe(200);
    }
    for (const host of [
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      'localhost',
      `attacker.localhost.evil:${port}`,
      `10.0.0.1:${port}`,
    ]) {
      const res = await rawGet(port, '/questions', { host });
      expect(res.status, host).toBe(403);
      expect(JSON.parse(res.body)).toEqual({
        error: 'forbidden_host',
        message: expect.stringContaining('Host'),
      });
    }
  });
});

describe('Origin check (CSRF) and CORS', () => {
  it('rejects a foreign browser Origin and never sends CORS headers', async () => {
    const { port } = await listening();
    const own = await rawGet(port, '/questions', {
      host: `127.0.0.1:${port}`,
      origin: `http://127.0.0.1:${port}`,
    });
    expect(own.status).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
    for (const origin of [
      'http://evil.example',
      `http://evil.example:${port}`,
      'null',
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port + 1}`,
    ]) {
      const res = await rawGet(port, '/questions', { host: `127.0.0.1:${port}`, origin });
      expect(res.status, origin).toBe(403);
      expect(JSON.parse(res.body).error).toBe('forbidden_origin');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('a cross-origin POST cannot answer', async () => {
    t = await makeServer();
    const r = t.broker.add({ source: 'clarity-http', key: 'k', prompt: 'q' });
    const res = await t.post(
      '/answer',
      { key: 'k', response: 'pwned' },
      { origin: 'http://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(t.broker.get(r.id)?.status).toBe('pending');
    const preflight = await t.inject({
      method: 'OPTIONS',
      url: '/answer',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('token', () => {
  it('needs Authorization: Bearer <token> on every route when set', async () => {
    t = await makeServer({ token: 'correct horse' });
    for (const url of ['/questions', '/questions/k', '/api/info', '/api/requests', '/events']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({
        error: 'unauthorized',
        message: expect.stringContaining('Bearer'),
      });
    }
    expect((await t.get('/questions', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect((await t.get('/questions', { authorization: 'Bearer correct horsE' })).statusCode).toBe(
      401,
    );
    expect((await t.get('/questions', { authorization: 'Bearer correct horse' })).statusCode).toBe(
      200,
    );
    const posted = await t.post(
      '/questions',
      { key: 'k', question: 'q' },
      { authorization: 'Bearer correct horse' },
    );
    expect(posted.statusCode).toBe(200);
    expect((await t.post('/answer', { key: 'k', response: 'x' })).statusCode).toBe(401);
  });

  it('compares tokens by value whatever their length', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', 'abc')).toBe(false);
  });

  it("/?token= sets an HttpOnly SameSite=Strict cookie and redirects to the clean URL; the cookie then authorises agents' routes and /events, not the operator's", async () => {
    const { server, port } = await listening({ token: 'tok-123' });
    const host = `127.0.0.1:${port}`;
    const wrong = await rawGet(port, '/?token=nope', { host });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const res = await rawGet(port, '/?token=tok-123&lang=zh', { host });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/?lang=zh');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toContain('tok-123');
    const cookie = setCookie.split(';')[0]!;

    expect((await rawGet(port, '/questions', { host })).status).toBe(401);
    expect((await rawGet(port, '/questions', { host, cookie })).status).toBe(200);
    expect((await rawGet(port, '/api/info', { host })).status).toBe(401);
    // The agents' token is not the operator's authority: the inbox's routes stay closed to it.
    const info = await rawGet(port, '/api/info', { host, cookie });
    expect(info.status).toBe(403);
    expect(JSON.parse(info.body).error).toBe('operator_required');
    const operator = await rawGet(port, '/api/info', {
      host,
      authorization: `Bearer ${server.context.operatorSecret}`,
    });
    expect(operator.status).toBe(200);
    expect(JSON.parse(operator.body).tokenRequired).toBe(true);
    expect(
      (await rawGet(port, '/api/requests', { host, cookie: 'clarity_hitl_session=forged' })).status,
    ).toBe(401);

    const events = await new Promise<{ status: number; type: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/events', headers: { host, cookie } },
        (r) => {
          resolve({ status: r.statusCode ?? 0, type: String(r.headers['content-type']) });
          r.destroy();
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(events).toEqual({ status: 200, type: 'text/event-stream; charset=utf-8' });
  });
});

describe('security headers', () => {
  it('serves the UI with a strict CSP and companion headers', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'hitl-ui-'));
    try {
      await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>HITL</title>');
      t = await makeServer({ as: 'operator', rendererDir: dir });
      const res = await t.get('/');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>HITL</title>');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await t.get('/index.html')).headers['cache-control']).toBe('no-cache');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says how to build the UI when it is missing', async () => {
    t = await makeServer({ rendererDir: null });
    const res = await t.get('/');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain('npm run build');
  });
});
