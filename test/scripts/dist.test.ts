import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script without type declarations
import { builderArgs, missingElectronMessage } from '../../scripts/dist.mjs';
// @ts-expect-error: a plain JavaScript script without type declarations
import { findElectron } from '../../scripts/start.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('npm run dist', () => {
  it('never publishes from a developer machine unless asked', () => {
    expect(builderArgs([])).toEqual(['--publish', 'never']);
    expect(builderArgs(['--linux', 'deb'])).toEqual(['--linux', 'deb', '--publish', 'never']);
    expect(builderArgs(['--publish', 'always'])).toEqual(['--publish', 'always']);
    expect(builderArgs(['--publish=onTagOrDraft'])).toEqual(['--publish=onTagOrDraft']);
  });

  // Where the binary exists (CI, a connected machine) `npm run dist` really builds: not here.
  it.skipIf(!!findElectron().binary)(
    'without the Electron runtime: one line naming why, exit code 1, no stack trace',
    () => {
      const result = spawnSync(process.execPath, ['scripts/dist.mjs'], {
        cwd: ROOT,
        env: { ...process.env, HITL_HEADLESS: '' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trimEnd().split('\n')).toEqual([
        missingElectronMessage(findElectron().reason),
      ]);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^npm run dist needs the Electron runtime.*`npm install`/);
      expect(result.stderr).toMatch(/not installed|not downloaded|no binary/);
    },
  );
});
