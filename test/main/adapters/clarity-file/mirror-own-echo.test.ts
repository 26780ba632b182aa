import { existsSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as agentFile from '../../../../main/adapters/clarity-file/agent-file';
import * as questionFile from '../../../../main/adapters/clarity-file/question-file';
import { startHarness } from './harness';

vi.mock('../../../../main/adapters/clarity-file/question-file', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../../../main/adapters/clarity-file/question-file')>();
  return { ...original, readQuestionFile: vi.fn(original.readQuestionFile) };
});

vi.mock('../../../../main/adapters/clarity-file/agent-file', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../../../main/adapters/clarity-file/agent-file')>();
  return { ...original, readAgentFile: vi.fn(original.readAgentFile) };
});

type Harness = Awaited<ReturnType<typeof startHarness>>;

let sentinels = 0;
/**
 * A barrier instead of a sleep: a runtime's question written now is asked only once the watch
 * has reported it, after every change made before it (one directory watch reports in order), and
 * whenIdle() waits for what those reports started.
 */
async function watchCaughtUp(h: Harness): Promise<void> {
  const key = `sentinel-${++sentinels}`;
  await writeFile(join(h.dir, `${key}.question`), JSON.stringify({ key, question: 'Seen?' }));
  await vi.waitFor(() => expect(h.broker.findPending('clarity-file', key)).toBeDefined());
  await h.adapter.whenIdle();
}

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
    // The watch has reported the new file.
    await watchCaughtUp(h);
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

  it('costs no file read when the watch reports its writing and its removal back', async () => {
    const reads = vi.mocked(agentFile.readAgentFile);
    const request = h.broker.add({ source: 'clarity-http', key: 'quiet', prompt: 'Ship?' });
    await h.adapter.mirror(request);
    const mirrorPath = join(h.dir, 'quiet.question');
    expect(existsSync(mirrorPath)).toBe(true);
    await watchCaughtUp(h);
    h.broker.answer(request.id, { text: 'yes' }, 'ui');
    await vi.waitFor(() => expect(existsSync(mirrorPath)).toBe(false));
    await watchCaughtUp(h);
    const touched = reads.mock.calls
      .map(([path]) => path)
      .filter((path) => path.startsWith(join(h.dir, 'quiet.')));
    expect(touched).toEqual([]);
    // The name is anyone's again: a runtime's question there is read and asked.
    await writeFile(mirrorPath, JSON.stringify({ key: 'quiet', question: 'a runtime asks' }));
    await vi.waitFor(() => expect(h.broker.findPending('clarity-file', 'quiet')).toBeDefined());
  });

  it("never takes a runtime's removal for the broker's own echo", async () => {
    // Only fs.watch reports here: no chokidar, no rescan in the test's time.
    await h.stop();
    h = await startHarness({ deferReliableWatch: true, rescanMs: 3_600_000 });
    const request = h.broker.add({ source: 'clarity-http', key: 'k', prompt: 'Ship?' });
    await h.adapter.mirror(request);
    const path = join(h.dir, 'k.question');
    await watchCaughtUp(h);
    // A file tool removes the mirror: the request is cancelled, and the broker finds nothing to remove.
    await unlink(path);
    expect(await h.broker.waitForResolution(request.id)).toMatchObject({ status: 'cancelled' });
    await watchCaughtUp(h);
    // A runtime asks under that name, then gives up: its request leaves pending.
    await writeFile(path, JSON.stringify({ key: 'k', question: 'a runtime asks' }));
    await vi.waitFor(() => expect(h.broker.findPending('clarity-file', 'k')).toBeDefined());
    const asked = h.broker.findPending('clarity-file', 'k')!;
    await watchCaughtUp(h);
    await unlink(path);
    await vi.waitFor(() => expect(h.broker.get(asked.id)?.status).toBe('expired'));
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
