import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerRemoteBrokerIpc } from '../../../../main/desktop/ipc/remote-broker-handlers';
import {
  REMOTE_BROKERS_FILE,
  RemoteBrokerStore,
  type SafeStorageLike,
} from '../../../../main/desktop/settings/remote-broker-store';
import { RemoteInboxes } from '../../../../main/desktop/attach/remote-inboxes';
import { startBrokerService } from '../../../../main/service/broker-service';
import { waitFor } from '../../../support/wait-for';
import { OURS, trustedRouter } from './channel-fixture';

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

function setup(remotes?: RemoteInboxes) {
  const { ipc, router } = trustedRouter();
  const store = new RemoteBrokerStore(dir, fakeSafeStorage);
  registerRemoteBrokerIpc(router, store, remotes);
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

  it('lists a broker given at launch with its connection; it cannot be removed or shadowed by a saved one', async () => {
    const lab = await startBrokerService({
      port: 0,
      stateDir: join(dir, 'lab'),
      dirs: [],
      rendererDir: null,
      token: 'lab-secret',
    });
    const remotes = new RemoteInboxes(undefined, [
      { name: 'lab', url: lab.url, token: 'lab-secret' },
    ]);
    try {
      const { ipc, store } = setup(remotes);
      remotes.sync(store.list());
      await waitFor(() => remotes.states()[0]?.connected === true, 'lab connected');
      const listed = await ipc.invoke('brokers:list', undefined, OURS);
      expect(listed).toEqual({
        ok: true,
        value: {
          brokers: [
            {
              name: 'lab',
              url: lab.url,
              hasToken: true,
              tokenSaved: false,
              connected: true,
              fromLaunch: true,
            },
          ],
          canSaveTokens: true,
        },
      });
      expect(JSON.stringify(listed)).not.toContain('lab-secret');

      const shadow = await ipc.invoke('brokers:save', { name: 'lab', url: 'http://x:1/' }, OURS);
      expect(shadow).toMatchObject({ ok: false });
      expect(JSON.stringify(shadow)).toMatch(/name: \\"lab\\" is already a broker given at launch/);
      expect(store.list()).toEqual([]);
      const removal = await ipc.invoke('brokers:remove', { name: 'lab' }, OURS);
      expect(JSON.stringify(removal)).toMatch(/stays for this run/);
      expect(remotes.states().map((s) => s.name)).toEqual(['lab']);

      // A saved broker of another name sits beside it, removable as before.
      const both = await ipc.invoke(
        'brokers:save',
        { name: 'vm', url: 'http://127.0.0.1:9/' },
        OURS,
      );
      expect(both).toMatchObject({
        ok: true,
        value: {
          brokers: [
            { name: 'lab', fromLaunch: true },
            { name: 'vm', hasToken: false },
          ],
        },
      });
      expect((both as { value: { brokers: object[] } }).value.brokers[1]).not.toHaveProperty(
        'fromLaunch',
      );
    } finally {
      remotes.close();
      await lab.close();
    }
  });
});
