/**
 * Child process of the startup benchmark: argv = mode dir count.
 * - service: starts the broker service over `dir` and waits until `count` requests are pending;
 * - adapter: the same with the bare Clarity file adapter (when the service has not landed);
 * - bare: reads and parses every .question file itself (the floor).
 * Prints `READY {ms, rss, maxRss}` (ms from start call to all pending; bytes), then exits.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Broker } from '../../main/broker/broker';
import {
  loadBrokerService,
  loadClarityFileAdapter,
  stopAdapter,
} from '../../test/support/load/project';
import { waitUntil } from '../../test/support/load/temp';

async function main(): Promise<void> {
  const [mode, dir, countText, stateDir] = process.argv.slice(2);
  const count = Number(countText);
  let close: () => Promise<void> = async () => {};
  let ms: number;
  if (mode === 'bare') {
    const start = performance.now();
    const parsed: unknown[] = [];
    for (const name of await readdir(dir!)) {
      if (name.endsWith('.question'))
        parsed.push(JSON.parse(await readFile(join(dir!, name), 'utf8')));
    }
    ms = performance.now() - start;
    if (parsed.length < count) throw new Error(`read ${parsed.length} of ${count}`);
  } else if (mode === 'service') {
    const startService = await loadBrokerService();
    const start = performance.now();
    const service = await startService({ dirs: [dir!], port: 0, host: '127.0.0.1', stateDir });
    await waitUntil(() => service.broker.pendingCount >= count, `${count} pending`, 120_000);
    ms = performance.now() - start;
    close = () => service.close();
  } else {
    const Adapter = await loadClarityFileAdapter();
    const broker = new Broker();
    const start = performance.now();
    const adapter = await Adapter.start({ dir: dir!, broker });
    await waitUntil(() => broker.pendingCount >= count, `${count} pending`, 120_000);
    ms = performance.now() - start;
    close = () => Promise.resolve(stopAdapter(adapter));
  }
  const rss = process.memoryUsage().rss;
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log(`READY ${JSON.stringify({ ms, rss, maxRss })}`);
  await close();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
