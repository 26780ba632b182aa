import { readdir } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hitlAsk, TIMEOUT_ANSWER } from '../../../support/clarity-runtime';
import { waitFor } from '../../../support/wait-for';
import { startHarness } from './harness';

type Harness = Awaited<ReturnType<typeof startHarness>>;

describe('ClarityFileAdapter with Clarity-like runtimes', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it('serves 50 agents asking at once: each gets its own answer, exactly once', async () => {
    const answeredIds = new Set<string>();
    let answeredEvents = 0;
    h.broker.subscribe((e) => {
      if (e.type === 'added')
        h.broker.answer(e.request.id, { text: `  answer for ${e.request.key}  ` }, 'auto');
      if (e.type === 'answered') {
        answeredEvents++;
        answeredIds.add(e.request.id);
      }
    });
    const keys = Array.from({ length: 50 }, (_, i) => `agent ${i}: step/${i}`.replace('/', '-'));
    const answers = await Promise.all(
      keys.map((key) => hitlAsk({ dir: h.dir, key, question: `May ${key} continue?` })),
    );
    expect(answers).toEqual(keys.map((key) => `answer for ${key}`));
    expect(answeredEvents).toBe(50);
    expect(answeredIds.size).toBe(50);
    await waitFor(async () => (await readdir(h.dir)).length === 0, 'runtimes cleaned up');
    await h.adapter.whenIdle();
    expect(h.broker.pending()).toEqual([]);
    expect(h.broker.resolved().every((r) => r.status === 'answered')).toBe(true);
  });

  it('a runtime that times out deletes its question and the request expires (resolvedBy agent)', async () => {
    const answer = await hitlAsk({ dir: h.dir, key: 'slow', question: 'anyone?', timeoutMs: 300 });
    expect(answer).toBe(TIMEOUT_ANSWER);
    const request = await waitFor(() => h.broker.findByKey('slow'), 'request seen');
    expect(await h.broker.waitForResolution(request.id)).toMatchObject({
      status: 'expired',
      resolvedBy: 'agent',
    });
  });

  it('a runtime that writes its question in two halves still gets answered, with no invalid report', async () => {
    h.broker.subscribe((e) => e.type === 'added' && h.broker.answer(e.request.id, { text: 'ok' }));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        hitlAsk({ dir: h.dir, key: `split-${i}`, question: 'x'.repeat(2000), splitWriteMs: 20 }),
      ),
    );
    expect(answers).toEqual(Array(10).fill('ok'));
    expect(h.invalid).toEqual([]);
  });

  it('mixes answered and timed-out agents without cross-talk', async () => {
    h.broker.subscribe((e) => {
      if (e.type === 'added' && e.request.key.startsWith('yes'))
        h.broker.answer(e.request.id, { text: e.request.key });
    });
    const keys = Array.from({ length: 20 }, (_, i) => (i % 2 ? `yes-${i}` : `no-${i}`));
    const answers = await Promise.all(
      keys.map((key) =>
        hitlAsk({
          dir: h.dir,
          key,
          question: key,
          timeoutMs: key.startsWith('yes') ? 15_000 : 400,
        }),
      ),
    );
    expect(answers).toEqual(keys.map((k) => (k.startsWith('yes') ? k : TIMEOUT_ANSWER)));
    await waitFor(() => h.broker.pending().length === 0, 'nothing pending');
    const byKey = new Map(h.broker.resolved().map((r) => [r.key, r.status]));
    for (const key of keys)
      expect(byKey.get(key)).toBe(key.startsWith('yes') ? 'answered' : 'expired');
  });
});
