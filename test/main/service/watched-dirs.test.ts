import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../main/broker/broker';
import { WatchedDirs } from '../../../main/service/watched-dirs';
import { makeTempDir } from '../../support/temp-dir';
import { waitFor } from '../../support/wait-for';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

async function setUp() {
  const root = await makeTempDir('hitl-watched-');
  const broker = new Broker();
  const warnings: string[] = [];
  const watched = new WatchedDirs({ broker, warn: (m) => warnings.push(m) });
  cleanups.push(
    root.remove,
    () => broker.close(),
    () => watched.close(),
  );
  return { root: root.path, broker, watched, warnings };
}

const question = (key: string) =>
  JSON.stringify({ key, question: `About ${key}?`, timestamp: Date.now(), pid: 42 });

describe('WatchedDirs', () => {
  it('watches a directory added while running, and the first directory receives mirrors', async () => {
    const { root, broker, watched } = await setUp();
    const a = join(root, 'a');
    const b = join(root, 'b');
    await watched.set([a]);
    await writeFile(join(root, 'late.question'), question('ignored'));
    await watched.set([b, a]);
    expect(watched.dirs).toEqual([b, a]);
    expect(watched.mirrorTarget()?.dir).toBe(b);
    await writeFile(join(b, 'step_1.question'), question('step_1'));
    await waitFor(() => broker.findPending('clarity-file', 'step_1'), 'the question in b');
    expect(broker.findPending('clarity-file', 'ignored')).toBeUndefined();
  });

  it('a removed directory is no longer watched and its questions leave the inbox without touching its files', async () => {
    const { root, broker, watched } = await setUp();
    const a = join(root, 'a');
    const b = join(root, 'b');
    await watched.set([a, b]);
    await writeFile(join(a, 'from_a.question'), question('from_a'));
    await writeFile(join(b, 'from_b.question'), question('from_b'));
    const inA = await waitFor(() => broker.findPending('clarity-file', 'from_a'), 'from_a');
    await waitFor(() => broker.findPending('clarity-file', 'from_b'), 'from_b');

    await watched.set([b]);
    expect(watched.dirs).toEqual([b]);
    expect(broker.get(inA.id)).toMatchObject({ status: 'cancelled', resolvedBy: 'system' });
    expect(broker.findPending('clarity-file', 'from_b')).toBeDefined();
    expect(existsSync(join(a, 'from_a.answer'))).toBe(false);
    expect(existsSync(join(a, 'from_a.question'))).toBe(true);
    await writeFile(join(a, 'again.question'), question('again'));
    await writeFile(join(b, 'probe.question'), question('probe'));
    await waitFor(() => broker.findPending('clarity-file', 'probe'), 'probe in b');
    expect(broker.findPending('clarity-file', 'again')).toBeUndefined();

    // Added back: the runtime's question is pending again and can be answered.
    await watched.set([b, a]);
    const back = await waitFor(() => broker.findPending('clarity-file', 'from_a'), 'from_a again');
    broker.answer(back.id, { text: 'yes' });
    await waitFor(() => existsSync(join(a, 'from_a.answer')), 'the answer file');
  });

  it('reports a directory it cannot watch and keeps the others; strict start-up fails instead', async () => {
    const { root, watched, warnings } = await setUp();
    const file = join(root, 'not-a-dir');
    await writeFile(file, 'x');
    const good = join(root, 'good');
    await watched.set([join(file, 'sub'), good]);
    expect(watched.dirs).toEqual([good]);
    expect(warnings.join('\n')).toMatch(/not-a-dir.*not watched/);
    await expect(watched.set([join(file, 'sub')], { strict: true })).rejects.toThrow();
    expect(watched.dirs).toEqual([]);
  });
});
