import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DesktopApp, type DesktopAppDeps } from '../../../main/desktop/desktop-app';
import type { AppApi, LoginItemApi } from '../../../main/desktop/electron-api';
import type { RemoteBrokerTarget } from '../../../main/desktop/attach/remote-broker';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import {
  FakeIpcMain,
  FakeNotificationApi,
  FakeScreen,
  FakeTray,
  FakeWindow,
  display,
} from './fake-electron';
import { waitFor } from '../../support/wait-for';
import { writeDiscovery } from '../../../main/service/discovery';
import { ensureOperatorSecret } from '../../../main/service/operator-secret';

// electron-store imports `electron` at load; outside Electron an empty stand-in is enough.
vi.mock('electron', () => ({ default: {} }));
const { default: ElectronStore } = await import('electron-store');

const fakeApp = (): AppApi => ({
  requestSingleInstanceLock: () => true,
  onSecondInstance: () => {},
  quit: () => {},
  getLocale: () => 'en-US',
});
const loginItems: LoginItemApi = { getOpenAtLogin: () => false, setOpenAtLogin: () => {} };

let stateDir: string;
let running: BrokerService | undefined;
let desktop: DesktopApp | undefined;
beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'hitl-attach-'));
});
afterEach(async () => {
  await desktop?.shutdown();
  await running?.close();
  desktop = running = undefined;
  await rm(stateDir, { recursive: true, force: true });
});

function build(extra: Partial<DesktopAppDeps> = {}) {
  const tray = new FakeTray();
  const notifications = new FakeNotificationApi();
  const mainWindows: { window: FakeWindow; attachedTo?: RemoteBrokerTarget }[] = [];
  const startService = vi.fn((o: Parameters<DesktopAppDeps['startService']>[0]) =>
    startBrokerService({ ...o, port: 0, rendererDir: null }),
  );
  const deps: DesktopAppDeps = {
    app: fakeApp(),
    platform: 'linux',
    stateDir,
    ipc: new FakeIpcMain(),
    isTrustedSender: () => false,
    screen: new FakeScreen([display(0, 0, 1920, 1080, 32)]),
    notifications,
    loginItems,
    createTray: () => tray,
    createMainWindow: (attachedTo) => {
      const window = new FakeWindow();
      mainWindows.push({ window, attachedTo });
      return window;
    },
    createPopoverWindow: () => new FakeWindow(),
    openExternal: () => {},
    createSettingsBackend: (o) => new ElectronStore(o) as never,
    startService,
    ...extra,
  };
  desktop = new DesktopApp(deps);
  return { desktop, tray, notifications, mainWindows, startService };
}

describe('DesktopApp attached to a broker already running here', () => {
  it('follows it over HTTP + SSE (tray, notifications, window) and leaves it running on quit', async () => {
    // `clarity-hitl serve` with a token, writing <stateDir>/broker.json.
    running = await startBrokerService({
      port: 0,
      token: 'sekrit',
      stateDir,
      dirs: [],
      rendererDir: null,
    });
    const before = running.broker.add({ source: 'clarity-http', key: 'a', prompt: 'Deploy?' });
    const { desktop, tray, notifications, mainWindows, startService } = build();

    expect(await desktop.start()).toBe(true);
    expect(startService).not.toHaveBeenCalled();
    expect(desktop.service).toBeUndefined();
    // The same user's broker: the desktop is its operator (the state dir's operator secret), not
    // an agent holding the token.
    const operatorSecret = running.server.context.operatorSecret;
    expect(desktop.attachedTo).toEqual({ url: running.url, token: operatorSecret });
    await waitFor(() => tray.title === '1', 'tray count from the snapshot');
    expect(notifications.created.map((n) => n.options.body)).toEqual(['Deploy?']);

    running.broker.add({ source: 'clarity-http', key: 'b', prompt: 'Merge?' });
    await waitFor(() => tray.title === '2', 'tray count from a live event');
    expect(notifications.created.map((n) => n.options.body)).toEqual(['Deploy?', 'Merge?']);

    // A notification's reply answers on the running broker.
    notifications.created[0]!.emit('reply', 'ship it');
    await waitFor(() => running!.broker.get(before.id)?.status === 'answered', 'answered');
    expect(running.broker.get(before.id)?.answer?.text).toBe('ship it');
    await waitFor(() => tray.title === '1', 'tray recount');
    expect(notifications.created[0]!.closed).toBe(true);

    // The main window opens on that broker's web inbox.
    desktop.openMainWindow();
    expect(mainWindows[0]!.attachedTo?.url).toBe(running.url);

    await desktop.shutdown();
    const info = await fetch(`${running.url}api/info`, {
      headers: { authorization: `Bearer ${operatorSecret}` },
    });
    expect(info.status).toBe(200);
    expect(running.broker.pending()).toHaveLength(1);
  });

  it('starts its own broker when none runs, and its main window is the app renderer', async () => {
    const logs: string[] = [];
    const { desktop, mainWindows, startService } = build({ log: (m) => logs.push(m) });
    expect(await desktop.start()).toBe(true);
    // `npm start` prints a one-time login link to the web inbox, as `serve` does.
    const link = logs.join('\n').match(/login link, works once\): (\S+)/)?.[1];
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/login\?code=/);
    const first = await fetch(link!, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect((await fetch(link!, { redirect: 'manual' })).status).toBe(401);
    expect(startService).toHaveBeenCalledOnce();
    expect(desktop.attachedTo).toBeUndefined();
    expect(desktop.service?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    desktop.openMainWindow();
    expect(mainWindows[0]!.attachedTo).toBeUndefined();
  });

  it("never sends the operator secret to a squatter on a stale discovery file's port: starts its own", async () => {
    // A broker that crashed left broker.json; its pid now belongs to a live process (ours), and
    // someone else listens on its port, answering everything with 200.
    const secret = ensureOperatorSecret(stateDir);
    const seen: string[] = [];
    const squatter = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      res.setHeader('content-type', 'application/json');
      res.end('{"requests":[],"seq":0,"total":0,"proof":"x"}');
    });
    await new Promise<void>((r) => squatter.listen(0, '127.0.0.1', r));
    const port = (squatter.address() as AddressInfo).port;
    writeDiscovery(stateDir, { url: `http://127.0.0.1:${port}/`, port, pid: process.pid });
    try {
      const { desktop, startService } = build();
      expect(await desktop.start()).toBe(true);
      expect(desktop.attachedTo).toBeUndefined();
      expect(startService).toHaveBeenCalledOnce();
      expect(seen.join('\n')).not.toContain(secret);
      expect(seen.every((line) => line.startsWith('POST /api/hooks/hello'))).toBe(true);
    } finally {
      squatter.closeAllConnections();
      await new Promise((r) => squatter.close(r));
    }
  });

  describe('DesktopApp launch flags', () => {
    it('`npm start -- --port 7900` asks its broker for that port over the saved one', async () => {
      const { desktop, startService } = build({ port: 7900 });
      await desktop.start();
      expect(startService.mock.calls[0]![0].port).toBe(7900);
    });
  });
});
