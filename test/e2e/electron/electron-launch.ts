import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import type { TestHooks } from '../../../main/desktop/test-hooks';
import { until } from '../web/harness';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The Electron binary from the npm package, or why there is none (offline machines never get it). */
export function electronBinary(): { binary?: string; reason?: string } {
  try {
    const binary = createRequire(import.meta.url)('electron') as unknown;
    if (typeof binary === 'string' && existsSync(binary)) return { binary };
    return { reason: 'the electron package has no binary' };
  } catch (error) {
    return { reason: `the Electron binary is not installed (${String(error).split('\n')[0]})` };
  }
}

/** Temp dirs of one installed copy: Electron user data, broker state, handshake dir, XDG config. */
export interface DesktopDirs {
  userData: string;
  state: string;
  handshake: string;
  config: string;
  remove(): Promise<void>;
}

/** Fresh dirs, with settings for a test run: any free port, notifications on and silent. */
export async function desktopDirs(): Promise<DesktopDirs> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'hitl-electron-'));
  const dirs = ['user-data', 'state', 'handshake', 'config'].map((d) => path.join(base, d));
  for (const dir of dirs) await mkdir(dir, { recursive: true });
  const [userData, state, handshake, config] = dirs as [string, string, string, string];
  await writeFile(
    path.join(state, 'settings.json'),
    JSON.stringify({ port: 0, notifications: true, sound: false, autoUpdate: false }),
  );
  return {
    userData,
    state,
    handshake,
    config,
    remove: () => rm(base, { recursive: true, force: true }),
  };
}

/** The environment the app runs with: these dirs, and the test hooks on. */
export function desktopEnv(dirs: DesktopDirs): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    HITL_USER_DATA_DIR: dirs.userData,
    CLARITY_HITL_STATE_DIR: dirs.state,
    CLARITY_HITL_DIR: dirs.handshake,
    // Linux start-at-login writes its XDG autostart entry here, not in the runner's home.
    XDG_CONFIG_HOME: dirs.config,
    HITL_TEST_HOOKS: '1',
    ELECTRON_ENABLE_LOGGING: '1',
  };
}

/**
 * The built app (out/) in the real Electron runtime, its main window open; with `hidden`, started
 * as at login (`--hidden`): only the tray, no window (none is returned).
 */
export async function launchDesktop(
  binary: string,
  dirs: DesktopDirs,
  options: { hidden?: boolean } = {},
): Promise<{ app: ElectronApplication; window: Page | undefined }> {
  const app = await electron.launch({
    executablePath: binary,
    args: options.hidden ? [ROOT, '--hidden'] : [ROOT],
    cwd: ROOT,
    env: desktopEnv(dirs),
  });
  let window: Page | undefined;
  if (!options.hidden) {
    window = await app.firstWindow();
    await window.waitForLoadState('domcontentloaded');
  }
  await until(
    () => app.evaluate(() => (globalThis as { __hitlTest?: unknown }).__hitlTest !== undefined),
    'the test hooks in the main process',
  );
  return { app, window };
}

/** Calls one of the main process's test hooks (main/desktop/test-hooks.ts). */
export function hook<K extends keyof TestHooks>(
  app: ElectronApplication,
  name: K,
  ...args: Parameters<TestHooks[K]>
): Promise<ReturnType<TestHooks[K]>> {
  return app.evaluate(
    (_electron, [n, a]) => {
      const hooks = (
        globalThis as unknown as { __hitlTest: Record<string, (...x: unknown[]) => unknown> }
      ).__hitlTest;
      return hooks[n as string]!(...(a as unknown[]));
    },
    [name, args] as const,
  ) as Promise<ReturnType<TestHooks[K]>>;
}

/** Closes the app if it is still running. */
export async function closeIfRunning(app: ElectronApplication): Promise<void> {
  if (app.process().exitCode === null && app.process().signalCode === null) await app.close();
}
