import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClarityFileAdapter } from '../../../../main/adapters/clarity-file';
import { Broker } from '../../../../main/broker/broker';
import { makeTempDir } from '../../../support/temp-dir';
import { waitFor } from '../../../support/wait-for';
import { startHarness } from './harness';

type Harness = Awaited<ReturnType<typeof startHarness>>;

const question = (key: string, text = `Approve ${key}?`, extra: object = {}) =>
  JSON.stringify({ key, question: text, timestamp: Date.now(), pid: 4242, ...extra });

describe('ClarityFileAdapter', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it('turns a new .question file into a pending clarity-file request with the key from the JSON', async () => {
    await writeFile(
      join(h.dir, 'review_step_1.question'),
      question('review step 1', 'Does this look right?\n\nyes'),
    );
    const request = await waitFor(
      () => h.broker.findPending('clarity-file', 'review step 1'),
      'request',
    );
    expect(request.prompt).toBe('Does this look right?\n\nyes');
    expect(request.meta).toMatchObject({ baseName: 'review_step_1', pid: 4242 });
    expect(request.agent).toEqual({ id: 'clarity:4242', runtime: 'clarity' });
    expect(h.invalid).toEqual([]);
  });

  it('writes the answer under the question file base name, never a name recomputed from the key', async () => {
    const answered: string[] = [];
    h.broker.subscribe((e) => e.type === 'answered' && answered.push(e.request.key));
    // A tool that sanitised the key differently: the file name has nothing to do with safeKey(key).
    await writeFile(join(h.dir, 'custom-name.question'), question('a.b c'));
    const request = await waitFor(() => h.broker.findPending('clarity-file', 'a.b c'), 'request');
    h.broker.answer(request.id, { text: 'Looks good' }, 'ui');
    await h.adapter.whenIdle();
    expect(await readFile(join(h.dir, 'custom-name.answer'), 'utf8')).toBe('Looks good');
    expect((await readdir(h.dir)).sort()).toEqual(['custom-name.answer', 'custom-name.question']);
    expect(answered).toEqual(['a.b c']);
  });

  it('deletes the question file when the request is cancelled (the spec cancel)', async () => {
    await writeFile(join(h.dir, 'k.question'), question('k'));
    const request = await waitFor(() => h.broker.findPending('clarity-file', 'k'), 'request');
    h.broker.cancel(request.id, { by: 'ui' });
    await h.adapter.whenIdle();
    expect(await readdir(h.dir)).toEqual([]);
    expect(h.broker.get(request.id)?.status).toBe('cancelled');
  });

  it('expires the request (resolvedBy agent) when the runtime deletes its question', async () => {
    await writeFile(join(h.dir, 'k.question'), question('k'));
    const request = await waitFor(() => h.broker.findPending('clarity-file', 'k'), 'request');
    await rm(join(h.dir, 'k.question'));
    const resolved = await h.broker.waitForResolution(request.id);
    expect(resolved).toMatchObject({ status: 'expired', resolvedBy: 'agent' });
  });

  it('keeps an answered request answered when the runtime consumes the answer and deletes its question', async () => {
    await writeFile(join(h.dir, 'k.question'), question('k'));
    const request = await waitFor(() => h.broker.findPending('clarity-file', 'k'), 'request');
    h.broker.answer(request.id, { text: 'ok' }, 'ui');
    await h.adapter.whenIdle();
    await rm(join(h.dir, 'k.answer'));
    await rm(join(h.dir, 'k.question'));
    await waitFor(async () => (await readdir(h.dir)).length === 0, 'files gone');
    await h.adapter.whenIdle();
    expect(h.broker.get(request.id)).toMatchObject({ status: 'answered', answer: { text: 'ok' } });
  });

  it('answers the request (resolvedBy cli) when another process writes the .answer', async () => {
    await writeFile(join(h.dir, 'k.question'), question('k'));
    const request = await waitFor(() => h.broker.findPending('clarity-file', 'k'), 'request');
    await writeFile(join(h.dir, 'k.answer'), '  from the terminal \n');
    const resolved = await h.broker.waitForResolution(request.id);
    expect(resolved).toMatchObject({
      status: 'answered',
      resolvedBy: 'cli',
      answer: { text: 'from the terminal' },
    });
    await h.adapter.whenIdle();
    // The broker did not overwrite the other process's answer.
    expect(await readFile(join(h.dir, 'k.answer'), 'utf8')).toBe('  from the terminal \n');
  });

  it('an answer file created empty and written a moment later gives the written text; one that stays empty is an empty approval', async () => {
    await writeFile(join(h.dir, 'a.question'), question('a'));
    await writeFile(join(h.dir, 'b.question'), question('b'));
    const a = await waitFor(() => h.broker.findPending('clarity-file', 'a'), 'a');
    const b = await waitFor(() => h.broker.findPending('clarity-file', 'b'), 'b');
    await writeFile(join(h.dir, 'a.answer'), '');
    await writeFile(join(h.dir, 'b.answer'), '');
    await writeFile(join(h.dir, 'a.answer'), 'written late\n');
    expect(await h.broker.waitForResolution(a.id)).toMatchObject({
      status: 'answered',
      answer: { text: 'written late' },
    });
    expect(await h.broker.waitForResolution(b.id)).toMatchObject({
      status: 'answered',
      answer: { text: '' },
      resolvedBy: 'cli',
    });
  });

  it('a later question with the same key after the first was consumed is a new request', async () => {
    await writeFile(join(h.dir, 'k.question'), question('k', 'first'));
    const first = await waitFor(() => h.broker.findPending('clarity-file', 'k'), 'first');
    h.broker.answer(first.id, { text: 'one' });
    await h.adapter.whenIdle();
    await rm(join(h.dir, 'k.answer'));
    await rm(join(h.dir, 'k.question'));
    await writeFile(join(h.dir, 'k.question'), question('k', 'second'));
    const second = await waitFor(() => h.broker.findPending('clarity-file', 'k'), 'second');
    expect(second.id).not.toBe(first.id);
    expect(second.prompt).toBe('second');
  });

  it('a rewrite of the same question (same fingerprint) is not a second request, even after it was answered', async () => {
    const body = question('same');
    await writeFile(join(h.dir, 'same.question'), body);
    const request = await waitFor(() => h.broker.findPending('clarity-file', 'same'), 'request');
    h.broker.answer(request.id, { text: 'done' });
    await h.adapter.whenIdle();
    await writeFile(join(h.dir, 'same.question'), body + '\n'); // new size and mtime, same content
    await writeFile(join(h.dir, 'other.question'), question('other'));
    await waitFor(() => h.broker.findPending('clarity-file', 'other'), 'other');
    await h.adapter.whenIdle();
    expect(h.broker.resolved().filter((r) => r.key === 'same')).toHaveLength(1);
    expect(h.broker.findPending('clarity-file', 'same')).toBeUndefined();
  });

  it('a new question with the same key replacing the old file in place is a new request', async () => {
    await writeFile(
      join(h.dir, 'k.question'),
      JSON.stringify({ key: 'k', question: 'again?', timestamp: 1_700_000_000_000 }),
    );
    const first = await waitFor(() => h.broker.findPending('clarity-file', 'k'), 'first');
    await writeFile(
      join(h.dir, 'k.question'),
      JSON.stringify({ key: 'k', question: 'again?', timestamp: 1_700_000_000_001 }),
    );
    const second = await waitFor(() => {
      const r = h.broker.findPending('clarity-file', 'k');
      return r && r.id !== first.id ? r : undefined;
    }, 'second');
    expect(h.broker.get(first.id)).toMatchObject({ status: 'expired', resolvedBy: 'agent' });
    expect(second.createdAt).toBe(1_700_000_000_001);
  });

  it('removes an answer it wrote when the runtime gave up at the same moment (no orphan answers)', async () => {
    await writeFile(join(h.dir, 'k.question'), question('k'));
    const request = await waitFor(() => h.broker.findPending('clarity-file', 'k'), 'request');
    await rm(join(h.dir, 'k.question'));
    // Answer before the adapter noticed the deletion (answer vs runtime timeout race).
    let outcome: string;
    try {
      h.broker.answer(request.id, { text: 'late' });
      outcome = 'answered';
    } catch {
      outcome = 'already resolved';
    }
    await h.adapter.whenIdle();
    await waitFor(async () => (await readdir(h.dir)).length === 0, 'no orphan answer');
    expect(['answered', 'already resolved']).toContain(outcome);
  });
});

describe('ClarityFileAdapter start-up scan', () => {
  it('opens existing questions as pending and a question with an existing .answer as answered', async () => {
    const temp = await makeTempDir();
    try {
      await writeFile(join(temp.path, 'a.question'), question('a'));
      await writeFile(join(temp.path, 'b.question'), question('b'));
      await writeFile(join(temp.path, 'b.answer'), 'yes\n');
      await writeFile(join(temp.path, 'notes.txt'), 'ignored');
      const broker = new Broker();
      const adapter = await ClarityFileAdapter.start({ dir: temp.path, broker });
      // Ready means scanned: no waiting needed.
      expect(broker.pending().map((r) => r.key)).toEqual(['a']);
      expect(broker.findByKey('b')).toMatchObject({ status: 'answered', answer: { text: 'yes' } });
      await adapter.close();
      expect(await readFile(join(temp.path, 'b.answer'), 'utf8')).toBe('yes\n');
    } finally {
      await temp.remove();
    }
  });

  it('creates a missing handshake directory', async () => {
    const temp = await makeTempDir();
    try {
      const dir = join(temp.path, 'nested', '.clarity-hitl');
      const broker = new Broker();
      const adapter = await ClarityFileAdapter.start({ dir, broker });
      await writeFile(join(dir, 'x.question'), question('x'));
      await waitFor(() => broker.findPending('clarity-file', 'x'), 'request');
      await adapter.close();
    } finally {
      await temp.remove();
    }
  });
});
