import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/temp-dir';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A binary already in node_modules/electron makes electron's installer exit at once, downloading nothing. */
const installed = existsSync(path.join(ROOT, 'node_modules', 'electron', 'path.txt'));

let cache: { path: string; remove: () => Promise<void> };
beforeEach(async () => {
  cache = await makeTempDir('hitl-electron-cache-');
});
afterEach(() => cache.remove());

function postinstall(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { ELECTRON_SKIP_BINARY_DOWNLOAD: _skip, ...rest } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/install-electron.js'],
      { cwd: ROOT, env: { ...rest, electron_config_cache: cache.path, ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('postinstall: the Electron runtime download (scripts/install-electron.js)', () => {
  it('ELECTRON_SKIP_BINARY_DOWNLOAD skips it, saying so in one line', async () => {
    const run = await postinstall({ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      'Electron runtime not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD is set); npm start will run the headless broker with the web UI.\n',
    );
    expect(run.stderr).toBe('');
  });

  it.skipIf(installed)(
    'a download that fails (nothing listens at the mirror) is one line and exit 0, so npm ci goes on',
    async () => {
      const run = await postinstall({ ELECTRON_MIRROR: 'http://127.0.0.1:9/' });
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Electron runtime not downloaded \(.*Error.*\); npm start will run the headless broker with the web UI\. Retry with `node scripts\/install-electron\.js` once online\.$/,
      );
    },
    60_000,
  );
});
