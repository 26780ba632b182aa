import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SettingsStore,
  type SettingsBackendFactory,
} from '../../../../main/desktop/settings/settings-store';

// electron-store imports `electron` at load time; outside Electron that module only throws.
// An empty stand-in makes electron-store behave as in a main process given an absolute `cwd`.
vi.mock('electron', () => ({ default: {} }));
const { default: ElectronStore } = await import('electron-store');

const realElectronStore: SettingsBackendFactory = (options) => new ElectronStore(options) as never;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hitl-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (onInvalid?: (m: string) => void) =>
  new SettingsStore({
    dir,
    createBackend: realElectronStore,
    now: () => Date.UTC(2026, 0, 2, 3, 4, 5),
    onInvalid,
  });

describe('SettingsStore (real electron-store in a temp dir)', () => {
  it('starts from defaults and writes settings.json in the state dir', async () => {
    const store = open();
    expect(store.get()).toMatchObject({
      port: 7842,
      notifications: true,
      language: 'system',
      historySize: 5000,
    });
    expect(store.path).toBe(join(dir, 'settings.json'));
    const onDisk = JSON.parse(await readFile(store.path, 'utf8'));
    expect(onDisk.port).toBe(7842);
  });

  it('persists changes across reopen and tells listeners what changed', () => {
    const store = open();
    const seen: string[][] = [];
    store.onChange((_s, changed) => seen.push(changed));
    store.update({ handshakeDirs: ['/tmp/a', '/tmp/b'], language: 'zh-CN', port: 7843 });
    store.update({ port: 7843 });
    expect(seen).toEqual([['handshakeDirs', 'port', 'language']]);
    expect(open().get()).toMatchObject({
      handshakeDirs: ['/tmp/a', '/tmp/b'],
      language: 'zh-CN',
      port: 7843,
    });
  });

  it('rejects a bad patch naming the field and keeps the old value', () => {
    const store = open();
    expect(() => store.update({ port: 70_000 })).toThrow(/invalid settings: port/);
    expect(() => store.update({ theme: 'neon' })).toThrow(/theme/);
    expect(() => store.update({ colour: 'red' })).toThrow(/colour/);
    expect(store.get().port).toBe(7842);
  });

  it('keeps an unreadable file aside instead of wiping it', async () => {
    await writeFile(join(dir, 'settings.json'), '{ "port": 7900, oops');
    const messages: string[] = [];
    const store = open((m) => messages.push(m));
    expect(store.get().port).toBe(7842);
    const files = await readdir(dir);
    const aside = files.find((f) => f.startsWith('settings.invalid-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside!), 'utf8')).toBe('{ "port": 7900, oops');
    expect(messages[0]).toMatch(/moved to .*settings\.invalid-/);
  });

  it('resets only the bad fields, keeping the original file aside', async () => {
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ port: 'seven', sound: false, historySize: 3 }),
    );
    const messages: string[] = [];
    const store = open((m) => messages.push(m));
    expect(store.get()).toMatchObject({ port: 7842, sound: false, historySize: 5000 });
    expect(messages[0]).toMatch(/port, historySize reset to defaults/);
    const aside = (await readdir(dir)).find((f) => f.startsWith('settings.invalid-'));
    expect(JSON.parse(await readFile(join(dir, aside!), 'utf8')).port).toBe('seven');
  });

  it('"which events notify": every event on in a file from before the setting, persisted when changed, a bad value reset', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ sound: false }));
    const store = open();
    expect(store.get().notifyEvents).toEqual({ finished: true, failed: true, waiting: true });
    store.update({ notifyEvents: { finished: true, failed: true, waiting: false } });
    expect(() => store.update({ notifyEvents: { finished: false } })).toThrow(/notifyEvents/);
    expect(open().get().notifyEvents).toEqual({ finished: true, failed: true, waiting: false });
    // get() hands out a copy: changing it changes nothing stored.
    store.get().notifyEvents.failed = false;
    expect(store.get().notifyEvents.failed).toBe(true);
    const onDisk = JSON.parse(await readFile(store.path, 'utf8'));
    onDisk.notifyEvents = 'all';
    await writeFile(store.path, JSON.stringify(onDisk));
    const messages: string[] = [];
    expect(open((m) => messages.push(m)).get().notifyEvents.waiting).toBe(true);
    expect(messages[0]).toMatch(/notifyEvents reset to defaults/);
  });

  it('migrates a 1.x file (single handshakeDir, dnd) to the current shape', async () => {
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({
        handshakeDir: '/work/.clarity-hitl',
        dnd: true,
        __internal__: { migrations: { version: '1.0.0' } },
      }),
    );
    const store = open();
    expect(store.get()).toMatchObject({
      handshakeDirs: ['/work/.clarity-hitl'],
      doNotDisturb: true,
    });
    const onDisk = JSON.parse(await readFile(store.path, 'utf8'));
    expect(onDisk.handshakeDir).toBeUndefined();
    expect(onDisk.__internal__.migrations.version).toBe('2.0.0');
  });
});
