/**
 * Child process of the file-latency benchmark: watches argv[2] with a bare fs.watch and prints
 * `<name> <epoch ms, high resolution>` for every `.answer` that appears. Running in its own
 * process, it sees the rename when the runtime would, not when the broker's busy loop gets to it.
 */
import { watch } from 'node:fs';
import { performance } from 'node:perf_hooks';

const now = () => performance.timeOrigin + performance.now();
const seen = new Set<string>();
watch(process.argv[2]!, (_type, name) => {
  const file = name?.toString();
  if (!file?.endsWith('.answer') || seen.has(file)) return;
  seen.add(file);
  process.stdout.write(`${file} ${now()}\n`);
});
console.log('READY {}');
