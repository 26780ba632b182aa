import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  prefetchedQuestion,
  prefetchQuestion,
  type PrefetchedQuestion,
} from '../../../../../main/adapters/clarity-file/prefetch/prefetch-read';
import { QuestionPrefetch } from '../../../../../main/adapters/clarity-file/prefetch/question-prefetch';
import { makeTempDir } from '../../../../support/temp-dir';

/** The thread's source, run through tsx (the CLI runs the built one). */
const WORKER = resolve('main/adapters/clarity-file/prefetch/prefetch-worker.ts');
const TSX = { execArgv: ['--import', 'tsx'] };

const question = (i: number) =>
  JSON.stringify({ key: `k${i}`, question: `Question ${i}?`, pid: 7 });

// Linux only, as the CLI uses it (startup-prefetch.ts): inotify hears of a change as it is made.
describe.skipIf(process.platform !== 'linux')('QuestionPrefetch (a real thread)', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let prefetch: QuestionPrefetch | undefined;
  beforeEach(async () => {
    temp = await makeTempDir('hitl-prefetch-');
  });
  afterEach(async () => {
    prefetch?.close();
    await temp.remove();
  });

  async function fill(count: number): Promise<void> {
    for (let i = 0; i < count; i++) await writeFile(join(temp.path, `q${i}.question`), question(i));
  }

  /** What the scan would have read itself, at this moment. */
  const readNow = (base: string): PrefetchedQuestion =>
    prefetchedQuestion(prefetchQuestion(temp.path, base)!);

  it('gives each file read ahead once, as the scan would read it, and nothing before sync', async () => {
    await fill(600);
    await writeFile(join(temp.path, 'odd.question'), JSON.stringify({ key: 'k', question: 1 }));
    await writeFile(join(temp.path, 'q1.answer'), 'yes');
    prefetch = QuestionPrefetch.start(temp.path, WORKER, TSX)!;
    expect(prefetch.take('q0')).toBeUndefined();
    expect(await prefetch.sync()).toBe(true);
    for (let i = 0; i < 600; i++) expect(await prefetch.take(`q${i}`)).toEqual(readNow(`q${i}`));
    expect(await prefetch.take('q0')).toBeUndefined();
    // Not a plain question, an answer's base, never listed: read by the scan.
    expect(await prefetch.take('odd')).toBeUndefined();
    expect(await prefetch.take('q1.answer')).toBeUndefined();
    expect(await prefetch.take('new')).toBeUndefined();
  });

  it('gives nothing of a file changed before sync, or forgotten after', async () => {
    await fill(300);
    prefetch = QuestionPrefetch.start(temp.path, WORKER, TSX)!;
    // The rewrite comes after the thread's read.
    expect(await prefetch.whenRead()).toBe(true);
    await writeFile(join(temp.path, 'q5.question'), question(555));
    expect(await prefetch.sync()).toBe(true);
    expect(await prefetch.take('q5')).toBeUndefined();
    prefetch.forget('q6');
    expect(await prefetch.take('q6')).toBeUndefined();
    expect(await prefetch.take('q7')).toEqual(readNow('q7'));
  });

  it('is not used when the directory was replaced before sync', async () => {
    await fill(300);
    prefetch = QuestionPrefetch.start(temp.path, WORKER, TSX)!;
    expect(await prefetch.whenRead()).toBe(true);
    await rename(temp.path, `${temp.path}-old`);
    await mkdir(temp.path);
    await rename(join(`${temp.path}-old`, 'q1.question'), join(temp.path, 'q1.question'));
    expect(await prefetch.sync()).toBe(false);
    expect(await prefetch.take('q1')).toBeUndefined();
    await rm(`${temp.path}-old`, { recursive: true });
  });

  it('is not used when the thread cannot read the directory', async () => {
    prefetch = QuestionPrefetch.start(join(temp.path, 'missing'), WORKER, TSX)!;
    expect(await prefetch.sync()).toBe(false);
    expect(await prefetch.take('q0')).toBeUndefined();
  });

  it('reads at most maxFiles ahead; the rest is left to the scan', async () => {
    await fill(300);
    prefetch = QuestionPrefetch.start(temp.path, WORKER, { ...TSX, maxFiles: 100 })!;
    expect(await prefetch.sync()).toBe(true);
    const given = [];
    for (let i = 0; i < 300; i++) if (await prefetch.take(`q${i}`)) given.push(i);
    expect(given).toHaveLength(100);
  });

  it('lets every waiting take go on close', async () => {
    await fill(2000);
    prefetch = QuestionPrefetch.start(temp.path, WORKER, TSX)!;
    expect(await prefetch.sync()).toBe(true);
    const waits = Array.from({ length: 2000 }, (_, i) => prefetch!.take(`q${i}`));
    prefetch.close();
    expect(await prefetch.whenRead()).toBe(false);
    const results = await Promise.all(waits);
    // Whatever had come before close is given; the rest is read by the scan. None hangs.
    expect(results.length).toBe(2000);
    expect(await prefetch.take('q1999')).toBeUndefined();
  });
});
