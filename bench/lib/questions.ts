import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mapLimit } from '../../test/support/load/http-client';

/** The JSON a Clarity runtime writes into `{safeKey}.question`. */
export function questionJson(key: string, i = 0): string {
  return JSON.stringify({
    key,
    question: `Benchmark question ${i}: does step ${i} look right?\n\n- item one\n- item two`,
    timestamp: Date.now(),
    pid: process.pid,
  });
}

/** Writes `count` question files `${prefix}-${i}.question` into `dir` (a pre-filled handshake dir). */
export async function writeQuestionFiles(
  dir: string,
  count: number,
  prefix = 'bench-q',
): Promise<string[]> {
  const keys = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  await mapLimit(keys, 64, (key, i) =>
    writeFile(join(dir, `${key}.question`), questionJson(key, i)),
  );
  return keys;
}
