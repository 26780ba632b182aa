import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../support/wait-for';
import { startHarness } from './harness';

type Harness = Awaited<ReturnType<typeof startHarness>>;

/** The broker's answer to the first ask, dated a minute back (file times are coarse: one tick can hold both writes). */
const ageAnswer = (dir: string, base: string) => {
  const then = new Date(Date.now() - 60_000);
  return utimes(join(dir, `${base}.answer`), then, then);
};

const question = (key: string, text: string, timestamp = Date.now()) =>
  JSON.stringify({ key, question: text, timestamp, pid: 4242 });

describe('a question asked again over an answered one (the README’s echo run twice)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it('the old .answer (older than the new question) is removed and the new question is pending', async () => {
    const path = join(h.dir, 'deploy.question');
    await writeFile(path, question('deploy', 'Deploy v1?', 1_700_000_000_000));
    const first = await waitFor(() => h.broker.findPending('clarity-file', 'deploy'), 'first');
    h.broker.answer(first.id, { text: 'yes' });
    await h.adapter.whenIdle();
    expect(await readFile(join(h.dir, 'deploy.answer'), 'utf8')).toBe('yes');
    await ageAnswer(h.dir, 'deploy');
    // Nobody consumed the answer (no runtime): the same command is run again.
    await writeFile(path, question('deploy', 'Deploy v2?', 1_700_000_100_000));
    const second = await waitFor(() => {
      const r = h.broker.findPending('clarity-file', 'deploy');
      return r && r.id !== first.id ? r : undefined;
    }, 'the second question, pending');
    await h.adapter.whenIdle();
    expect(h.broker.get(second.id)?.status).toBe('pending');
    expect(second.prompt).toBe('Deploy v2?');
    await expect(readFile(join(h.dir, 'deploy.answer'), 'utf8')).rejects.toThrow(/ENOENT/);
    expect(h.broker.get(first.id)).toMatchObject({ status: 'answered', answer: { text: 'yes' } });
    // Answering the new one writes its own answer.
    h.broker.answer(second.id, { text: 'ship v2' });
    await h.adapter.whenIdle();
    expect(await readFile(join(h.dir, 'deploy.answer'), 'utf8')).toBe('ship v2');
  });

  it('also when the new question is first seen empty past its grace (a slow writer)', async () => {
    const path = join(h.dir, 'slow.question');
    await writeFile(path, question('slow', 'v1?', 1_700_000_000_000));
    const first = await waitFor(() => h.broker.findPending('clarity-file', 'slow'), 'first');
    h.broker.answer(first.id, { text: 'yes' });
    await h.adapter.whenIdle();
    await ageAnswer(h.dir, 'slow');
    await writeFile(path, '');
    await waitFor(() => h.invalid.find((e) => e.file.endsWith('slow.question')), 'empty, reported');
    await writeFile(path, question('slow', 'v2?', 1_700_000_100_000));
    const second = await waitFor(() => h.broker.findPending('clarity-file', 'slow'), 'second');
    expect(second.prompt).toBe('v2?');
  });

  it('an .answer written after the new question still answers it (a file tool was quicker)', async () => {
    const path = join(h.dir, 'k.question');
    await writeFile(path, question('k', 'first?', 1_700_000_000_000));
    const first = await waitFor(() => h.broker.findPending('clarity-file', 'k'), 'first');
    h.broker.answer(first.id, { text: 'one' });
    await h.adapter.whenIdle();
    await ageAnswer(h.dir, 'k');
    await writeFile(path, question('k', 'second?', 1_700_000_100_000));
    const second = await waitFor(() => {
      const r = h.broker.findPending('clarity-file', 'k');
      return r && r.id !== first.id ? r : undefined;
    }, 'second');
    await writeFile(join(h.dir, 'k.answer'), 'two');
    await waitFor(() => h.broker.get(second.id)?.status === 'answered', 'answered by the file');
    expect(h.broker.get(second.id)?.answer?.text).toBe('two');
  });
});
