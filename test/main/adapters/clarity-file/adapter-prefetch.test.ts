import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuestionPrefetch } from '../../../../main/adapters/clarity-file/prefetch/question-prefetch';
import { startHarness } from './harness';
import { makeTempDir } from '../../../support/temp-dir';
import { waitFor } from '../../../support/wait-for';

const WORKER = resolve('main/adapters/clarity-file/prefetch/prefetch-worker.ts');
const TSX = { execArgv: ['--import', 'tsx'] };

const question = (i: number, text = `Question ${i}?`) =>
  JSON.stringify({ key: `k${i}`, question: text, timestamp: 1_700_000_000 + i, pid: 40 + (i % 3) });

type Harness = Awaited<ReturnType<typeof startHarness>>;

/** What the inbox shows of a harness's pending requests, in a stable order. */
const pendingOf = (h: Harness) =>
  h.broker
    .pending()
    .map(({ id, key, prompt, createdAt, agent, meta, source }) => ({
      id,
      key,
      prompt,
      createdAt,
      agent,
      meta,
      source,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));

// Linux only, as the CLI uses it (startup-prefetch.ts).
describe.skipIf(process.platform !== 'linux')(
  'ClarityFileAdapter with questions read ahead',
  () => {
    let temp: Awaited<ReturnType<typeof makeTempDir>>;
    const harnesses: Harness[] = [];
    beforeEach(async () => {
      temp = await makeTempDir('hitl-adapter-prefetch-');
    });
    afterEach(async () => {
      for (const h of harnesses.splice(0)) await h.stop();
      await temp.remove();
    });

    async function start(prefetch?: QuestionPrefetch): Promise<Harness> {
      const h = await startHarness({ dir: temp.path, deferReliableWatch: true, prefetch });
      harnesses.push(h);
      return h;
    }

    it('loads the same requests, under the same ids, as reading every file itself', async () => {
      for (let i = 0; i < 400; i++) await writeFile(join(temp.path, `q${i}.question`), question(i));
      await writeFile(
        join(temp.path, 'iso.question'),
        JSON.stringify({ key: 'iso', question: 'When?', timestamp: '2026-01-02T03:04:05Z' }),
      );
      await writeFile(join(temp.path, 'bad.question'), JSON.stringify({ key: 'bad', question: 3 }));
      const plain = await start();
      const expected = pendingOf(plain);
      const expectedInvalid = plain.invalid.map((i) => i.reason);
      await plain.stop();
      harnesses.splice(0);

      const prefetch = QuestionPrefetch.start(temp.path, WORKER, TSX)!;
      expect(await prefetch.whenRead()).toBe(true);
      const take = vi.spyOn(prefetch, 'take');
      const ahead = await start(prefetch);
      // Every plain file came from the thread (all read before the scan: given at once).
      expect(take.mock.results.filter((r) => r.value !== undefined)).toHaveLength(400);
      expect(expected).toHaveLength(401);
      expect(pendingOf(ahead)).toEqual(expected);
      expect(ahead.invalid.map((i) => i.reason)).toEqual(expectedInvalid);
      expect(expectedInvalid.join()).toMatch(/question/);
    });

    it('asks what the file says now when it was rewritten after the thread read it', async () => {
      for (let i = 0; i < 300; i++) await writeFile(join(temp.path, `q${i}.question`), question(i));
      const prefetch = QuestionPrefetch.start(temp.path, WORKER, TSX)!;
      expect(await prefetch.whenRead()).toBe(true);
      await writeFile(join(temp.path, 'q7.question'), question(7, 'Rewritten: deploy to prod?'));
      const take = vi.spyOn(prefetch, 'take');
      const h = await start(prefetch);
      const given = take.mock.results.flatMap((r, i) => (r.value ? [take.mock.calls[i]![0]] : []));
      expect(given).toHaveLength(299);
      expect(given).not.toContain('q7');
      expect(h.broker.findPending('clarity-file', 'k7')?.prompt).toBe('Rewritten: deploy to prod?');
      expect(h.broker.pending()).toHaveLength(300);
    });

    it('reads again a file changed while the read-ahead was being claimed', async () => {
      for (let i = 0; i < 300; i++) await writeFile(join(temp.path, `q${i}.question`), question(i));
      const prefetch = QuestionPrefetch.start(temp.path, WORKER, TSX)!;
      expect(await prefetch.whenRead()).toBe(true);
      // The thread has answered sync (its own watch is closed) when the file changes: only the
      // adapter's watch can tell, and its reads of q9 and q8 must not be used.
      const forget = vi.spyOn(prefetch, 'forget');
      const claim = prefetch.claim.bind(prefetch);
      vi.spyOn(prefetch, 'claim').mockImplementation(async (dir) => {
        const claimed = await claim(dir);
        await writeFile(join(temp.path, 'q9.question'), JSON.stringify({ key: 'k9', question: 3 }));
        await writeFile(join(temp.path, 'q8.question'), question(8, 'Rewritten while claimed?'));
        await waitFor(
          () =>
            forget.mock.calls.some(([b]) => b === 'q9') &&
            forget.mock.calls.some(([b]) => b === 'q8'),
          "the adapter's watch reports q9 and q8",
        );
        return claimed;
      });
      const h = await start(prefetch);
      await h.adapter.whenIdle();
      expect(h.broker.findPending('clarity-file', 'k9')).toBeUndefined();
      expect(h.invalid.map((i) => i.file)).toContain('q9.question');
      expect(h.broker.findPending('clarity-file', 'k8')?.prompt).toBe('Rewritten while claimed?');
      expect(h.broker.pending()).toHaveLength(299);
    });

    it('takes an answer file found beside a question read ahead', async () => {
      for (let i = 0; i < 300; i++) await writeFile(join(temp.path, `q${i}.question`), question(i));
      await writeFile(join(temp.path, 'q3.answer'), 'already answered');
      const prefetch = QuestionPrefetch.start(temp.path, WORKER, TSX)!;
      const h = await start(prefetch);
      await waitFor(
        () => h.broker.pending().length === 299,
        'the answered question leaves pending',
      );
      expect(h.broker.findPending('clarity-file', 'k3')).toBeUndefined();
    });

    it('leaves a read-ahead of another directory alone and reads its own files', async () => {
      const other = await makeTempDir('hitl-adapter-prefetch-other-');
      try {
        for (let i = 0; i < 300; i++)
          await writeFile(join(other.path, `q${i}.question`), question(i));
        await writeFile(join(temp.path, 'mine.question'), question(1, 'Mine?'));
        const prefetch = QuestionPrefetch.start(other.path, WORKER, TSX)!;
        const h = await start(prefetch);
        expect(h.broker.pending().map((r) => r.prompt)).toEqual(['Mine?']);
        // Not claimed: still usable by its own directory's scan.
        expect(await prefetch.sync()).toBe(true);
        expect(await prefetch.take('q1')).toBeDefined();
        prefetch.close();
      } finally {
        await other.remove();
      }
    });
  },
);
