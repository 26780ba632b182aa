import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../support/wait-for';
import { startHarness } from './harness';

type Harness = Awaited<ReturnType<typeof startHarness>>;

/** The README's sample `echo … > .clarity-hitl/deploy.question` line, as a newcomer copies it. */
function readmeSample(): string {
  const readme = readFileSync(join(__dirname, '../../../../README.md'), 'utf8');
  const line = readme
    .split('\n')
    .find((l) => l.startsWith('echo ') && l.includes('deploy.question'));
  if (!line) throw new Error('README has no `echo … deploy.question` sample');
  return line;
}

describe('the README’s sample question', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  const run = () =>
    execFileSync('sh', ['-c', readmeSample().replace('.clarity-hitl/', `${h.dir}/`)]);

  it('is dated now (not a fixed day months old), and shows again when run again after an answer', async () => {
    run();
    const first = await waitFor(() => h.broker.findPending('clarity-file', 'deploy'), 'first');
    expect(Math.abs(first.createdAt - Date.now())).toBeLessThan(60_000);
    h.broker.answer(first.id, { text: 'yes' });
    await h.adapter.whenIdle();
    // Seconds later, as a person would (file times are coarse: date the first answer back).
    const then = new Date(Date.now() - 5_000);
    await utimes(join(h.dir, 'deploy.answer'), then, then);
    // `date +%s` has one-second steps: the rerun must differ from the first (another second).
    await waitFor(
      () => Math.floor(Date.now() / 1000) > Math.floor(first.createdAt / 1000),
      'a new second',
    );
    run();
    const second = await waitFor(() => {
      const r = h.broker.findPending('clarity-file', 'deploy');
      return r && r.id !== first.id ? r : undefined;
    }, 'the question asked again');
    expect(second.prompt).toBe('Deploy **v2** to prod?');
  });
});
