import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PWA_PUBLIC_FILES } from '../../../main/http/pwa-files';
import { makeServer, type TestServer } from './helpers';

const PUBLIC = path.resolve(import.meta.dirname, '../../../renderer/public');

let dir: string;
let t: TestServer | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hitl-pwa-'));
  await cp(PUBLIC, dir, { recursive: true });
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'index-abcdefgh.js'), 'export {};\n');
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  // A broker that needs its token: a browser fetches the manifest without cookies.
  t = await makeServer({ rendererDir: dir, token: 'agent-token' });
});
afterEach(async () => {
  await t?.server.close();
  t = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe("the installable inbox's own files", () => {
  it('exist in renderer/public and load without a session or token', async () => {
    for (const file of PWA_PUBLIC_FILES) {
      const response = await t!.get(file);
      expect(response.statusCode, file).toBe(200);
    }
    expect((await t!.get('/manifest.webmanifest')).headers['content-type']).toMatch(
      /^application\/manifest\+json/,
    );
    expect((await t!.get('/sw.js')).headers['content-type']).toMatch(/javascript/);
  });

  it('open no other door: the app code, the inbox and the API still need the token', async () => {
    expect((await t!.get('/assets/index-abcdefgh.js')).statusCode).toBe(401);
    expect((await t!.get('/offline.html/../assets/index-abcdefgh.js')).statusCode).toBe(401);
    expect((await t!.get('/api/requests')).statusCode).toBe(401);
    expect((await t!.post('/api/pairing-links', {})).statusCode).toBe(401);
  });

  it('a manifest with what Chromium needs to install it; CSP allows its worker and manifest only from here', async () => {
    const manifest = (await t!.get('/manifest.webmanifest')).json() as {
      icons: { src: string; sizes: string }[];
    } & Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'HITL Broker', start_url: './', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons) expect(PWA_PUBLIC_FILES.has(`/${icon.src}`)).toBe(true);
    const csp = String((await t!.get('/sw.js')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
