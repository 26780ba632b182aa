import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, pageCsp } from '../../../main/http/security-headers';
import { makeServer, type TestServer } from './helpers';

const HASH = "'sha256-uRERA4Rn5dcXLYZ1D398LFJw/TeorT2tSt+2G33au50='";
const meta = (scriptSrc: string) =>
  `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src ${scriptSrc}; style-src 'self' 'unsafe-inline'" />`;
const popoverPage = `<!doctype html><html><head>${meta(`'self' ${HASH}`)}</head><body><div id="root"></div><script>go()</script></body></html>`;

describe('a page’s CSP header (pageCsp)', () => {
  it('adds the inline-script hashes the page’s own meta CSP allows, and nothing else', () => {
    expect(pageCsp(popoverPage)).toBe(
      CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${HASH}`),
    );
    // Anything but a hash in the page's script-src is not taken over.
    const loose = popoverPage.replace(HASH, `'unsafe-inline' https://cdn.example ${HASH}`);
    expect(pageCsp(loose)).toBe(pageCsp(popoverPage));
    expect(pageCsp(loose)).not.toContain('unsafe-inline;');
    expect(pageCsp(loose)).not.toContain('cdn.example');
  });

  it('is the server’s CSP for a page without hashes or without a meta CSP', () => {
    expect(pageCsp(`<html><head>${meta("'self'")}</head></html>`)).toBe(CONTENT_SECURITY_POLICY);
    expect(pageCsp('<html></html>')).toBe(CONTENT_SECURITY_POLICY);
  });
});

let t: TestServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await t?.server.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  t = undefined;
  dir = undefined;
});

describe('the UI’s pages over HTTP', () => {
  it('popover.html goes out with a CSP header allowing its hashed inline script; other files get the server’s', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hitl-ui-'));
    await writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html>${meta("'self'")}<title>HITL</title>`,
    );
    await writeFile(path.join(dir, 'popover.html'), popoverPage);
    await writeFile(path.join(dir, 'app.js'), 'go()');
    t = await makeServer({ as: 'operator', rendererDir: dir });
    const popover = await t.get('/popover.html');
    expect(popover.statusCode).toBe(200);
    expect(popover.body).toBe(popoverPage);
    expect(popover.headers['content-security-policy']).toBe(pageCsp(popoverPage));
    expect(popover.headers['content-security-policy']).toContain(HASH);
    // The companion headers are all still there.
    expect(popover.headers['x-frame-options']).toBe('DENY');
    for (const other of ['/', '/index.html', '/app.js'])
      expect((await t.get(other)).headers['content-security-policy'], other).toBe(
        CONTENT_SECURITY_POLICY,
      );
  });
});
