import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const config = load(readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as {
  publish: { provider: string; releaseType?: string }[];
  mac: {
    target: string[];
    hardenedRuntime: boolean;
    entitlements: string;
    entitlementsInherit: string;
    notarize: boolean;
  };
  linux: { target: string[] };
  win: { target: string[] };
};

describe('electron-builder.yml', () => {
  it('is valid for electron-builder (its own schema check)', async () => {
    const { validateConfiguration } = await import('app-builder-lib/out/util/config/config');
    const { DebugLogger } = await import('builder-util');
    await expect(
      validateConfiguration(config as never, new DebugLogger(false)),
    ).resolves.toBeUndefined();
    const broken = { ...config, mac: { ...config.mac, hardenedRuntime: 'yes' } };
    await expect(validateConfiguration(broken as never, new DebugLogger(false))).rejects.toThrow(
      /hardenedRuntime/,
    );
  });

  it('publishes the update feed to GitHub releases, with a target electron-updater can install', () => {
    expect(config.publish).toEqual([{ provider: 'github', releaseType: 'draft' }]);
    expect(config.mac.target).toEqual(expect.arrayContaining(['dmg', 'zip']));
    expect(config.linux.target).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(config.win.target).toEqual(['nsis']);
  });

  it('macOS: hardened runtime with the JIT entitlement, notarized when credentials exist', () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.notarize).toBe(true);
    expect(config.mac.entitlementsInherit).toBe(config.mac.entitlements);
    const plist = path.join(ROOT, config.mac.entitlements);
    expect(existsSync(plist)).toBe(true);
    expect(readFileSync(plist, 'utf8')).toMatch(
      /<key>com\.apple\.security\.cs\.allow-jit<\/key>\s*<true\/>/,
    );
  });
});
