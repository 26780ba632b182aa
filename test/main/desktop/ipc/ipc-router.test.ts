import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_INVOKE_CHANNELS } from '@contract/ipc/channels';
import { Broker } from '../../../../main/broker/broker';
import { registerDesktopIpc } from '../../../../main/desktop/ipc/inbox-handlers';
import { createInboxOperations } from '../../../../main/operations/inbox-operations';
import { IpcRouter } from '../../../../main/desktop/ipc/ipc-router';
import { IPC_PAYLOAD_SCHEMAS } from '../../../../main/desktop/ipc/ipc-schemas';
import { createSenderCheck } from '../../../../main/desktop/ipc/sender-check';
import { SettingsStore } from '../../../../main/desktop/settings/settings-store';
import { RemoteBrokerStore } from '../../../../main/desktop/settings/remote-broker-store';
import { FakeIpcMain } from '../fake-electron';
import { PhoneSessions } from '../../../../main/http/pairing/phone-sessions';

const INDEX = '/opt/HITL Broker/resources/app/out/renderer/index.html';
const OURS = `${pathToFileURL(INDEX).href}#popover`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hitl-ipc-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
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

function setup(operatorName?: string) {
  const ipc = new FakeIpcMain();
  const broker = new Broker();
  const rejected: string[] = [];
  const router = new IpcRouter({
    ipc,
    isTrustedSender: createSenderCheck({ indexFile: INDEX }),
    onRejected: (channel, reason) => rejected.push(`${channel}: ${reason}`),
  });
  const deps = {
    operations: createInboxOperations({
      broker,
      history: () => broker.resolved(),
      agentMessages: () => [],
    }),
    info: () => ({ version: '1', dirs: [], tokenRequired: false, url: 'http://127.0.0.1:7842/' }),
    settings: new SettingsStore({ dir, createBackend: memoryBackend }),
    remoteBrokers: new RemoteBrokerStore(dir, undefined),
    openExternal: vi.fn(),
    hidePopover: vi.fn(),
    openInWindow: vi.fn(),
    phone: {
      phones: new PhoneSessions({ secret: 's'.repeat(43) }),
      publicUrl: () => undefined,
      ownUrl: () => 'http://127.0.0.1:7842/',
    },
    ...(operatorName ? { operatorName } : {}),
  };
  registerDesktopIpc(router, deps);
  return { ipc, broker, router, rejected, deps };
}

describe('IPC router', () => {
  it('registers exactly the channels of the contract, each with a schema', () => {
    const { router, ipc } = setup();
    expect(router.registered().sort()).toEqual([...IPC_INVOKE_CHANNELS].sort());
    expect(Object.keys(IPC_PAYLOAD_SCHEMAS).sort()).toEqual([...IPC_INVOKE_CHANNELS].sort());
    router.dispose();
    expect(ipc.handlers.size).toBe(0);
  });

  it('records the operator name given (team mode) on answers and cancels, none without it', async () => {
    const team = setup('alice');
    const a = team.broker.add({ source: 'clarity-http', key: 'a', prompt: 'A?' });
    const b = team.broker.add({ source: 'clarity-http', key: 'b', prompt: 'B?' });
    await team.ipc.invoke('inbox:answer', { id: a.id, input: { text: 'yes' } }, OURS);
    await team.ipc.invoke('inbox:cancel', { id: b.id, reason: 'no' }, OURS);
    expect(team.broker.resolved().map((r) => r.operator)).toEqual(['alice', 'alice']);
    const solo = setup();
    const c = solo.broker.add({ source: 'clarity-http', key: 'c', prompt: 'C?' });
    await solo.ipc.invoke('inbox:answer', { id: c.id, input: { text: 'yes' } }, OURS);
    expect(solo.broker.resolved()[0]).not.toHaveProperty('operator');
  });

  it('answers our own renderer: list, answer (with meta stripped), history search', async () => {
    const { ipc, broker } = setup();
    const r = broker.add({
      source: 'clarity-file',
      key: 'deploy',
      prompt: 'Ship it?',
      meta: { file: '/secret' },
    });
    const listed = (await ipc.invoke('inbox:list-pending', {}, OURS)) as {
      ok: true;
      value: { requests: object[]; total: number };
    };
    expect(listed.ok).toBe(true);
    expect(listed.value.total).toBe(1);
    expect(listed.value.requests[0]).not.toHaveProperty('meta');
    const answered = await ipc.invoke('inbox:answer', { id: r.id, input: { text: 'yes' } }, OURS);
    expect(answered).toMatchObject({
      ok: true,
      value: { request: { status: 'answered', answer: { text: 'yes' } } },
    });
    expect(await ipc.invoke('inbox:history', { q: 'SHIP' }, OURS)).toMatchObject({
      ok: true,
      value: { requests: [{ key: 'deploy' }] },
    });
    expect(await ipc.invoke('inbox:history', { q: 'nothing' }, OURS)).toEqual({
      ok: true,
      value: { requests: [] },
    });
  });

  it('lists only the first page when asked for a limit (the newest, or the top of the inbox order), with the total', async () => {
    const { ipc, broker } = setup();
    ['one', 'two', 'three'].forEach((key, i) =>
      broker.add({ source: 'clarity-http', key, prompt: key, createdAt: 1_000 + i }),
    );
    const page = (await ipc.invoke('inbox:list-pending', { limit: 2 }, OURS)) as {
      value: { requests: { key: string }[]; total: number; seq: number };
    };
    expect(page.value.requests.map((r) => r.key)).toEqual(['two', 'three']);
    expect(page.value).toMatchObject({ total: 3, seq: broker.lastSeq });
    broker.add({
      source: 'clarity-http',
      key: 'due',
      prompt: 'due',
      createdAt: 2_000,
      expiresAt: Date.now() + 60_000,
    });
    const urgent = (await ipc.invoke(
      'inbox:list-pending',
      { limit: 2, order: 'urgent' },
      OURS,
    )) as {
      value: { requests: { key: string }[]; total: number };
    };
    expect(urgent.value.requests.map((r) => r.key)).toEqual(['due', 'one']);
    expect(urgent.value.total).toBe(4);
    expect(
      await ipc.invoke('inbox:list-pending', { limit: 2, order: 'later' }, OURS),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
    expect(await ipc.invoke('inbox:list-pending', { limit: 0 }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
  });

  it('refuses foreign senders before touching the broker', async () => {
    const { ipc, broker, rejected } = setup();
    const r = broker.add({ source: 'clarity-file', key: 'k', prompt: 'p' });
    for (const url of [
      'https://evil.example/',
      'file:///tmp/evil.html',
      'file://host/opt/x/index.html',
      undefined,
      'not a url',
    ]) {
      const result = await ipc.invoke('inbox:answer', { id: r.id, input: { text: 'pwned' } }, url);
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden', status: 403 } });
    }
    expect(broker.get(r.id)?.status).toBe('pending');
    expect(rejected).toHaveLength(5);
  });

  it('rejects bad payloads naming the field, and main keeps going', async () => {
    const { ipc, broker } = setup();
    const r = broker.add({ source: 'clarity-file', key: 'k', prompt: 'p' });
    expect(await ipc.invoke('inbox:answer', { id: r.id, input: {} }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'invalid', status: 400, message: expect.stringContaining('input') },
    });
    expect(
      await ipc.invoke('inbox:answer', { id: r.id, input: { text: 'x' }, extra: 1 }, OURS),
    ).toMatchObject({
      error: { message: expect.stringContaining('extra') },
    });
    expect(await ipc.invoke('inbox:history', { limit: 'all' }, OURS)).toMatchObject({
      error: { message: expect.stringContaining('limit') },
    });
    expect(await ipc.invoke('inbox:list-pending', { sneaky: true }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
    expect(await ipc.invoke('settings:update', { port: -1 }, OURS)).toMatchObject({
      error: { message: expect.stringContaining('port') },
    });
    expect(broker.get(r.id)?.status).toBe('pending');
    expect(
      await ipc.invoke('inbox:answer', { id: r.id, input: { text: 'fine' } }, OURS),
    ).toMatchObject({ ok: true });
  });

  it('maps broker errors to codes: unknown id 404, second answer 409', async () => {
    const { ipc, broker } = setup();
    const r = broker.add({ source: 'clarity-file', key: 'k', prompt: 'p' });
    expect(
      await ipc.invoke('inbox:answer', { id: 'nope', input: { text: 'x' } }, OURS),
    ).toMatchObject({ error: { code: 'not_found', status: 404 } });
    broker.answer(r.id, { text: 'from terminal' }, 'cli');
    expect(await ipc.invoke('inbox:cancel', { id: r.id }, OURS)).toMatchObject({
      error: { code: 'already_resolved', status: 409 },
    });
  });

  it('opens only http(s) links externally', async () => {
    const { ipc, deps } = setup();
    expect(
      await ipc.invoke('shell:open-external', { url: 'https://example.com/docs' }, OURS),
    ).toEqual({ ok: true, value: null });
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'smb://host/share',
      'https://user:pw@example.com/',
    ]) {
      expect(await ipc.invoke('shell:open-external', { url }, OURS)).toMatchObject({
        ok: false,
        error: { code: 'invalid' },
      });
    }
    expect(deps.openExternal).toHaveBeenCalledTimes(1);
    expect(deps.openExternal).toHaveBeenCalledWith('https://example.com/docs');
  });

  it('updates settings and lists files only inside a file-pick root', async () => {
    const { ipc, broker } = setup();
    expect(await ipc.invoke('settings:update', { doNotDisturb: true }, OURS)).toMatchObject({
      ok: true,
      value: { doNotDisturb: true },
    });
    await writeFile(join(dir, 'a.csv'), 'x');
    const f = broker.add({
      source: 'clarity-http',
      key: 'f',
      prompt: 'pick',
      input: { kind: 'file', root: dir, pattern: '*.csv' },
    });
    expect(await ipc.invoke('inbox:list-files', { id: f.id }, OURS)).toEqual({
      ok: true,
      value: { files: ['a.csv'], truncated: false },
    });
    const t = broker.add({ source: 'clarity-http', key: 't', prompt: 'text' });
    expect(await ipc.invoke('inbox:list-files', { id: t.id }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
  });

  it('accepts the dev server origin only when configured', () => {
    const dev = createSenderCheck({ devUrl: 'http://localhost:5173' });
    expect(dev('http://localhost:5173/#popover')).toBe(true);
    expect(dev('http://localhost:5174/')).toBe(false);
    expect(dev(OURS)).toBe(false);
    expect(createSenderCheck({ indexFile: INDEX })('http://localhost:5173/')).toBe(false);
  });
});
