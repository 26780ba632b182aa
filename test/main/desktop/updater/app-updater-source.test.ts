import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wrapAppUpdater } from '../../../../main/desktop/updater/app-updater-source';
import { UpdateController } from '../../../../main/desktop/updater/update-controller';
import type { UpdateStatus } from '../../../../main/desktop/updater/update-source';
import { waitFor } from '../../../support/wait-for';
import { FeedServer } from './feed-server';
import { realUpdater } from './node-updater';

// The real electron-updater (feed parsing, version comparison, download, sha512 check) against a
// local server laid out like the published release assets, through the app's own controller.

let server: FeedServer;
let feedUrl: string;
let dir: string;
const payload = Buffer.from('installer bytes '.repeat(4096));

beforeEach(async () => {
  server = new FeedServer();
  feedUrl = await server.start();
  dir = await mkdtemp(path.join(tmpdir(), 'hitl-updater-'));
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function installed(version: string, pending = 0) {
  const updater = await realUpdater(version, feedUrl, dir);
  const statuses: UpdateStatus[] = [];
  const logs: string[] = [];
  const controller = new UpdateController({
    loadSource: async () => wrapAppUpdater(updater, (m) => logs.push(m)),
    enabled: true,
    busy: () => (pending > 0 ? `${pending} requests pending` : undefined),
    onChange: (s) => statuses.push(s),
    log: (m) => logs.push(m),
  });
  return { updater, controller, statuses, logs };
}

/** The update file electron-updater keeps for install on quit. */
function downloadedFile(): string | undefined {
  const pending = path.join(dir, 'cache', 'hitl-broker-updater', 'pending');
  const info = path.join(pending, 'update-info.json');
  if (!existsSync(info)) return undefined;
  return path.join(
    pending,
    (JSON.parse(readFileSync(info, 'utf8')) as { fileName: string }).fileName,
  );
}

describe('update check against a generic-provider feed (real electron-updater)', () => {
  it('a newer release downloads in the background, is verified, and is ready to install', async () => {
    server.publish({ version: '1.3.0', payload });
    const { controller, statuses, updater } = await installed('1.2.0');
    await controller.checkNow();
    await waitFor(() => controller.current.state === 'ready', 'the downloaded update');
    expect(controller.current).toEqual({ state: 'ready', version: '1.3.0' });
    expect(controller.readyVersion()).toBe('1.3.0');
    expect(statuses.map((s) => s.state)).toContain('downloading');
    expect(readFileSync(downloadedFile()!)).toEqual(payload);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(server.requests).toContain('hitl-broker_1.3.0_amd64.deb');
  });

  it('the same version is up to date: nothing is downloaded', async () => {
    server.publish({ version: '1.2.0', payload });
    const { controller } = await installed('1.2.0');
    await controller.checkNow();
    expect(controller.current).toEqual({ state: 'current', version: '1.2.0' });
    expect(controller.readyVersion()).toBeUndefined();
    expect(server.requests.filter((r) => r.endsWith('.deb'))).toEqual([]);
  });

  it('an older published version is never a downgrade', async () => {
    server.publish({ version: '1.1.9', payload });
    const { controller } = await installed('1.2.0');
    await controller.checkNow();
    expect(controller.current).toEqual({ state: 'current', version: '1.1.9' });
    expect(server.requests.filter((r) => r.endsWith('.deb'))).toEqual([]);
  });

  it('a broken feed is an error, logged, with nothing offered', async () => {
    server.serveRawFeed('<html>rate limited</html>');
    const { controller, logs } = await installed('1.2.0');
    await controller.checkNow();
    expect(controller.current.state).toBe('error');
    expect(logs.some((l) => l.startsWith('update check failed:'))).toBe(true);

    server.serveRawFeed('version: not-a-version\nfiles: []\n');
    await controller.checkNow();
    expect(controller.current).toMatchObject({ state: 'error' });
    expect((controller.current as { message: string }).message).toMatch(/not-a-version|semver/);
    expect(controller.readyVersion()).toBeUndefined();
  });

  it('a missing feed (no release published yet) is an error, not a crash', async () => {
    const { controller } = await installed('1.2.0');
    await controller.checkNow();
    expect(controller.current.state).toBe('error');
  });

  it('an interrupted download is not offered; the next check downloads it whole', async () => {
    server.publish({ version: '1.3.0', payload });
    server.interruptDownloads = true;
    const { controller } = await installed('1.2.0');
    await controller.checkNow();
    await waitFor(() => controller.current.state === 'error', 'the failed download');
    expect((controller.current as { message: string }).message).toMatch(
      /aborted|ECONNRESET|socket hang up|premature/i,
    );
    expect(controller.readyVersion()).toBeUndefined();
    expect(downloadedFile()).toBeUndefined();

    server.interruptDownloads = false;
    await controller.checkNow();
    await waitFor(() => controller.current.state === 'ready', 'the second download');
    expect(readFileSync(downloadedFile()!)).toEqual(payload);
  });

  it('a download whose checksum does not match the feed is rejected', async () => {
    server.publish({ version: '1.3.0', payload, wrongChecksum: true });
    const { controller } = await installed('1.2.0');
    await controller.checkNow();
    await waitFor(() => controller.current.state === 'error', 'the rejected download');
    expect((controller.current as { message: string }).message).toMatch(/sha512/i);
    expect(controller.readyVersion()).toBeUndefined();
  });

  it('with requests pending, "restart to install" waits for the next quit instead', async () => {
    server.publish({ version: '1.3.0', payload });
    const { controller, updater } = await installed('1.2.0', 2);
    await controller.checkNow();
    await waitFor(() => controller.current.state === 'ready', 'the downloaded update');
    expect(controller.installNow()).toEqual({ done: 'deferred', reason: '2 requests pending' });
    expect(updater.autoInstallOnAppQuit).toBe(true);
    controller.setEnabled(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
  });

  it("the app's loader reads autoUpdater from the default export (CommonJS under Node's ESM)", () => {
    // As the built main process imports it (vitest's own interop differs): only the property is
    // looked up, since its getter builds the platform's updater with Electron's app.
    const script = `const m = await import('electron-updater');
      const d = Object.getOwnPropertyDescriptor(m.default, 'autoUpdater');
      console.log(JSON.stringify({ getter: typeof d?.get }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({ getter: 'function' });
  });
});
