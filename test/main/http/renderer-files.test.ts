import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeServer, type TestServer } from './helpers';

const SCRIPT = 'export const answer = 42;\n';

let root: string;
let dir: string;
let t: TestServer | undefined;

beforeEach(async () => {
  // Only the clock is fake (timers and I/O stay real): the listing's age is moved, not waited for.
  vi.useFakeTimers({ toFake: ['Date'] });
  root = await mkdtemp(path.join(os.tmpdir(), 'hitl-files-'));
  dir = path.join(root, 'renderer');
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>HITL</title>');
  await writeFile(path.join(dir, 'assets', 'index-abc.js'), SCRIPT);
  await writeFile(path.join(dir, 'assets', 'index-abc.css'), 'body{margin:0}');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dir, '.env'), 'SECRET=dotfile');
  await writeFile(path.join(root, 'secret.txt'), 'SECRET=outside');
  t = await makeServer({ rendererDir: dir });
});
afterEach(async () => {
  vi.useRealTimers();
  await t?.server.close();
  t = undefined;
  await rm(root, { recursive: true, force: true });
});

describe("the UI's files", () => {
  it('serves each with its type, validators and the security headers', async () => {
    const js = await t!.get('/assets/index-abc.js?v=1');
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe(SCRIPT);
    expect(js.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(js.headers['etag']).toBeTruthy();
    expect(js.headers['last-modified']).toBeTruthy();
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect((await t!.get('/assets/index-abc.css')).headers['content-type']).toMatch(/^text\/css/);
    expect((await t!.get('/favicon.svg')).headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers a matching ETag with 304, a range with 206 and HEAD without a body', async () => {
    const first = await t!.get('/assets/index-abc.js');
    const again = await t!.get('/assets/index-abc.js', {
      'if-none-match': String(first.headers['etag']),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const part = await t!.get('/assets/index-abc.js', { range: 'bytes=0-5' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe(SCRIPT.slice(0, 6));
    const head = await t!.inject({ method: 'HEAD', url: '/assets/index-abc.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(head.body).toBe('');
  });

  it('is a 404 for anything that is not one of its files: unknown, dotfiles, ways out', async () => {
    for (const url of [
      '/assets/missing.js',
      '/.env',
      '/assets',
      '/assets/',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets//index-abc.js',
      '/assets/index-abc.js/',
    ]) {
      const res = await t!.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('SECRET');
    }
  });

  it('serves a file written after start (a rebuild) but never a symlink out', async () => {
    await writeFile(path.join(dir, 'assets', 'later-def.js'), 'later');
    await symlink(path.join(root, 'secret.txt'), path.join(dir, 'assets', 'link.js'));
    // A miss lists the directory again at most once a second: not yet a second after start.
    vi.advanceTimersByTime(999);
    expect((await t!.get('/assets/later-def.js')).statusCode).toBe(404);
    vi.advanceTimersByTime(1);
    const later = await t!.get('/assets/later-def.js');
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe('later');
    const link = await t!.get('/assets/link.js');
    expect(link.statusCode).toBe(404);
    expect(link.body).not.toContain('SECRET');
  });

  it('finds a file whose name needs percent-encoding, and refuses a malformed encoding', async () => {
    await writeFile(path.join(dir, 'assets', 'my file.js'), 'spaced');
    await writeFile(path.join(dir, 'assets', '100%.txt'), 'percent');
    await writeFile(path.join(dir, 'assets', 'é.js'), 'accent');
    vi.advanceTimersByTime(1000);
    expect((await t!.get('/assets/my%20file.js')).body).toBe('spaced');
    expect((await t!.get('/assets/100%25.txt')).body).toBe('percent');
    expect((await t!.get('/assets/%C3%A9.js')).body).toBe('accent');
    expect((await t!.get('/assets/%E0%A4%A')).statusCode).toBe(400);
  });

  it('never follows a listed file that was replaced by a symlink', async () => {
    expect((await t!.get('/assets/index-abc.css')).statusCode).toBe(200);
    await rm(path.join(dir, 'assets', 'index-abc.css'));
    await symlink(path.join(root, 'secret.txt'), path.join(dir, 'assets', 'index-abc.css'));
    const res = await t!.get('/assets/index-abc.css');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('SECRET');
  });

  it('still serves the page itself at / and, raw, at /index.html', async () => {
    expect((await t!.get('/', t!.operator)).body).toContain('<title>HITL</title>');
    const raw = await t!.get('/index.html', t!.operator);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['cache-control']).toBe('no-cache');
  });

  it('a browser without a session gets the login page at /index.html too, not the app (issue 31)', async () => {
    const page = await t!.get('/index.html');
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('Log in to HITL Broker');
    expect(page.body).not.toContain('<title>HITL</title>');
    expect((await t!.get('/assets/index-abc.css')).statusCode).toBe(200);
  });
});
