import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuleStore } from '../../../../main/adapters/coding-agents/rule-store';
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
  dir = await mkdtemp(join(tmpdir(), 'hitl-ipc-rules-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup(rules = new RuleStore(null)) {
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
    rules,
  });
  return { ipc, rejected, rules };
}

describe('IPC rules channels', () => {
  it('rules:list and rules:revoke serve the same rules as GET /api/rules and POST /api/rules/{id}/revoke', async () => {
    const { ipc, rules } = setup();
    const rule = rules.add({
      agent: 'codex',
      tool: 'Bash',
      project: '/p',
      commandPrefix: 'cargo build',
    });
    expect(await ipc.invoke('rules:list', undefined, OURS)).toMatchObject({
      ok: true,
      value: [{ id: rule.id, commandPrefix: 'cargo build', hits: 0 }],
    });
    expect(await ipc.invoke('rules:revoke', { id: rule.id }, OURS)).toMatchObject({
      ok: true,
      value: { id: rule.id },
    });
    expect(rules.list()).toEqual([]);
    expect(await ipc.invoke('rules:revoke', { id: rule.id }, OURS)).toEqual({
      ok: false,
      error: { code: 'not_found', message: `no rule ${rule.id}`, status: 404 },
    });
    expect(await ipc.invoke('rules:revoke', { id: '' }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'invalid', status: 400 },
    });
    expect(await ipc.invoke('rules:list', undefined, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { code: 'forbidden', status: 403 },
    });
  });
});
