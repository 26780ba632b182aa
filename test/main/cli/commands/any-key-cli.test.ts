import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hitlAsk, TIMEOUT_ANSWER } from '../../../support/clarity-runtime';
import { runCli } from '../../../support/cli';
import { makeTempDir } from '../../../support/temp-dir';
import { waitFor } from '../../../support/wait-for';

/** Resolves once the runtime's question file for `key` is on disk. */
async function asked(dir: string, key: string): Promise<void> {
  const file = `${key.replace(/[^a-zA-Z0-9_-]/g, '_')}.question`;
  await waitFor(async () => (await readdir(dir)).includes(file), `${file} written`);
}

describe('clarity-hitl with any key', { timeout: 120_000 }, () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let dir: string;
  beforeEach(async () => {
    temp = await makeTempDir();
    dir = temp.path;
  });
  afterEach(async () => {
    await temp.remove();
  });

  it("answer 'deploy/prod' yes: the runtime gets yes", async () => {
    const runtime = hitlAsk({ dir, key: 'deploy/prod', question: 'Ship?', timeoutMs: 60_000 });
    await asked(dir, 'deploy/prod');
    const run = await runCli(['answer', 'deploy/prod', 'yes', '--dir', dir]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Answered deploy/prod → ' + join(dir, 'deploy_prod.answer') + '\n');
    expect(await runtime).toBe('yes');
  });

  it('cancel ../../etc/passwd deletes its question; the runtime times out', async () => {
    const key = '../../etc/passwd';
    const runtime = hitlAsk({ dir, key, question: 'read it?', timeoutMs: 5_000, pollMs: 50 });
    await asked(dir, key);
    const run = await runCli(['cancel', key, '--dir', dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Cancelled: \.\.\/\.\.\/etc\/passwd \(deleted .*______etc_passwd\.question\)/,
    );
    expect(await runtime).toBe(TIMEOUT_ANSWER);
  });

  it('list shows odd keys with control characters escaped, and files it could not read', async () => {
    await writeFile(
      join(dir, 'naïve.question'),
      JSON.stringify({ key: 'naïve 日本語', question: 'Unicode?' }),
    );
    await writeFile(
      join(dir, 'esc.question'),
      JSON.stringify({ key: 'red\u001b[31m\nline', question: 'Escaped?' }),
    );
    await writeFile(
      join(dir, 'late.question'),
      JSON.stringify({ key: 'late', question: 'q', timestamp: 'yesterday' }),
    );
    const { code, stdout } = await runCli(['list', dir], { env: { COLUMNS: '100' } });
    expect(code).toBe(0);
    expect(stdout).toContain('naïve 日本語');
    expect(stdout).toContain('red\\x1b[31m\\nline');
    expect(stdout).not.toContain('\u001b');
    expect(stdout).toMatch(
      /Could not read 1 question file:\n {2}late\.question \(field timestamp\): late\.question has invalid fields: timestamp: must be a time/,
    );

    const json = JSON.parse((await runCli(['list', '--json', dir])).stdout) as unknown[];
    expect(json).toContainEqual(
      expect.objectContaining({ status: 'pending', key: 'red\u001b[31m\nline' }),
    );
    expect(json).toContainEqual(
      expect.objectContaining({ status: 'unreadable', file: 'late.question', field: 'timestamp' }),
    );
  });
});
