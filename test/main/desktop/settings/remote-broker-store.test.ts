import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  REMOTE_BROKERS_FILE,
  RemoteBrokerStore,
  type SafeStorageLike,
} from '../../../../main/desktop/settings/remote-broker-store';

/** Stands in for Electron's safeStorage: a reversible scramble keyed by a secret, never plain. */
class FakeSafeStorage implements SafeStorageLike {
  constructor(private readonly available = true) {}
  isEncryptionAvailable(): boolean {
    return this.available;
  }
  encryptString(plain: string): Buffer {
    return Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a));
  }
  decryptString(encrypted: Buffer): string {
    return Buffer.from(encrypted.map((b) => b ^ 0x5a)).toString('utf8');
  }
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hitl-remotes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});
const onDisk = () => readFile(join(dir, REMOTE_BROKERS_FILE), 'utf8');

describe('RemoteBrokerStore', () => {
  it('saves the token encrypted with safeStorage, never in plain text, and reads it back', async () => {
    const store = new RemoteBrokerStore(dir, new FakeSafeStorage());
    const token = 'tok-3f9a-very-secret';
    expect(store.save({ name: 'build-vm', url: 'https://vm.example:7842/', token })).toMatchObject({
      tokenSaved: true,
    });
    const text = await onDisk();
    expect(text).toContain('https://vm.example:7842/');
    expect(text).not.toContain(token);
    expect(text).toContain('tokenEncrypted');

    // A new session (new store) decrypts it from the file.
    const next = new RemoteBrokerStore(dir, new FakeSafeStorage());
    expect(next.list()).toEqual([
      { name: 'build-vm', url: 'https://vm.example:7842/', token, tokenSaved: true },
    ]);
    next.remove('build-vm');
    expect(next.list()).toEqual([]);
  });

  it('without safeStorage keeps the token for the session only', async () => {
    const store = new RemoteBrokerStore(dir, new FakeSafeStorage(false));
    expect(store.canSaveTokens()).toBe(false);
    store.save({ name: 'vm', url: 'http://10.0.0.2:7842/', token: 'plain-never' });
    expect(await onDisk()).not.toContain('plain-never');
    expect(store.list()).toEqual([
      { name: 'vm', url: 'http://10.0.0.2:7842/', token: 'plain-never', tokenSaved: false },
    ]);
    expect(new RemoteBrokerStore(dir, undefined).list()).toEqual([
      { name: 'vm', url: 'http://10.0.0.2:7842/', tokenSaved: false },
    ]);
  });

  it('refuses bad input naming the field; an unreadable file is ignored', async () => {
    const logged: string[] = [];
    const store = new RemoteBrokerStore(dir, new FakeSafeStorage(), (m) => logged.push(m));
    expect(() => store.save({ name: 'x', url: 'ftp://nope' })).toThrow(/url/);
    expect(() => store.save({ name: 'a/b', url: 'http://h:1/' })).toThrow(/name/);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, REMOTE_BROKERS_FILE), '{broken');
    expect(store.list()).toEqual([]);
    expect(logged[0]).toMatch(/not JSON/);
  });
});
