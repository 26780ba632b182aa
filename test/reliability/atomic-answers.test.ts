import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServiceInProcess } from '../support/load/service';
import { waitUntil } from '../support/load/temp';
import { writeFileAtomic } from '../../main/adapters/clarity-file';
import { TempDirs } from './helpers/temp-dirs';

const READS = Number(process.env.ATOMIC_READS ?? 10_000);
const temp = new TempDirs();
afterEach(() => temp.cleanup());

/** A self-describing answer: header with its own length, body, trailer. Any cut shows. */
function answerText(i: number, size: number): string {
  const body = String.fromCharCode(97 + (i % 26)).repeat(size);
  return `ANSWER ${i} ${size}\n${body}\nEND ${i}`;
}

function isWhole(text: string): boolean {
  const match = /^ANSWER (\d+) (\d+)\n/.exec(text);
  if (!match) return false;
  const [, i, size] = match;
  return text === answerText(Number(i), Number(size));
}

describe('atomic answers: a reader never sees a partial or empty answer', () => {
  it(`writeFileAtomic: ${READS} reads of one .answer while it is rewritten are each whole`, async () => {
    const dir = await temp.make('atomic');
    const path = join(dir, 'step.answer');
    await writeFileAtomic(path, answerText(0, 1000));
    let done = false;
    let writes = 0;
    const writer = (async () => {
      for (let i = 1; !done; i++) {
        await writeFileAtomic(path, answerText(i, 1000 + ((i * 7919) % 200_000)));
        writes++;
        // writeFileAtomic may be synchronous inside: yield so the reader's I/O completes too.
        await new Promise((r) => setImmediate(r));
      }
    })();
    const bad: string[] = [];
    for (let r = 0; r < READS; r++) {
      const text = await readFile(path, 'utf8');
      if (!isWhole(text))
        bad.push(
          `read ${r}: ${text.length} chars: ${JSON.stringify(text.slice(0, 40))}…${JSON.stringify(text.slice(-20))}`,
        );
    }
    done = true;
    await writer;
    expect(writes, 'the writer really ran during the reads').toBeGreaterThan(10);
    expect(bad.slice(0, 5), `${bad.length} partial reads`).toEqual([]);
  });

  it('end to end: answers the broker writes for 200 questions are whole whenever a polling reader finds them', async () => {
    const dir = await temp.make('atomic-e2e');
    const service = await startServiceInProcess({ dirs: [dir] });
    try {
      const count = 200;
      const keys = Array.from({ length: count }, (_, i) => `atomic-${i}`);
      for (const key of keys)
        await writeFile(join(dir, `${key}.question`), JSON.stringify({ key, question: 'q' }));
      await waitUntil(() => service.broker.pendingCount >= count, `${count} pending`);
      const seen = new Map<string, string>();
      let reads = 0;
      const bad: string[] = [];
      const reader = (async () => {
        while (seen.size < count) {
          for (const [i, key] of keys.entries()) {
            if (seen.has(key)) continue;
            const path = join(dir, `${key}.answer`);
            if (!existsSync(path)) continue;
            reads++;
            const text = await readFile(path, 'utf8').catch(() => undefined);
            if (text === undefined) continue;
            if (text.trim() !== answerText(i, 50_000 + i)) bad.push(`${key}: ${text.length} chars`);
            seen.set(key, text);
          }
          await new Promise((r) => setImmediate(r));
        }
      })();
      for (const [i, key] of keys.entries()) {
        const request = service.broker.findPending('clarity-file', key)!;
        service.broker.answer(request.id, { text: answerText(i, 50_000 + i) }, 'ui');
      }
      await Promise.race([
        reader,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`only ${seen.size} answers appeared`)), 60_000),
        ),
      ]);
      expect(bad, 'partial answers seen').toEqual([]);
      expect(seen.size).toBe(count);
      expect(reads).toBeGreaterThanOrEqual(count);
    } finally {
      await service.close();
    }
  });
});
