import { lstat, mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/load/browser';
import { request } from '../support/load/http-client';
import type { BrokerServiceHandle } from '../support/load/project';
import { startServiceInProcess } from '../support/load/service';
import { waitUntil } from '../support/load/temp';
import { TempDirs } from './helpers/temp-dirs';

const TOKEN = 'probe-token-0123456789abcdef';
/** Screenshots to look at after a run (git-ignored). */
const SHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'reliability');
const temp = new TempDirs();
let dir: string;
let open: BrokerServiceHandle;
let guarded: BrokerServiceHandle;

beforeAll(async () => {
  dir = await temp.make('sec-dir');
  open = await startServiceInProcess({ dirs: [dir] });
  guarded = await startServiceInProcess({ dirs: [await temp.make('sec-dir2')], token: TOKEN });
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
  await temp.cleanup();
});

const port = (s: BrokerServiceHandle) => new URL(s.url).port;

describe('security probes', () => {
  it('rejects a foreign Host (DNS rebinding) and accepts the loopback names of the bound port', async () => {
    const p = port(open);
    for (const host of [
      'evil.example',
      `evil.example:${p}`,
      `127.0.0.1.nip.io:${p}`,
      `localhost:${Number(p) + 1}`,
      `192.168.1.10:${p}`,
    ]) {
      const res = await request(`${open.url}/questions`, { headers: { host } });
      expect(res.status, host).toBe(403);
      expect(res.json, host).toMatchObject({ error: 'forbidden_host' });
    }
    for (const host of [`127.0.0.1:${p}`, `localhost:${p}`])
      expect((await request(`${open.url}/questions`, { headers: { host } })).status, host).toBe(
        200,
      );
  });

  it('rejects a foreign Origin (CSRF) on writes and on the event stream; no wildcard CORS', async () => {
    for (const origin of [
      'http://evil.example',
      'null',
      `http://localhost:${Number(port(open)) + 1}`,
      'https://127.0.0.1',
    ]) {
      const answer = await request(`${open.url}/answer`, {
        body: { key: 'x', response: 'y' },
        headers: { origin },
      });
      expect(answer.status, origin).toBe(403);
      expect(answer.json).toMatchObject({ error: 'forbidden_origin' });
      expect(
        (await request(`${open.url}/events`, { headers: { origin }, timeoutMs: 5000 })).status,
        origin,
      ).toBe(403);
      const preflight = await request(`${open.url}/answer`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
    const same = await request(`${open.url}/answer`, {
      body: { key: 'nope', response: 'y' },
      headers: { origin: open.url },
    });
    expect(same.status, 'own origin passes the guard (then 404: unknown key)').toBe(404);
  });

  it('needs the token on every route when one is set; the browser exchange sets a strict HttpOnly cookie', async () => {
    const routes: Array<[string, unknown?]> = [
      ['/questions'],
      ['/api/requests'],
      ['/api/info'],
      ['/answer', { key: 'x', response: 'y' }],
      ['/api/tool/execute', {}],
    ];
    for (const [path, body] of routes) {
      expect(
        (await request(`${guarded.url}${path}`, { body })).status,
        `${path} without token`,
      ).toBe(401);
      expect(
        (
          await request(`${guarded.url}${path}`, {
            body,
            headers: { authorization: 'Bearer wrong' },
          })
        ).status,
        `${path} wrong token`,
      ).toBe(401);
      const sameLength = TOKEN.slice(0, -1) + (TOKEN.endsWith('f') ? 'e' : 'f');
      expect(
        (
          await request(`${guarded.url}${path}`, {
            body,
            headers: { authorization: `Bearer ${sameLength}` },
          })
        ).status,
      ).toBe(401);
    }
    expect((await request(`${guarded.url}/events`, { timeoutMs: 5000 })).status).toBe(401);
    expect(
      (await request(`${guarded.url}/questions`, { headers: { authorization: `Bearer ${TOKEN}` } }))
        .status,
    ).toBe(200);
    expect((await request(`${guarded.url}/?token=wrong`)).status).toBe(401);
    const exchange = await request(`${guarded.url}/?token=${TOKEN}`);
    expect(exchange.status).toBe(303);
    expect(exchange.headers.location).toBe('/');
    const cookie = String(exchange.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(
      (await request(`${guarded.url}/questions`, { headers: { cookie: cookie.split(';')[0]! } }))
        .status,
    ).toBe(200);
    await expect(startServiceInProcess({ dirs: [], host: '0.0.0.0', token: '' })).rejects.toThrow(
      /token/,
    );
  });

  it('never follows symlinks or keys out of the handshake dir', async () => {
    const outside = await temp.make('sec-outside');
    const victim = join(outside, 'victim.txt');
    await writeFile(victim, 'original');
    const parentBefore = await readdir(dirname(dir));
    await writeFile(
      join(dir, 'trav.question'),
      JSON.stringify({ key: '../../escape', question: 'q' }),
    );
    await writeFile(join(dir, 'trav2.question'), JSON.stringify({ key: 'a/b', question: 'q' }));
    await symlink(victim, join(dir, 'link.question'));
    const adapter = (
      open as unknown as {
        watched: {
          list(): Array<{
            invalidFiles(): Array<{ file: string; reason: string }>;
            whenIdle(): Promise<void>;
          }>;
        };
      }
    ).watched.list()[0]!;
    await waitUntil(
      () => adapter.invalidFiles().some((i) => i.file === 'link.question'),
      'the symlink to be reported',
    );
    // Path-like keys are data: they are pending, and answering them writes next to their own file.
    await waitUntil(
      () => open.broker.findPending('clarity-file', '../../escape') !== undefined,
      'the path-like key pending',
    );
    const trav = open.broker.findPending('clarity-file', '../../escape')!;
    expect(open.broker.findPending('clarity-file', 'a/b')).toBeDefined();
    expect(
      (await request(`${open.url}/answer`, { body: { key: '../../escape', response: 'ok' } }))
        .status,
    ).toBe(200);
    await waitUntil(async () => (await readdir(dir)).includes('trav.answer'), 'trav.answer');
    expect(open.broker.get(trav.id)?.status).toBe('answered');
    expect(await readdir(dirname(dir))).toEqual(parentBefore);

    // An .answer symlink planted next to a pending question is neither read nor written through.
    await writeFile(
      join(dir, 'planted.question'),
      JSON.stringify({ key: 'planted', question: 'q' }),
    );
    await waitUntil(
      () => open.broker.findPending('clarity-file', 'planted') !== undefined,
      'planted pending',
    );
    await symlink(victim, join(dir, 'planted.answer'));
    // The watcher's chance to misbehave, as a barrier: a question written after the symlink is
    // asked only once the watch has reported everything before it, and then the adapter is idle.
    await writeFile(join(dir, 'after.question'), JSON.stringify({ key: 'after', question: 'q' }));
    await waitUntil(
      () => open.broker.findPending('clarity-file', 'after') !== undefined,
      'the question written after the symlink',
    );
    await adapter.whenIdle();
    expect(
      open.broker.findPending('clarity-file', 'planted'),
      'not answered with the symlink target',
    ).toBeDefined();
    expect(
      (await request(`${open.url}/answer`, { body: { key: 'planted', response: 'safe' } })).status,
    ).toBe(200);
    await waitUntil(
      async () => !(await lstat(join(dir, 'planted.answer'))).isSymbolicLink(),
      'the answer to replace the symlink',
    );
    expect(await readFile(join(dir, 'planted.answer'), 'utf8')).toBe('safe');
    expect(await readFile(victim, 'utf8')).toBe('original');

    // An HTTP-mode key full of separators is mirrored inside the dir, never beside it.
    expect(
      (
        await request(`${open.url}/questions`, {
          body: { key: '../../../escape-http', question: 'q' },
        })
      ).status,
    ).toBe(200);
    await waitUntil(
      async () => (await readdir(dir)).some((f) => f.includes('escape-http')),
      'the mirror file',
    );
    expect(
      (await readdir(dirname(dir))).filter(
        (f) => !parentBefore.includes(f) && f.includes('escape'),
      ),
    ).toEqual([]);
    for (const path of [
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%2f..%2f..%2fpackage.json',
    ]) {
      expect((await request(`${open.url}${path}`)).text, path).not.toMatch(
        /"name":\s*"clarity-hitl-broker"/,
      );
    }
  });

  it('answers an oversize body with 413 and a JSON error, and keeps serving', async () => {
    for (const path of [
      '/questions',
      '/answer',
      '/api/tool/execute',
      '/api/cueme/cue',
      '/api/requests/x/answer',
    ]) {
      const res = await request(`${open.url}${path}`, {
        body: JSON.stringify({ key: 'big', question: 'x'.repeat(1024 * 1024 + 1) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, path).toBe(413);
      expect(res.json, path).toMatchObject({ error: 'too_large' });
    }
    expect((await request(`${open.url}/questions`)).status).toBe(200);
  });

  describe('XSS payloads in every rendered field stay inert in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => browser?.close());

    it('renders script tags, inline handlers and javascript: links as text', async () => {
      const x = (field: string) =>
        `xss-${field} <img src=x onerror="window.__xss=(window.__xss||[]).concat('${field}')"><script>window.__xss=(window.__xss||[]).concat('${field}-s')</script>`;
      const md = (field: string) =>
        `${x(field)}\n\n[click me ${field}](javascript:window.__xss=['${field}-link'])\n\n<iframe src="javascript:parent.__xss=['${field}-iframe']"></iframe>`;
      const b = open.broker;
      const agent = {
        id: 'xss-agent',
        name: x('agent-name'),
        runtime: x('runtime'),
        projectDir: x('project'),
        terminal: x('terminal'),
      };
      b.add({
        source: 'mcp',
        key: x('key'),
        title: x('title'),
        prompt: md('prompt'),
        context: md('context'),
        agent,
        input: { kind: 'text', placeholder: x('placeholder') },
      });
      b.add({
        source: 'questfoundry',
        key: 'xss-choice',
        prompt: md('choice-prompt'),
        agent,
        input: {
          kind: 'choice',
          options: [{ value: 'A', label: x('option-label'), description: x('option-desc') }],
          recommended: 'A',
        },
      });
      b.add({
        source: 'cueme',
        key: 'xss-form',
        prompt: 'form',
        agent,
        input: {
          kind: 'form',
          fields: [
            { label: x('field-label'), kind: 'text', placeholder: x('field-ph'), multiple: false },
          ],
        },
      });
      b.add({
        source: 'cueme',
        key: 'xss-confirm',
        prompt: 'confirm',
        agent,
        input: {
          kind: 'confirm',
          text: x('confirm-text'),
          confirmLabel: x('confirm-ok'),
          cancelLabel: x('confirm-no'),
        },
      });
      const answered = b.add({
        source: 'mcp',
        key: 'xss-answered',
        prompt: md('history-prompt'),
        agent,
      });
      b.answer(answered.id, { text: md('answer') });
      const cancelled = b.add({ source: 'mcp', key: 'xss-cancelled', prompt: 'c', agent });
      b.cancel(cancelled.id, { reason: x('cancel-reason') });

      await mkdir(SHOTS, { recursive: true });
      const context = await browser.newContext();
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      const executed = async () =>
        page.evaluate(() => (globalThis as Record<string, unknown>).__xss);
      const injected = async () =>
        page.evaluate(() => {
          const doc = (
            globalThis as unknown as {
              document: {
                querySelectorAll(
                  s: string,
                ): ArrayLike<{ getAttributeNames(): string[]; tagName: string }>;
              };
            }
          ).document;
          const all = Array.from(doc.querySelectorAll('*'));
          const handlers = all
            .filter((el) => el.getAttributeNames().some((n) => n.toLowerCase().startsWith('on')))
            .map((el) => el.tagName);
          const jsLinks = doc.querySelectorAll(
            'a[href^="javascript:" i], iframe, object, embed',
          ).length;
          const inlineScripts = doc.querySelectorAll('script:not([src])').length;
          return { handlers, jsLinks, inlineScripts };
        });
      // The inbox is the operator's: in through a one-time login link, as the operator would.
      await page.goto(open.loginUrl!());
      expect(new URL(page.url()).pathname).toBe('/');
      // The app's own list (the plain list painted before the app loads names them too).
      const options = page.getByRole('listbox').getByRole('option');
      await expect.poll(() => options.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
      const count = await options.count();
      for (let i = 0; i < count; i++) {
        await options.nth(i).click({ force: true, timeout: 3000 });
        await page.waitForTimeout(100);
        for (const link of await page.getByText(/click me/).all())
          await link.click({ timeout: 2000 }).catch(() => {});
        expect(await injected()).toEqual({ handlers: [], jsLinks: 0, inlineScripts: 0 });
      }
      await page.screenshot({ path: join(SHOTS, 'xss-inbox.png'), fullPage: true });
      await page
        .getByRole('button', { name: /history|历史/i })
        .first()
        .click();
      await page
        .getByText(/xss-answered|answer/)
        .first()
        .waitFor({ timeout: 10_000 });
      await page.waitForTimeout(300);
      expect(await injected()).toEqual({ handlers: [], jsLinks: 0, inlineScripts: 0 });
      expect(await executed(), 'no payload ran').toBeUndefined();
      expect(dialogs).toEqual([]);
      await page.screenshot({ path: join(SHOTS, 'xss-history.png'), fullPage: true });
      await context.close();
    });
  });
});
