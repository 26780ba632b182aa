import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../support/cli';
import { makeTempDir } from '../../../support/temp-dir';

const question = (key: string, text: string, ageMs = 0) =>
  JSON.stringify({ key, question: text, timestamp: Date.now() - ageMs, pid: 7 });

// Each case spawns the CLI (tsx) a few times: generous timeouts, parallel spawns where independent.
describe('clarity-hitl list / answer / cancel', { timeout: 120_000 }, () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let dir: string;
  beforeEach(async () => {
    temp = await makeTempDir();
    dir = temp.path;
    await writeFile(
      join(dir, 'review-step-3.question'),
      question('review-step-3', 'Does this summary look correct?\n\n[summary]', 134_000),
    );
    await writeFile(
      join(dir, 'deploy_prod_.question'),
      question('deploy prod?', 'x'.repeat(300), 5_000),
    );
    await writeFile(join(dir, 'done.question'), question('done', 'already answered'));
    await writeFile(join(dir, 'done.answer'), 'yes');
    await writeFile(join(dir, 'broken.question'), '{"key": ');
  });
  afterEach(async () => {
    await temp.remove();
  });

  it('list prints the spec table of pending questions, cut to the terminal width, then the files it could not read', async () => {
    const { code, stdout, stderr } = await runCli(['list', dir], { env: { COLUMNS: '70' } });
    expect(code).toBe(0);
    const [heading, ...lines] = stdout.trimEnd().split('\n');
    // The reference broker's first line, which its clients look for.
    expect(heading).toBe(`Handshake directory: ${dir}`);
    expect(lines[0]).toMatch(/^key {18}age {6}question$/);
    expect(lines[1]).toMatch(/^─{20} ─{8} ─+$/);
    expect(lines[2]).toMatch(/^review-step-3 {8}00:02:[1-5]\d Does this summary look correct\?$/);
    expect(lines[3]).toMatch(/^deploy prod\? {9}00:00:(0[5-9]|1\d) x+…$/);
    expect(lines[4]).toBe('');
    expect(lines[5]).toBe('Could not read 1 question file:');
    expect(lines[6]).toMatch(/^ {2}broken\.question: broken\.question is not valid JSON/);
    expect(lines).toHaveLength(7);
    for (const line of lines.slice(0, 4)) expect([...line].length).toBeLessThanOrEqual(70);
    expect(stderr).toMatch(/invalid question file: broken\.question is not valid JSON/);
    expect(stdout).not.toContain('\u001b[');
  });

  it('list --json is a JSON array for scripts; --dir and CLARITY_HITL_DIR pick the directory', async () => {
    const viaFlag = await runCli(['list', '--json', '--dir', dir]);
    // No broker URL in the environment: with one (either name), `list` alone lists that broker.
    const viaEnv = await runCli(['list', '--json'], {
      env: { CLARITY_HITL_DIR: dir, CLARITY_HITL_BROKER_URL: '' },
    });
    for (const run of [viaFlag, viaEnv]) {
      expect(run.code).toBe(0);
      const all = JSON.parse(run.stdout) as Array<{
        status: string;
        key?: string;
        ageSeconds?: number;
      }>;
      const listed = all.filter((q) => q.status === 'pending');
      expect(listed.map((q) => q.key)).toEqual(['review-step-3', 'deploy prod?']);
      expect(all.filter((q) => q.status === 'unreadable')).toEqual([
        {
          status: 'unreadable',
          file: 'broken.question',
          reason: expect.stringMatching(/^broken\.question is not valid JSON/),
        },
      ]);
      expect(listed[0]).toMatchObject({
        file: 'review-step-3.question',
        pid: 7,
        question: 'Does this summary look correct?\n\n[summary]',
      });
      expect(listed[0]!.ageSeconds).toBeGreaterThanOrEqual(134);
    }
  });

  it('answer writes {basename}.answer by key or by file name, and logs to --log', async () => {
    const log = join(dir, 'audit.jsonl');
    const byKey = await runCli([
      'answer',
      'deploy prod?',
      'Looks good, proceed',
      '--dir',
      dir,
      '--log',
      log,
    ]);
    expect(byKey.code).toBe(0);
    expect(await readFile(join(dir, 'deploy_prod_.answer'), 'utf8')).toBe('Looks good, proceed');
    const byName = await runCli(['answer', 'review-step-3.question', '-', '--dir', dir], {
      input: 'line one\nline two\n',
    });
    expect(byName.code).toBe(0);
    expect(await readFile(join(dir, 'review-step-3.answer'), 'utf8')).toBe('line one\nline two\n');
    const entry = JSON.parse((await readFile(log, 'utf8')).trim());
    expect(entry).toMatchObject({
      event: 'answered',
      key: 'deploy prod?',
      response: 'Looks good, proceed',
      resolvedBy: 'cli',
      source: 'clarity-file',
    });
    expect(entry.waitMs).toBeGreaterThanOrEqual(5_000);
  });

  it('answer: a key nobody asks yet gets its answer written ahead (said on stderr); an answered question exits 4 and is not overwritten', async () => {
    const log = join(dir, 'audit.jsonl');
    const ahead = await runCli(['answer', 'next step/9', 'Looks good', '--dir', dir, '--log', log]);
    expect(ahead.code, ahead.stderr).toBe(0);
    const path = join(dir, 'next_step_9.answer');
    expect(ahead.stdout).toBe(`Wrote answer: ${path}\n`);
    expect(ahead.stderr).toMatch(
      /^clarity-hitl: no question "next step\/9" was pending in .*\(pending: review-step-3, deploy prod\?\); the answer waits for the runtime to ask\n$/,
    );
    expect(await readFile(path, 'utf8')).toBe('Looks good');
    expect(JSON.parse(await readFile(log, 'utf8'))).toMatchObject({
      event: 'answered',
      key: 'next step/9',
      response: 'Looks good',
      question: '',
    });
    const twice = await runCli(['answer', 'next step/9', 'other', '--dir', dir]);
    expect(twice.code).toBe(4);
    expect(twice.stderr).toMatch(/already waits for it/);
    expect(await readFile(path, 'utf8')).toBe('Looks good');
    const again = await runCli(['answer', 'done', 'no', '--dir', dir]);
    expect(again.code).toBe(4);
    expect(again.stderr).toMatch(/already answered/);
    expect(await readFile(join(dir, 'done.answer'), 'utf8')).toBe('yes');
  });

  it('cancel deletes the question without answering; unknown exits 3; answered keeps its answer', async () => {
    const ok = await runCli(['cancel', 'review-step-3', '--dir', dir]);
    expect(ok.code).toBe(0);
    const names = await readdir(dir);
    expect(names).not.toContain('review-step-3.question');
    expect(names).not.toContain('review-step-3.answer');
    expect((await runCli(['cancel', 'review-step-3', '--dir', dir])).code).toBe(3);
    const answered = await runCli(['cancel', 'done', '--dir', dir]);
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stdout).toMatch(/^Cancelled: done \(deleted .*done\.question\)\n$/);
    expect(answered.stderr).toMatch(
      /done was answered already; its answer stays in .*done\.answer/,
    );
    expect(await readdir(dir)).not.toContain('done.question');
    expect(await readFile(join(dir, 'done.answer'), 'utf8')).toBe('yes');
    const byName = await runCli(['cancel', 'deploy_prod_', '--dir', dir]);
    expect(byName.code).toBe(0);
  });

  it('usage errors exit 2; --help exits 0 on every command; --version prints the version', async () => {
    const usage = await Promise.all(
      [
        ['answer', 'only-key'],
        ['list', '--bogus'],
        ['watch', '--timeout', 'soon'],
      ].map((a) => runCli(a)),
    );
    expect(usage.map((r) => r.code)).toEqual([2, 2, 2]);
    const commands = ['watch', 'list', 'answer', 'cancel'];
    const helps = await Promise.all(commands.map((c) => runCli([c, '--help'])));
    helps.forEach((help, i) => {
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`Usage: clarity-hitl ${commands[i]}`));
    });
    const version = await runCli(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
