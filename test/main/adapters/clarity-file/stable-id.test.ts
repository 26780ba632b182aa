import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { stableFileRequestId } from '../../../../main/adapters/clarity-file/stable-id';
import { makeTempDir } from '../../../support/temp-dir';
import { waitFor } from '../../../support/wait-for';
import { startHarness } from './harness';

const question = (key: string, text: string) =>
  JSON.stringify({ key, question: text, timestamp: 1_700_000_000_000 });

describe('file request ids across a broker restart', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of cleanups.splice(0).reverse()) await close();
  });

  it('a restarted broker re-reads a pending question file under the same id', async () => {
    const temp = await makeTempDir('clarity-stable-');
    cleanups.push(() => temp.remove());
    await writeFile(join(temp.path, 'deploy.question'), question('deploy', 'Ship?'));
    await writeFile(join(temp.path, 'other.question'), question('other', 'Other?'));

    const first = await startHarness({ dir: temp.path });
    const before = await waitFor(() => first.broker.findPending('clarity-file', 'deploy'), 'read');
    const other = await waitFor(() => first.broker.findPending('clarity-file', 'other'), 'read');
    await first.stop();

    const second = await startHarness({ dir: temp.path });
    cleanups.push(() => second.stop());
    const after = await waitFor(() => second.broker.findPending('clarity-file', 'deploy'), 'read');
    expect(after.id).toBe(before.id);
    expect(other.id).not.toBe(before.id);
  });

  it('a question file whose request the broker already holds resolved is not asked again: its answer is written, a cancel removes it', async () => {
    const temp = await makeTempDir('clarity-known-');
    cleanups.push(() => temp.remove());
    await writeFile(join(temp.path, 'shipped.question'), question('shipped', 'Ship?'));
    await writeFile(join(temp.path, 'dropped.question'), question('dropped', 'Drop?'));
    await writeFile(join(temp.path, 'kept.question'), question('kept', 'Keep?'));
    const first = await startHarness({ dir: temp.path });
    const pending = await waitFor(
      () => (first.broker.pending().length === 3 ? first.broker.pending() : undefined),
      'read',
    );
    await first.adapter.close();
    first.broker.close();

    // What a shared store hands a restarted broker: one answered and one cancelled elsewhere
    // while no adapter watched the files, one still pending.
    const byKey = new Map(pending.map((r) => [r.key, r]));
    const now = Date.now();
    const broker = new Broker();
    broker.restore([
      {
        ...byKey.get('shipped')!,
        status: 'answered',
        answer: { text: 'go' },
        resolvedAt: now,
        resolvedBy: 'ui',
      },
      { ...byKey.get('dropped')!, status: 'cancelled', resolvedAt: now, resolvedBy: 'ui' },
      byKey.get('kept')!,
    ]);
    const second = await startHarness({ dir: temp.path, broker });
    cleanups.push(() => second.stop());
    await waitFor(
      async () =>
        (await readFile(join(temp.path, 'shipped.answer'), 'utf8').catch(() => '')) === 'go',
      'the answer written',
    );
    await waitFor(
      async () => !(await readFile(join(temp.path, 'dropped.question')).catch(() => undefined)),
      'the cancelled question removed',
    );
    expect(broker.pending().map((r) => r.id)).toEqual([byKey.get('kept')!.id]);
    expect(second.invalid).toEqual([]);
    broker.answer(byKey.get('kept')!.id, { text: 'kept it' });
    await waitFor(
      async () =>
        (await readFile(join(temp.path, 'kept.answer'), 'utf8').catch(() => '')) === 'kept it',
      'the pending one followed',
    );
    expect(broker.resolved()).toHaveLength(3);
  });

  it('the id changes with the file (a new question under the same name is a new request)', () => {
    const sig = { ino: 7, mtimeMs: 1000 };
    const id = stableFileRequestId('/d', 'deploy', sig, 'print');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableFileRequestId('/d', 'deploy', sig, 'print')).toBe(id);
    expect(stableFileRequestId('/d', 'deploy', { ...sig, mtimeMs: 1001 }, 'print')).not.toBe(id);
    expect(stableFileRequestId('/d', 'deploy', sig, 'other print')).not.toBe(id);
    expect(stableFileRequestId('/e', 'deploy', sig, 'print')).not.toBe(id);
  });
});
