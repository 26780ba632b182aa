import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCli, type CliRun } from '../../../support/cli';
import { hitlAsk } from '../../../support/clarity-runtime';
import { makeTempDir } from '../../../support/temp-dir';
import { waitFor } from '../../../support/wait-for';

describe('clarity-hitl watch (piped stdin)', { timeout: 60_000 }, () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let run: CliRun | undefined;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => {
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGKILL');
      await run.exit;
    }
    run = undefined;
    await temp.remove();
  });

  it('shows each question boxed, queues arrivals in order, Enter alone approves, answers reach the runtime', async () => {
    const log = join(temp.path, 'audit.jsonl');
    run = startCli(['watch', temp.path, '--log', log]);
    await run.waitForStdout(/Watching .* for questions/);
    const first = hitlAsk({
      dir: temp.path,
      key: 'review-step-3',
      question: 'Does this summary look correct?\n\n[summary text here]',
    });
    let at = await run.waitForStdout(/Answer \(Enter to confirm, or type override\):/);
    expect(run.stdout()).toContain(
      '╔══ HITL request: review-step-3 ══╗\n│ Does this summary look correct?\n│\n│ [summary text here]\n╚═════════════════════════════════╝',
    );
    // Two more arrive while the operator is typing: they queue in arrival order.
    const second = hitlAsk({ dir: temp.path, key: 'second', question: 'Second?' });
    const secondAsked = await waitFor(async () => {
      const text = await readFile(join(temp.path, 'second.question'), 'utf8').catch(() => '');
      return text ? (JSON.parse(text).timestamp as number) : undefined;
    }, 'second written');
    await waitFor(() => Date.now() > secondAsked, 'the clock to move past the second question');
    const third = hitlAsk({ dir: temp.path, key: 'third', question: 'Third?' });
    run.send('Looks good\n');
    expect(await first).toBe('Looks good');
    at = await run.waitForStdout(/✔ \d{4}-\d\d-\d\dT[\d:.]+Z answered review-step-3/, at);
    at = await run.waitForStdout(/HITL request: second[\s\S]*Answer \(Enter/, at);
    run.send('\n');
    expect(await second).toBe('');
    at = await run.waitForStdout(/answered second \(empty approval/, at);
    await run.waitForStdout(/HITL request: third[\s\S]*Answer \(Enter/, at);
    run.send('  third answer  \n');
    expect(await third).toBe('third answer');
    run.child.stdin.end();
    expect(await run.exit).toBe(0);
    expect(run.stdout()).not.toContain('\u001b[');
    const entries = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const answered = entries.filter((e) => e.event === 'answered');
    expect(answered.map((e) => [e.key, e.response, e.resolvedBy])).toEqual([
      ['review-step-3', 'Looks good', 'cli'],
      ['second', '', 'cli'],
      ['third', '  third answer  ', 'cli'],
    ]);
  });

  it('lines piped before a question arrives answer the next questions; then watch exits 0', async () => {
    run = startCli(['watch', temp.path]);
    run.child.stdin.end('first\nsecond\n');
    await run.waitForStdout(/Watching .* for questions/);
    expect(await hitlAsk({ dir: temp.path, key: 'one', question: '1?' })).toBe('first');
    expect(await hitlAsk({ dir: temp.path, key: 'two', question: '2?' })).toBe('second');
    expect(await run.exit).toBe(0);
  });

  it('announces and skips a question withdrawn while on screen; reports invalid files once', async () => {
    await writeFile(join(temp.path, 'bad.question'), '{"no": "key"}');
    run = startCli(['watch', '--dir', temp.path]);
    const gone = hitlAsk({
      dir: temp.path,
      key: 'gone',
      question: 'Will vanish',
      timeoutMs: 60_000,
    });
    let at = await run.waitForStdout(/HITL request: gone[\s\S]*Answer \(Enter/);
    const next = hitlAsk({ dir: temp.path, key: 'next', question: 'Next one' });
    await waitFor(
      async () => (await readFile(join(temp.path, 'next.question'), 'utf8').catch(() => '')) !== '',
      'next written',
    );
    await rm(join(temp.path, 'gone.question')); // the runtime gave up
    at = await run.waitForStdout(/⚠ gone was withdrawn \(expired by agent\); skipped/, at);
    await run.waitForStdout(/HITL request: next[\s\S]*Answer \(Enter/, at);
    run.send('ok\n');
    expect(await next).toBe('ok');
    run.child.stdin.end();
    expect(await run.exit).toBe(0);
    expect(
      run.stderr().match(/invalid question file: bad\.question has invalid fields: key:/g),
    ).toHaveLength(1);
    void gone;
  });

  it('--auto-approve answers every question with an empty approval without reading stdin; SIGINT exits 130', async () => {
    run = startCli(['watch', temp.path, '--auto-approve']);
    await run.waitForStdout(/Watching .*\(auto-approve\)/);
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((key) => hitlAsk({ dir: temp.path, key, question: `${key}?` })),
    );
    expect(answers).toEqual(['', '', '']);
    await run.waitForStdout(/answered c \(empty approval/);
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(130);
  });

  it('--timeout skips questions older than N seconds; a question already answered on disk is not shown', async () => {
    await writeFile(
      join(temp.path, 'old.question'),
      JSON.stringify({ key: 'old', question: 'Stale', timestamp: Date.now() - 120_000 }),
    );
    await writeFile(
      join(temp.path, 'handled.question'),
      JSON.stringify({ key: 'handled', question: 'Done already' }),
    );
    await writeFile(join(temp.path, 'handled.answer'), 'yes');
    await writeFile(
      join(temp.path, 'fresh.question'),
      JSON.stringify({ key: 'fresh', question: 'New', timestamp: Date.now() }),
    );
    run = startCli(['watch', temp.path, '--timeout', '60']);
    await run.waitForStdout(/HITL request: fresh[\s\S]*Answer \(Enter/);
    expect(run.stdout()).toMatch(/skipped old: asked 00:0[23]:\d\d ago, older than --timeout 60s/);
    expect(run.stdout()).not.toMatch(/HITL request: (old|handled)/);
    run.send('fine\n');
    await waitFor(
      async () =>
        (await readFile(join(temp.path, 'fresh.answer'), 'utf8').catch(() => '')) === 'fine',
      'fresh answered',
    );
    run.child.stdin.end();
    expect(await run.exit).toBe(0);
    expect(run.stderr()).toMatch(/1 question left pending/);
  });
});
