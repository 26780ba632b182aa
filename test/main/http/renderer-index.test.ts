import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_LIST_ROWS } from '@contract/early-list';
import { operatorSessionCookie } from '../../../main/http/guards/operator-credentials';
import { makeServer, type TestServer } from './helpers';

const PAGE =
  '<!doctype html><html><head><title>HITL</title></head><body><div id="root"></div><script type="module" src="./assets/index.js"></script></body></html>';

let dir: string;
let t: TestServer | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hitl-index-'));
  await writeFile(path.join(dir, 'index.html'), PAGE);
});
afterEach(async () => {
  await t?.server.close();
  t = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** The early list's titles in the page, in order. */
function titles(html: string): string[] {
  return [...html.matchAll(/<div class="early-title">(.*?)<\/div>/g)].map((m) => m[1]!);
}

describe('GET / paints the first pending requests into the page', () => {
  it('puts them before the root, soonest deadline first then oldest, with the prompt line', async () => {
    t = await makeServer({ as: 'operator', rendererDir: dir });
    t.broker.add({ source: 'cueme', key: 'old', prompt: '# Deploy **v1**?\nmore', createdAt: 1 });
    t.broker.add({ source: 'cueme', key: 'newer', prompt: 'second', createdAt: 2 });
    t.broker.add({
      source: 'cueme',
      key: 'due',
      title: 'Due soon',
      prompt: 'third',
      createdAt: 3,
      expiresAt: Date.now() + 60_000,
    });
    const res = await t.get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // It holds question text: never kept in a cache.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(titles(res.body)).toEqual(['Due soon', 'old', 'newer']);
    expect(res.body).toContain('<div class="early-prompt">Deploy v1?</div>');
    expect(res.body.indexOf('class="early-paint"')).toBeLessThan(res.body.indexOf('id="root"'));
    expect(res.body).toContain('<script type="module" src="./assets/index.js"></script>');
  });

  it('follows the order the inbox remembered in its cookie, and ignores an unknown one', async () => {
    t = await makeServer({ as: 'operator', rendererDir: dir });
    for (const [i, key] of ['a', 'b', 'c'].entries())
      t.broker.add({ source: 'cueme', key, prompt: 'q', createdAt: i + 1 });
    const newest = await t.get('/', { cookie: 'other=1; hitl_order=newest' });
    expect(titles(newest.body)).toEqual(['c', 'b', 'a']);
    const unknown = await t.get('/', { cookie: 'hitl_order=<sideways>' });
    expect(titles(unknown.body)).toEqual(['a', 'b', 'c']);
  });

  it('shows agent text as text: markup and control characters are escaped', async () => {
    t = await makeServer({ as: 'operator', rendererDir: dir });
    t.broker.add({
      source: 'cueme',
      key: 'x',
      title: '<script>window.x=1</script>\u202e',
      prompt: '"><img src=x onerror="window.y=1"> & more',
    });
    const res = await t.get('/');
    expect(res.body).not.toContain('<script>window.x');
    expect(res.body).not.toContain('<img');
    expect(titles(res.body)).toEqual(['&lt;script&gt;window.x=1&lt;/script&gt;\\u202e']);
    expect(res.body).toContain(
      '&quot;&gt;&lt;img src=x onerror=&quot;window.y=1&quot;&gt; &amp; more',
    );
  });

  it(`holds at most ${EARLY_LIST_ROWS} rows, and none when nothing is pending`, async () => {
    t = await makeServer({ as: 'operator', rendererDir: dir });
    expect((await t.get('/')).body).toBe(PAGE);
    for (let i = 0; i < EARLY_LIST_ROWS + 5; i++)
      t.broker.add({ source: 'cueme', key: `k${i}`, prompt: 'q', createdAt: i });
    const shown = titles((await t.get('/')).body);
    expect(shown).toHaveLength(EARLY_LIST_ROWS);
    expect(shown[0]).toBe('k0');
  });

  it('follows every change of the pending list between page loads', async () => {
    t = await makeServer({ as: 'operator', rendererDir: dir });
    const first = t.broker.add({ source: 'cueme', key: 'first', prompt: 'q', createdAt: 1 });
    expect(titles((await t.get('/')).body)).toEqual(['first']);
    t.broker.add({ source: 'cueme', key: 'second', prompt: 'q', createdAt: 2 });
    expect(titles((await t.get('/')).body)).toEqual(['first', 'second']);
    expect(titles((await t.get('/', { cookie: 'hitl_order=newest' })).body)).toEqual([
      'second',
      'first',
    ]);
    t.broker.cancel(first.id);
    expect(titles((await t.get('/')).body)).toEqual(['second']);
    expect(titles((await t.get('/', { cookie: 'hitl_order=newest' })).body)).toEqual(['second']);
  });

  it('needs the token like every other request when one is set, and the operator to list', async () => {
    t = await makeServer({ rendererDir: dir, token: 'secret-token' });
    t.broker.add({ source: 'cueme', key: 'private', prompt: 'q' });
    const res = await t.get('/');
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('private');
    // The agents' token lets a request in, but the inbox is the operator's: the login page.
    const agent = await t.get('/', { authorization: 'Bearer secret-token' });
    expect(agent.statusCode).toBe(401);
    expect(agent.body).toContain('<title>Log in to HITL Broker</title>');
    expect(agent.body).not.toContain('private');
    const session = operatorSessionCookie(t.server.context.operatorSecret).split(';', 1)[0]!;
    const authorised = await t.get('/', { cookie: session });
    expect(authorised.statusCode).toBe(200);
    expect(titles(authorised.body)).toEqual(['private']);
  });

  it('shows the login page, and no request, to a browser without a login session', async () => {
    t = await makeServer({ rendererDir: dir });
    t.broker.add({ source: 'cueme', key: 'private', prompt: 'q' });
    const res = await t.get('/', { accept: 'text/html' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<title>Log in to HITL Broker</title>');
    expect(res.body).not.toContain('private');
    expect(res.body).not.toContain('id="root"');
  });

  it('words the login page in Chinese for a browser that asks for it first', async () => {
    t = await makeServer({ rendererDir: dir });
    const zh = await t.get('/', { accept: 'text/html', 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.statusCode).toBe(401);
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('<title>登录 HITL Broker</title>');
    expect(zh.body).not.toMatch(/Log in|operator|terminal/);
    const en = await t.get('/', { accept: 'text/html', 'accept-language': 'en-US,zh;q=0.5' });
    expect(en.body).toContain('<title>Log in to HITL Broker</title>');
  });

  it('serves a page without the expected root unchanged, and the other files as files', async () => {
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>other</title>');
    await writeFile(path.join(dir, 'app.js'), 'console.log(1)');
    t = await makeServer({ as: 'operator', rendererDir: dir });
    t.broker.add({ source: 'cueme', key: 'k', prompt: 'q' });
    expect((await t.get('/')).body).toBe('<!doctype html><title>other</title>');
    const file = await t.get('/app.js');
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('console.log(1)');
  });
});
