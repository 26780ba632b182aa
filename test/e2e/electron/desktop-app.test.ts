/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, until } from '../web/harness';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The Electron binary from the npm package, or why there is none (offline machines never get it). */
function electronBinary(): { binary?: string; reason?: string } {
  try {
    const binary = createRequire(import.meta.url)('electron') as unknown;
    if (typeof binary === 'string' && existsSync(binary)) return { binary };
    return { reason: 'the electron package has no binary' };
  } catch (error) {
    return {
      reason: /Cannot find module/.test(String(error))
        ? 'the electron package is not installed'
        : 'the Electron binary was not downloaded (`node scripts/install-electron.js` retries)',
    };
  }
}

/** Electron opens real windows: on Linux it needs an X11 or Wayland display (xvfb-run gives one). */
function displayMissing(): string | undefined {
  if (process.platform !== 'linux' || process.env.DISPLAY || process.env.WAYLAND_DISPLAY) return;
  return 'no display (DISPLAY is unset; run under xvfb-run)';
}

const found = electronBinary();
const reason = found.reason ?? displayMissing();
const binary = reason ? undefined : found.binary;
if (reason) {
  console.warn(
    `SKIP Electron e2e: ${reason}. These tests run where Electron can be downloaded and shown (the release workflow).`,
  );
}

let userData: string;
let stateDir: string;
let handshakeDir: string;

async function launch(): Promise<{ app: ElectronApplication; window: Page }> {
  const app = await electron.launch({
    executablePath: binary!,
    args: [ROOT],
    cwd: ROOT,
    env: {
      ...process.env,
      HITL_USER_DATA_DIR: userData,
      CLARITY_HITL_STATE_DIR: stateDir,
      CLARITY_HITL_DIR: handshakeDir,
      ELECTRON_ENABLE_LOGGING: '1',
    },
  });
  const window = await app.firstWindow();
  await window.waitForLoadState('domcontentloaded');
  return { app, window };
}

describe.skipIf(!binary)('desktop app (Electron, built app, temp user-data dir)', () => {
  beforeAll(async () => {
    userData = await mkdtemp(path.join(os.tmpdir(), 'hitl-electron-user-'));
    stateDir = await mkdtemp(path.join(os.tmpdir(), 'hitl-electron-state-'));
    handshakeDir = await mkdtemp(path.join(os.tmpdir(), 'hitl-electron-dir-'));
    // Any free port, so a broker already running on 7842 does not get in the way.
    await writeFile(
      path.join(stateDir, 'settings.json'),
      JSON.stringify({ port: 0, notifications: false }),
    );
  });
  afterAll(async () => {
    for (const dir of [userData, stateDir, handshakeDir])
      if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a .question appears → the window shows it → the typed answer is written as .answer', async () => {
    const { app, window } = await launch();
    try {
      const isolated = await window.evaluate(() => ({
        bridge: typeof (window as unknown as { hitl?: object }).hitl,
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
      }));
      expect(isolated).toEqual({ bridge: 'object', require: 'undefined', process: 'undefined' });

      await writeFile(
        path.join(handshakeDir, 'release_notes.question'),
        JSON.stringify({ key: 'release notes', question: 'Title for the v2 release notes?' }),
      );
      await until(
        () => window.getByText('Title for the v2 release notes?').first().isVisible(),
        'the question in the window',
      );
      await screenshot(window, 'electron-main-window');
      const answer = window.locator('textarea[data-answer-focus]').first();
      await answer.fill('Faster, smaller, calmer');
      await answer.press('Control+Enter');
      const file = path.join(handshakeDir, 'release_notes.answer');
      await until(() => existsSync(file), 'the .answer file');
      expect(await readFile(file, 'utf8')).toBe('Faster, smaller, calmer');
    } finally {
      await app.close();
    }
  });

  it('history survives a relaunch', async () => {
    const { app, window } = await launch();
    try {
      await window.getByRole('button', { name: /History|历史/ }).click();
      await until(
        () => window.getByText('Faster, smaller, calmer').first().isVisible(),
        'the answer in the history',
      );
    } finally {
      await app.close();
    }
  });
});

/**
 * Runs `node scripts/start.js` (after the build) until it prints the broker URL and its login
 * link, logs in with the link as a newcomer's browser would, and reads `/api/info`; its output.
 */
async function startHeadless(env: NodeJS.ProcessEnv): Promise<string[]> {
  const { spawn } = await import('node:child_process');
  const state = await mkdtemp(path.join(os.tmpdir(), 'hitl-start-'));
  const child = spawn(process.execPath, ['scripts/start.js', '--port', '0', '--dir', state], {
    cwd: ROOT,
    env: { ...process.env, CLARITY_HITL_STATE_DIR: state, ...env },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  try {
    await until(() => /\/login\?code=\S+/.test(out), 'the login link', 30_000);
    const url = out.match(/http:\/\/127\.0\.0\.1:\d+\//)![0];
    const link = out.match(/http:\/\/127\.0\.0\.1:\d+\/login\?code=\S+/)![0];
    expect((await fetch(`${url}api/info`)).status).toBe(403);
    const login = await fetch(link, { redirect: 'manual' });
    expect(login.status).toBe(303);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const res = await fetch(`${url}api/info`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return out.split('\n');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(state, { recursive: true, force: true });
  }
}

describe('npm start without the desktop app', () => {
  it.skipIf(!!binary)(
    'says in one line why (no Electron runtime, or no display) and starts the headless broker, printing its URL',
    async () => {
      const lines = await startHeadless({});
      expect(lines[0]).toMatch(
        /^Electron runtime (not available \(.+\)|found, but no display \(.+\)); starting the headless broker with the web UI instead\.$/,
      );
    },
  );

  it('HITL_HEADLESS=1 starts the headless broker and says only that it was asked to', async () => {
    const lines = await startHeadless({ HITL_HEADLESS: '1' });
    expect(lines[0]).toBe('HITL_HEADLESS=1: starting the headless broker with the web UI.');
    expect(lines.join('\n')).not.toMatch(/Electron runtime/);
  });
});
