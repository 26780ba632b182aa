import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONFIG = 'test/support/summary-reporter-fixtures/vitest.config.ts';

/** Runs vitest on the fixture files in a child process; its exit code and plain stdout. */
function runFixtures(
  files: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; lines: string[] }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', CONFIG, ...files],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env } },
      (error, stdout) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, lines: stdout.trimEnd().split('\n') });
      },
    );
  });
}

// Each test starts a whole vitest run in a child process: seconds, more on a busy machine.
describe('summary reporter (test/support/summary-reporter.ts)', { timeout: 90_000 }, () => {
  it('ends a clean run with the plain count; a test skipped on purpose is skipped', async () => {
    const { code, lines } = await runFixtures(['passing']);
    expect(code).toBe(0);
    expect(lines.at(-1)).toBe('2 passed, 0 failed, 1 skipped');
    expect(lines.join('\n')).not.toContain('FAILED TO RUN');
  });

  it('counts the tests of a file whose beforeAll failed as failed, and names the file', async () => {
    const { code, lines } = await runFixtures(['before-all-fails']);
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe('0 passed, 2 failed, 0 skipped');
    expect(lines).toContain(
      'FAILED TO RUN before-all-fails.fixture.ts: the browser could not start, 2 tests not run',
    );
  });

  it('counts a file that fails while it is imported as one failure, named', async () => {
    const { code, lines } = await runFixtures(['import-fails']);
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe('0 passed, 1 failed, 0 skipped');
    expect(lines).toContain(
      'FAILED TO RUN import-fails.fixture.ts: this file fails while it is imported',
    );
  });

  it('adds up passing, failing, never-run and skipped tests across files', async () => {
    const { code, lines } = await runFixtures([]);
    expect(code).toBe(1);
    // passing (2 passed, 1 skipped), test-fails (1 passed, 1 failed), before-all-fails (2 not run),
    // import-fails (1), suite-set-up-fails (1 passed, 1 not run in the broken suite).
    expect(lines.at(-1)).toBe('4 passed, 5 failed, 1 skipped');
    expect(lines).toContain(
      'FAILED TO RUN suite-set-up-fails.fixture.ts > a suite whose set-up fails: set-up failed, 1 test not run',
    );
    expect(lines.filter((line) => line.startsWith('FAILED TO RUN'))).toHaveLength(3);
  });

  it('never says all is well when the run fails before any file (a globalSetup that threw)', async () => {
    const { code, lines } = await runFixtures(['passing'], { FIXTURE_SETUP_FAILS: '1' });
    expect(code).toBe(1);
    expect(lines).toContain('0 passed, 1 failed, 0 skipped');
  });
});
