import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunStore } from '../../../../main/adapters/tool-server-lite/run-store';
import { Broker } from '../../../../main/broker/broker';
import { registerDesktopIpc } from '../../../../main/desktop/ipc/inbox-handlers';
import { IpcRouter } from '../../../../main/desktop/ipc/ipc-router';
import { createSenderCheck } from '../../../../main/desktop/ipc/sender-check';
import { SettingsStore } from '../../../../main/desktop/settings/settings-store';
import { FakeIpcMain } from '../fake-electron';

const INDEX = '/opt/HITL Broker/resources/app/out/renderer/index.html';
const OURS = pathToFileURL(INDEX).href;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hitl-ipc-unreadable-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

let lastBroker: Broker | undefined;

function setup(runs: RunStore | undefined = new RunStore()) {
  const ipc = new FakeIpcMain();
  const broker = new Broker();
  lastBroker = broker;
  const rejected: string[] = [];
  const router = new IpcRouter({
    ipc,
    isTrustedSender: createSenderCheck({ indexFile: INDEX }),
    onRejected: (channel, reason) => rejected.push(`${channel}: ${reason}`),
  });
  registerDesktopIpc(router, {
    broker,
    history: () => [],
    agentMessages: () => [],
    info: () => ({ version: '1', dirs: [], tokenRequired: false, url: 'http://127.0.0.1:7842/' }),
    settings: new SettingsStore({
      dir,
      createBackend: ({ cwd, name }) => {
        let store: Record<string, unknown> = {};
        return {
          path: join(cwd, `${name}.json`),
          get store() {
            return store;
          },
          set: (values: Record<string, unknown>) => (store = { ...store, ...values }),
        };
      },
    }),
    openExternal: () => {},
    hidePopover: () => {},
    openInWindow: () => {},
    ...(runs ? { runs } : {}),
  });
  return { ipc, rejected, runs };
}

describe('IPC unreadable channels', () => {
  it('unreadable:list and unreadable:dismiss answer from the broker; bad payloads name the field', async () => {
    const { ipc } = setup();
    const broker = lastBroker!;
    broker.unreadable.report({
      id: 'x',
      source: 'mcp',
      origin: 'POST /api/mcp/ask',
      reason: 'bad',
    });
    expect(await ipc.invoke('unreadable:list', undefined, OURS)).toMatchObject({
      ok: true,
      value: [{ id: 'x', source: 'mcp', count: 1 }],
    });
    expect(await ipc.invoke('unreadable:dismiss', { id: 'x' }, OURS)).toEqual({
      ok: true,
      value: [],
    });
    expect(await ipc.invoke('unreadable:dismiss', { id: 'x' }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'not_found', status: 404 },
    });
    expect(await ipc.invoke('unreadable:dismiss', { id: '' }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'invalid', status: 400, message: expect.stringMatching(/id/) },
    });
  });
});
