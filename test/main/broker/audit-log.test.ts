import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog, type AuditEntry } from '../../../main/broker/audit-log';
import { Broker } from '../../../main/broker/broker';
import { makeTempDir } from '../../support/temp-dir';

const readLines = async (path: string) =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AuditEntry);

describe('AuditLog', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => {
    await temp.remove();
  });

  it('writes one JSON line per event with key, question, response, resolver and wait time', async () => {
    let now = 1_700_000_000_000;
    const broker = new Broker({ now: () => now });
    const path = join(temp.path, 'logs', 'audit.jsonl');
    const log = await AuditLog.open(path);
    log.attach(broker);
    const a = broker.add({ source: 'clarity-file', key: 'review-3', prompt: 'Looks right?' });
    now += 2_500;
    broker.answer(a.id, { text: 'yes' }, 'cli');
    const b = broker.add({ source: 'clarity-http', key: 'b', prompt: 'B?' });
    broker.update(b.id, { title: 'ignored' });
    now += 100;
    broker.cancel(b.id, { reason: 'no longer needed', by: 'ui' });
    await log.close();
    const lines = await readLines(path);
    expect(lines.map((l) => l.event)).toEqual(['added', 'answered', 'added', 'cancelled']);
    expect(lines[1]).toEqual({
      time: new Date(1_700_000_002_500).toISOString(),
      event: 'answered',
      id: a.id,
      key: 'review-3',
      source: 'clarity-file',
      question: 'Looks right?',
      response: 'yes',
      resolvedBy: 'cli',
      waitMs: 2_500,
    });
    expect(lines[3]).toMatchObject({
      resolvedBy: 'ui',
      cancelReason: 'no longer needed',
      waitMs: 100,
    });
  });

  it('appends to an existing file and never interleaves lines, even from two writers at once', async () => {
    const path = join(temp.path, 'audit.jsonl');
    const [one, two] = await Promise.all([AuditLog.open(path), AuditLog.open(path)]);
    const big = 'x'.repeat(200_000);
    for (let i = 0; i < 50; i++) {
      one!.append({
        time: 't',
        event: 'added',
        key: `one-${i}`,
        source: 'clarity-file',
        question: big,
      });
      two!.append({
        time: 't',
        event: 'added',
        key: `two-${i}`,
        source: 'clarity-file',
        question: big,
      });
    }
    await Promise.all([one!.close(), two!.close()]);
    const lines = await readLines(path);
    expect(lines).toHaveLength(100);
    expect(lines.every((l) => l.question === big)).toBe(true);
    // Each writer's own lines keep their order.
    expect(lines.filter((l) => l.key.startsWith('one')).map((l) => l.key)).toEqual(
      Array.from({ length: 50 }, (_, i) => `one-${i}`),
    );
  });
});
