import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installHook, uninstallHook } from '../../../../main/cli/hook/hook-install';
import { makeTempDir } from '../../../support/temp-dir';

let home: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => {
  home = await makeTempDir('hitl-modes-');
});
afterEach(() => home.remove());

const CMD = '/usr/bin/node /opt/clarity/bin/clarity-hitl.js hook claude-code';
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** A settings file holding a secret in `env`, with `mode`. */
function privateSettings(file: string, mode: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ env: { API_KEY: 'sk-secret' } }));
  chmodSync(file, mode);
}

const backups = (file: string) =>
  readdirSync(path.dirname(file))
    .filter((f) => f.startsWith(`${path.basename(file)}.bak-`))
    .map((f) => path.join(path.dirname(file), f));

describe.skipIf(process.platform === 'win32')('hook install / uninstall keep the file mode', () => {
  it.each([0o600, 0o640, 0o664])(
    'a settings file of mode %s keeps it through install and uninstall, backups too',
    (mode) => {
      const file = path.join(home.path, '.claude', 'settings.json');
      privateSettings(file, mode);
      expect(installHook(file, 'claude-code', CMD).changed).toBe(true);
      expect(modeOf(file)).toBe(mode);
      expect(uninstallHook(file, 'claude-code').changed).toBe(true);
      expect(modeOf(file)).toBe(mode);
      const copies = backups(file);
      expect(copies).toHaveLength(2);
      for (const copy of copies) expect(modeOf(copy)).toBe(mode);
    },
  );

  it("Codex's hooks.json keeps 0600 too", () => {
    const file = path.join(home.path, '.codex', 'hooks.json');
    privateSettings(file, 0o600);
    installHook(file, 'codex', CMD.replace('claude-code', 'codex'));
    expect(modeOf(file)).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).hooks.PermissionRequest).toHaveLength(1);
  });

  it('a symlinked settings file stays a link; its target is written with its own mode', () => {
    const real = path.join(home.path, 'dotfiles', 'claude-settings.json');
    privateSettings(real, 0o600);
    const file = path.join(home.path, '.claude', 'settings.json');
    mkdirSync(path.dirname(file), { recursive: true });
    symlinkSync(real, file);
    installHook(file, 'claude-code', CMD);
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect(modeOf(real)).toBe(0o600);
    expect(JSON.parse(readFileSync(real, 'utf8'))).toMatchObject({
      env: { API_KEY: 'sk-secret' },
      hooks: { PermissionRequest: expect.any(Array) },
    });
  });

  it.skipIf(process.getuid?.() !== 0)(
    "run as root on another user's file: the owner stays that user",
    () => {
      const file = path.join(home.path, '.claude', 'settings.json');
      privateSettings(file, 0o600);
      chownSync(file, 65534, 65534);
      installHook(file, 'claude-code', CMD);
      expect(statSync(file)).toMatchObject({ uid: 65534, gid: 65534 });
      expect(modeOf(file)).toBe(0o600);
      uninstallHook(file, 'claude-code');
      expect(statSync(file)).toMatchObject({ uid: 65534, gid: 65534 });
    },
  );
});
