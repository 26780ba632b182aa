import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DesktopApp } from '../../../../main/desktop/desktop-app';
import { createSenderCheck } from '../../../../main/desktop/ipc/sender-check';
import { startBrokerService } from '../../../../main/service/broker-service';
import { waitFor } from '../../../support/wait-for';
import {
  FakeIpcMain,
  FakeNotificationApi,
  FakeScreen,
  FakeTray,
  FakeWindow,
  display,
} from '../fake-electron';
import { FakeUpdateSource } from './fake-update-source';

// electron-store imports `electron` at load; outside Electron an empty stand-in is enough.
vi.mock('electron', () => ({ default: {} }));
const { default: ElectronStore } = await import('electron-store');

let stateDir: string;
let desktop: DesktopApp | undefined;
beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'hitl-desktop-updates-'));
});
afterEach(async () => {
  await desktop?.shutdown();
  await rm(stateDir, { recursive: true, force: true });
});

async function start(source: FakeUpdateSource) {
  const tray = new FakeTray();
  const notifications = new FakeNotificationApi();
  const popovers: FakeWindow[] = [];
  let loads = 0;
  desktop = new DesktopApp({
    app: {
      requestSingleInstanceLock: () => true,
      onSecondInstance: () => {},
      quit: () => {},
      getLocale: () => 'en-US',
    },
    platform: 'linux',
    stateDir,
    ipc: new FakeIpcMain(),
    isTrustedSender: createSenderCheck({ indexFile: '/app/index.html' }),
    screen: new FakeScreen([display(0, 0, 1920, 1080)]),
    notifications,
    loginItems: { getOpenAtLogin: () => false, setOpenAtLogin: () => {} },
    createTray: () => tray,
    createMainWindow: () => new FakeWindow(),
    createPopoverWindow: () => {
      popovers.push(new FakeWindow());
      return popovers.at(-1)!;
    },
    openExternal: () => {},
    createSettingsBackend: (o) => new ElectronStore(o) as never,
    startService: (o) => startBrokerService({ ...o, port: 0, rendererDir: null }),
    updater: {
      load: async () => (loads++, source),
      firstCheckDelayMs: 5,
      intervalMs: 60_000,
    },
  });
  await desktop.start();
  return { app: desktop, tray, notifications, popovers, loads: () => loads };
}

const updateItem = (tray: FakeTray) => tray.menu.find((i) => i.id === 'install-update');

describe('auto-update in the desktop app', () => {
  it('checks in the background and offers the downloaded update in the tray menu and tooltip', async () => {
    const source = FakeUpdateSource.finding('0.2.0');
    const { tray } = await start(source);
    expect(updateItem(tray)).toBeUndefined();
    await waitFor(() => updateItem(tray), 'the tray update item');
    expect(updateItem(tray)!.label).toBe('Update 0.2.0 ready — restart to install');
    expect(tray.tooltip).toBe(
      'HITL Broker: nothing pending\nUpdate 0.2.0 ready — restart to install',
    );
    tray.clickItem('install-update');
    expect(source.installs).toBe(1);
  });

  it('never restarts while a request is pending or the popover is open: it says it installs on quit', async () => {
    const source = FakeUpdateSource.finding('0.2.0');
    const { app, tray, notifications, popovers } = await start(source);
    await waitFor(() => updateItem(tray), 'the tray update item');
    const request = app.service!.broker.add({ source: 'cueme', key: 'k', prompt: 'Ship it?' });
    tray.clickItem('install-update');
    expect(source.installs).toBe(0);
    expect(source.installOnQuit).toBe(true);
    expect(notifications.created.at(-1)!.options.body).toBe(
      'Update 0.2.0 was not installed now (1 request is pending). It installs when you quit HITL Broker.',
    );

    app.service!.broker.answer(request.id, { text: 'yes' }, 'ui');
    app.popover!.show();
    expect(popovers[0]!.visible).toBe(true);
    tray.clickItem('install-update');
    expect(source.installs).toBe(0);
    expect(notifications.created.at(-1)!.options.body).toMatch(/answering in the popover/);

    app.popover!.hide();
    tray.clickItem('install-update');
    expect(source.installs).toBe(1);
  });

  it('turned off in the settings: the tray offers nothing and nothing installs on quit', async () => {
    const source = FakeUpdateSource.finding('0.2.0');
    const { app, tray } = await start(source);
    await waitFor(() => updateItem(tray), 'the tray update item');
    app.settings!.update({ autoUpdate: false });
    expect(updateItem(tray)).toBeUndefined();
    expect(tray.tooltip).toBe('HITL Broker: nothing pending');
    expect(source.installOnQuit).toBe(false);
  });

  it('off from the start: the updater is never even loaded', async () => {
    const source = FakeUpdateSource.finding('0.2.0');
    const first = await start(source);
    first.app.settings!.update({ autoUpdate: false });
    await first.app.shutdown();
    const second = await start(source);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.loads()).toBe(0);
    expect(updateItem(second.tray)).toBeUndefined();
  });
});
