import type { Benchmark } from '../lib/figure';
import { startServiceProcess } from '../lib/service';
import { mib } from '../lib/stats';
import { withTempDir } from '../lib/temp';

const SETTLE_MS = 3000;

async function settledRss(start: () => ReturnType<typeof startServiceProcess>): Promise<number> {
  const proc = await start();
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return proc.proc.rss();
  } finally {
    await proc.stop();
  }
}

export const idleRss: Benchmark = {
  title: 'idle RSS',
  specs: [{ id: 'idle.rss', name: 'idle RSS of the broker (empty handshake dir, HTTP up)', unit: 'MB', baselineLabel: 'bare node:http, same loader' }],
  async run() {
    const broker = await withTempDir('idle', (dir) => settledRss(() => startServiceProcess({ dirs: [dir] })));
    const bare = await settledRss(() => startServiceProcess('bare'));
    return { 'idle.rss': { value: mib(broker), baseline: mib(bare), note: `${SETTLE_MS / 1000} s after start; both children run TypeScript through tsx` } };
  },
};
