/// <reference lib="dom" />
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ElectronApplication, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screenshot, until } from '../web/harness';
import {
  ROOT,
  closeIfRunning,
  desktopDirs,
  desktopEnv,
  electronBinary,
  hook,
  launchDesktop,
  type DesktopDirs,
} from './electron-launch';

// The operator's path in the real Electron runtime: tray, native notification, popover, single
// instance, start at login, quit. The tray and notifications are observed and clicked through
// the HITL_TEST_HOOKS hooks, since native ones cannot be driven from outside the process.
const { binary, reason } = electronBinary();
if (!binary) console.warn(`SKIP operator-path Electron tests: ${reason}. They run in CI (ci.yml).`);

let dirs: DesktopDirs;
const running: ElectronApplication[] = [];
beforeEach(async () => {
  dirs = await desktopDirs();
});
afterEach(async () => {
  for (const app of running.splice(0)) await closeIfRunning(app);
  await dirs.remove();
});

async function launch(options: { hidden?: boolean } = {}) {
  const launched = await launchDesktop(binary!, dirs, options);
  running.push(launched.app);
  return launched;
}

const ask = (name: string, question: string) =>
  writeFile(path.join(dirs.handshake, `${name}.question`), JSON.stringify({ key: name, question }));

const tooltip = async (app: ElectronApplication) => (await hook(app, 'tray')).tooltip;

/** The popover window, once it is open and visible. */
async function popover(app: ElectronApplication): Promise<Page> {
  const page = await until(
    () => app.windows().find((w) => w.url().includes('#popover')),
    'the popover window',
  );
  await until(
    () =>
      app.evaluate(({ BrowserWindow }) =>
        BrowserWindow.getAllWindows().some(
          (w) => w.isVisible() && w.webContents.getURL().includes('#popover'),
        ),
      ),
    'the popover shown',
  );
  return page;
}

describe.skipIf(!binary)('the operator in the real desktop app (Electron)', () => {
  it('a question: tray count, a native notification; its click opens the popover; a quick reply answers', async () => {
    // Started as at login (tray only), so no main window competes with the popover for focus.
    const { app } = await launch({ hidden: true });
    await until(async () => (await tooltip(app)) === 'HITL Broker: nothing pending', 'idle tray');
    expect((await hook(app, 'tray')).image).toBe('idle');

    await ask('deploy', 'Deploy v2 to production now?');
    await until(async () => (await tooltip(app)) === 'HITL Broker: 1 pending', 'tray count');
    const tray = await hook(app, 'tray');
    expect(tray.image).toBe('pending');
    if (process.platform !== 'win32') expect(tray.title).toBe('1');
    expect(tray.menu.map((i) => i.label)).toContainEqual(
      expect.stringContaining('Deploy v2 to production now?'),
    );

    const supported = await app.evaluate(({ Notification }) => Notification.isSupported());
    if (supported) {
      const [notice] = await until(async () => {
        const all = await hook(app, 'notifications');
        return all.length > 0 ? all : undefined;
      }, 'the native notification');
      expect(notice!.body).toContain('Deploy v2 to production now?');
      expect(notice!.shown).toBe(true);
      await hook(app, 'clickNotification', 0);
    } else {
      console.warn(
        'native notifications are not supported here: opening the popover from the tray',
      );
      await hook(app, 'clickTray');
    }

    const page = await popover(app);
    await until(
      async () => (await page.locator('#popover-title').textContent())?.includes('Deploy v2'),
      'the question in the popover',
    );
    const reply = page.locator('[data-answer-focus]').first();
    await reply.fill('Yes, after the 14:00 freeze ends');
    await screenshot(page, 'electron-popover-quick-reply');
    await reply.press('Enter');
    const answer = path.join(dirs.handshake, 'deploy.answer');
    await until(() => existsSync(answer), 'the .answer file');
    expect(await readFile(answer, 'utf8')).toBe('Yes, after the 14:00 freeze ends');
    await until(
      async () => (await tooltip(app)) === 'HITL Broker: nothing pending',
      'tray cleared',
    );
    if (supported) expect((await hook(app, 'notifications'))[0]!.closed).toBe(true);
  });

  it('single instance: a second launch exits at once and the running app shows its window', async () => {
    const { app } = await launch();
    await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().forEach((w) => w.hide()),
    );
    const second = spawn(binary!, [ROOT], { cwd: ROOT, env: desktopEnv(dirs), stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(0);
    await until(
      () =>
        app.evaluate(({ BrowserWindow }) =>
          BrowserWindow.getAllWindows().some(
            (w) => w.isVisible() && !w.webContents.getURL().includes('#popover'),
          ),
        ),
      "the first instance's main window shown again",
    );
  });

  it('start at login, toggled from the tray menu, reaches the settings and the OS, and back off', async () => {
    const { app } = await launch();
    const settingsFile = path.join(dirs.state, 'settings.json');
    const setting = async () =>
      (JSON.parse(await readFile(settingsFile, 'utf8')) as { startAtLogin: boolean }).startAtLogin;
    const checked = async () =>
      (await hook(app, 'tray')).menu.find((i) => i.id === 'start-at-login')?.checked;
    const autostartFile = path.join(dirs.config, 'autostart', 'hitl-broker.desktop');
    const osSays = () =>
      process.platform === 'linux'
        ? Promise.resolve(existsSync(autostartFile))
        : app.evaluate(({ app: a }) => a.getLoginItemSettings().openAtLogin);

    expect(await checked()).toBe(false);
    await hook(app, 'clickMenuItem', 'start-at-login');
    await until(async () => (await setting()) === true, 'startAtLogin saved');
    expect(await checked()).toBe(true);
    // macOS asks the user to approve login items of an unsigned development build: not checked there.
    if (process.platform !== 'darwin') expect(await osSays()).toBe(true);
    if (process.platform === 'linux')
      expect(await readFile(autostartFile, 'utf8')).toMatch(/^Exec=.+$/m);

    await hook(app, 'clickMenuItem', 'start-at-login');
    await until(async () => (await setting()) === false, 'startAtLogin off');
    expect(await checked()).toBe(false);
    if (process.platform !== 'darwin') expect(await osSays()).toBe(false);
  });

  it('quit with a request pending: the app exits cleanly, nothing is answered, and it is pending again after a relaunch', async () => {
    const first = await launch();
    await ask('schema', 'Drop the legacy_users table?');
    await until(async () => (await tooltip(first.app)) === 'HITL Broker: 1 pending', 'pending');
    const exited = new Promise<number | null>((resolve) =>
      first.app.process().once('exit', (code) => resolve(code)),
    );
    // The app may be gone before the call returns.
    await hook(first.app, 'clickMenuItem', 'quit').catch(() => undefined);
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dirs.handshake, 'schema.answer'))).toBe(false);
    expect(existsSync(path.join(dirs.handshake, 'schema.question'))).toBe(true);

    const again = await launch();
    await until(
      async () => (await tooltip(again.app)) === 'HITL Broker: 1 pending',
      'pending again',
    );
    await until(
      () => again.window!.getByText('Drop the legacy_users table?').first().isVisible(),
      'the question in the window',
    );
  });
});
