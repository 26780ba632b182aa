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
  dir = await mkdtemp(join(tmpdir(), 'hitl-ipc-runs-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup(runs: RunStore | undefined = new RunStore()) {
  const ipc = new FakeIpcMain();
  const broker = new Broker();
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

describe('IPC run channels', () => {
  it('runs:list and runs:get answer our renderer from the run store', async () => {
    const { ipc, runs } = setup();
    const run = runs!.start({ command: ['node', 'agent.js'] });
    runs!.append(run.id, [{ kind: 'text', text: 'hello' }]);
    expect(await ipc.invoke('runs:list', undefined, OURS)).toMatchObject({
      ok: true,
      value: [{ id: run.id, entryCount: 1 }],
    });
    expect(await ipc.invoke('runs:get', { id: run.id }, OURS)).toMatchObject({
      ok: true,
      value: { run: { id: run.id }, entries: [{ kind: 'text', text: 'hello', n: 0 }] },
    });
  });

  it('rejects bad payloads naming the field, unknown runs with 404, and foreign senders', async () => {
    const { ipc, rejected } = setup();
    for (const bad of [undefined, {}, { id: '' }, { id: 7 }, { id: 'r', extra: 1 }]) {
      const result = await ipc.invoke('runs:get', bad, OURS);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid', status: 400 } });
    }
    expect(
      ((await ipc.invoke('runs:get', { id: 7 }, OURS)) as { error: { message: string } }).error
        .message,
    ).toContain('id');
    expect(await ipc.invoke('runs:list', { surprise: true }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'invalid', status: 400 },
    });
    expect(await ipc.invoke('runs:get', { id: 'run-nope' }, OURS)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no run with id run-nope', status: 404 },
    });
    expect(await ipc.invoke('runs:list', undefined, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { code: 'forbidden', status: 403 },
    });
    expect(rejected.some((r) => r.startsWith('runs:list: refused'))).toBe(true);
  });

  it('without a run store, lists none and finds none', async () => {
    const { ipc } = setup(undefined);
    expect(await ipc.invoke('runs:list', undefined, OURS)).toEqual({ ok: true, value: [] });
    expect(await ipc.invoke('runs:get', { id: 'r' }, OURS)).toMatchObject({
      ok: false,
      error: { status: 404 },
    });
  });
});
