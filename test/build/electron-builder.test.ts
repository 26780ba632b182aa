import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv } from 'ajv';
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
  it("is valid against electron-builder's published schema (app-builder-lib/scheme.json)", () => {
    const schema = JSON.parse(
      readFileSync(createRequire(import.meta.url).resolve('app-builder-lib/scheme.json'), 'utf8'),
    ) as object;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
    const broken = { ...config, mac: { ...config.mac, hardenedRuntime: 'yes' } };
    expect(validate(broken)).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({ instancePath: '/mac/hardenedRuntime', message: 'must be boolean' }),
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
