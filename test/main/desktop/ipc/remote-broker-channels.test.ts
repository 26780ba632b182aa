import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerRemoteBrokerIpc } from '../../../../main/desktop/ipc/remote-broker-handlers';
import { IpcRouter } from '../../../../main/desktop/ipc/ipc-router';
import { createSenderCheck } from '../../../../main/desktop/ipc/sender-check';
import {
  REMOTE_BROKERS_FILE,
  RemoteBrokerStore,
  type SafeStorageLike,
} from '../../../../main/desktop/settings/remote-broker-store';
import { FakeIpcMain } from '../fake-electron';

const INDEX = '/opt/HITL Broker/resources/app/out/renderer/index.html';
const OURS = pathToFileURL(INDEX).href;

const fakeSafeStorage: SafeStorageLike = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from([...Buffer.from(plain)].reverse().map((b) => b ^ 0x33)),
  decryptString: (enc) => Buffer.from([...enc].map((b) => b ^ 0x33).reverse()).toString(),
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hitl-ipc-brokers-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup() {
  const ipc = new FakeIpcMain();
  const router = new IpcRouter({
    ipc,
    isTrustedSender: createSenderCheck({ indexFile: INDEX }),
  });
  const store = new RemoteBrokerStore(dir, fakeSafeStorage);
  registerRemoteBrokerIpc(router, store);
  return { ipc, store };
}

describe('brokers:* IPC channels', () => {
  it('saves a remote broker; the token is encrypted on disk and never sent back', async () => {
    const { ipc, store } = setup();
    const saved = await ipc.invoke(
      'brokers:save',
      { name: 'build-vm', url: 'https://vm.example:7842/', token: 'tok-never-plain' },
      OURS,
    );
    expect(saved).toMatchObject({
      ok: true,
      value: {
        brokers: [
          { name: 'build-vm', url: 'https://vm.example:7842/', hasToken: true, tokenSaved: true },
        ],
        canSaveTokens: true,
      },
    });
    expect(JSON.stringify(saved)).not.toContain('tok-never-plain');
    expect(await readFile(join(dir, REMOTE_BROKERS_FILE), 'utf8')).not.toContain('tok-never-plain');
    expect(store.list()[0]!.token).toBe('tok-never-plain');

    expect(await ipc.invoke('brokers:remove', { name: 'build-vm' }, OURS)).toMatchObject({
      ok: true,
      value: { brokers: [] },
    });
  });

  it('refuses a bad URL naming the field', async () => {
    const { ipc } = setup();
    const reply = await ipc.invoke('brokers:save', { name: 'x', url: 'javascript:alert(1)' }, OURS);
    expect(reply).toMatchObject({ ok: false });
    expect(JSON.stringify(reply)).toMatch(/url/);
  });
});
