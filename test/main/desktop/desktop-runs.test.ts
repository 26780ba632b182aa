import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunUpdated } from '@contract/run-schemas';
import { DesktopApp } from '../../../main/desktop/desktop-app';
import { createSenderCheck } from '../../../main/desktop/ipc/sender-check';
import { startBrokerService } from '../../../main/service/broker-service';
import {
  FakeIpcMain,
  FakeNotificationApi,
  FakeScreen,
  FakeTray,
  FakeWindow,
  display,
} from './fake-electron';
import { waitFor } from '../../support/wait-for';

const INDEX = '/app/out/renderer/index.html';
const OURS = pathToFileURL(INDEX).href;

let stateDir: string;
let desktop: DesktopApp | undefined;
beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'hitl-desktop-runs-'));
});
afterEach(async () => {
  await desktop?.shutdown();
  desktop = undefined;
  await rm(stateDir, { recursive: true, force: true });
});

function memoryBackend(options: { cwd: string; name: string }) {
  let store: Record<string, unknown> = {};
  return {
    path: join(options.cwd, `${options.name}.json`),
    get store() {
      return store;
    },
    set(values: Record<string, unknown>) {
      store = { ...store, ...values };
    },
  };
}

describe('DesktopApp agent runs', () => {
  it('a run reported over HTTP reaches open windows as runs:updated and the runs:* channels', async () => {
    const ipc = new FakeIpcMain();
    const mainWindow = new FakeWindow();
    desktop = new DesktopApp({
      app: {
        requestSingleInstanceLock: () => true,
        onSecondInstance: () => {},
        quit: () => {},
        getLocale: () => 'en-US',
      },
      platform: 'linux',
      stateDir,
      ipc,
      isTrustedSender: createSenderCheck({ indexFile: INDEX }),
      screen: new FakeScreen([display(0, 0, 1920, 1080, 32)]),
      notifications: new FakeNotificationApi(),
      loginItems: { getOpenAtLogin: () => false, setOpenAtLogin: () => {} },
      createTray: () => new FakeTray(),
      createMainWindow: () => mainWindow,
      createPopoverWindow: () => new FakeWindow(),
      openExternal: () => {},
      createSettingsBackend: memoryBackend as never,
      startService: (o) => startBrokerService({ ...o, port: 0, rendererDir: null }),
    });
    expect(await desktop.start()).toBe(true);
    desktop.openMainWindow();
    const url = desktop.service!.url;

    const res = await fetch(new URL('api/runs', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ command: ['node', 'agent.js'] }),
    });
    const { id } = (await res.json()) as { id: string };
    await fetch(new URL(`api/runs/${id}/events`, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entries: [{ kind: 'text', text: 'hello' }] }),
    });
    const updates = () =>
      mainWindow.sent
        .filter((s) => s.channel === 'runs:updated')
        .map((s) => s.payload as RunUpdated);
    await waitFor(() => updates().length === 2, 'two runs:updated');
    expect(updates()[1]).toMatchObject({
      run: { id, entryCount: 1 },
      entries: [{ kind: 'text', text: 'hello', n: 0 }],
    });
    expect(await ipc.invoke('runs:get', { id }, OURS)).toMatchObject({
      ok: true,
      value: { run: { id }, entries: [{ text: 'hello' }] },
    });

    await desktop.shutdown();
    const sent = mainWindow.sent.length;
    desktop.service!.runs.start({ command: ['late'] });
    expect(mainWindow.sent).toHaveLength(sent); // unsubscribed on shutdown
  });
});
