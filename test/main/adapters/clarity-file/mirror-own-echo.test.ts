import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as questionFile from '../../../../main/adapters/clarity-file/question-file';
import { startHarness } from './harness';

vi.mock('../../../../main/adapters/clarity-file/question-file', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../../../main/adapters/clarity-file/question-file')>();
  return { ...original, readQuestionFile: vi.fn(original.readQuestionFile) };
});

type Harness = Awaited<ReturnType<typeof startHarness>>;

describe('a mirror reported back by the watch', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it('is not read again while it is the file the adapter wrote; its .answer still counts', async () => {
    const reads = vi.mocked(questionFile.readQuestionFile);
    const request = h.broker.add({ source: 'clarity-http', key: 'mine', prompt: 'Ship?' });
    await h.adapter.mirror(request);
    // Give fs.watch (and the rescan's first listing) time to report the new file.
    await new Promise((r) => setTimeout(r, 100));
    await writeFile(join(h.dir, 'mine.answer'), 'ok');
    expect(await h.broker.waitForResolution(request.id)).toMatchObject({
      status: 'answered',
      answer: { text: 'ok' },
    });
    // Reads that found the file (the removal's own echo afterwards finds nothing).
    const mirrorPath = join(h.dir, 'mine.question');
    const found: unknown[] = [];
    for (const [i, [path]] of reads.mock.calls.entries()) {
      const read = await reads.mock.results[i]!.value;
      if (path === mirrorPath && !('missing' in read && read.missing)) found.push(read);
    }
    expect(found).toEqual([]);
  });

  it('is read again once someone else wrote over it', async () => {
    const reads = vi.mocked(questionFile.readQuestionFile);
    const request = h.broker.add({ source: 'clarity-http', key: 'theirs', prompt: 'Ship?' });
    await h.adapter.mirror(request);
    const mirrorPath = join(h.dir, 'theirs.question');
    await writeFile(mirrorPath, JSON.stringify({ key: 'theirs', question: 'a runtime asks' }));
    await vi.waitFor(() =>
      expect(reads.mock.calls.some(([path]) => path === mirrorPath)).toBe(true),
    );
    await vi.waitFor(() => expect(h.broker.findPending('clarity-file', 'theirs')).toBeDefined());
  });
});
