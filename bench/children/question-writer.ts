/**
 * Child process of the file-latency benchmark, standing in for the agent runtime: for every
 * `<key> <index>` line on stdin it writes `{dir}/{key}.question` and prints
 * `<key> <epoch ms, high resolution>` taken just before the write. Writing from its own process,
 * as a Clarity runtime does, keeps the writer's I/O out of the broker's thread pool.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { questionJson } from '../lib/questions';

const dir = process.argv[2]!;
createInterface({ input: process.stdin }).on('line', (line) => {
  const [key, index] = line.split(' ');
  if (!key) return;
  const body = questionJson(key, Number(index));
  const at = performance.timeOrigin + performance.now();
  writeFileSync(join(dir, `${key}.question`), body);
  process.stdout.write(`${key} ${at}\n`);
});
console.log('READY {}');
