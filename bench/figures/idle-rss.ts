import { hasBuiltCli, spawnBuiltServe, spawnListening, type PlainProcess } from '../lib/built-cli';
import { rssOf } from '../../test/support/load/child';
import type { Benchmark, Measurement } from '../lib/figure';
import { startServiceProcess } from '../../test/support/load/service';
import { mib } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';

const SETTLE_MS = 3000;
const BARE_SERVER =
  "require('http').createServer((q,s)=>s.end('{}')).listen(0,'127.0.0.1',()=>console.log('listening on http://127.0.0.1'))";

/** Starts a plain node process, waits for "listening on", settles, returns its RSS, stops it. */
async function plainNodeRss(start: () => Promise<PlainProcess>): Promise<number> {
  const proc = await start();
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return rssOf(proc.child.pid!);
  } finally {
    await proc.stop();
  }
}

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
  specs: [
    {
      id: 'idle.rss',
      name: 'idle RSS of the broker: built `clarity-hitl serve` (empty dir, HTTP up)',
      unit: 'MB',
      baselineLabel: 'bare node:http, plain node',
    },
    {
      id: 'idle.rss.tsx',
      name: 'idle RSS of the broker service from source (tsx)',
      unit: 'MB',
      baselineLabel: 'bare node:http under tsx',
    },
  ],
  async run() {
    const out: Record<string, Measurement> = {};
    if (hasBuiltCli()) {
      const built = await withTempDir('idle-built', (dir) =>
        withTempDir('idle-state', (state) => plainNodeRss(() => spawnBuiltServe(dir, state))),
      );
      const bare = await plainNodeRss(() => spawnListening(['-e', BARE_SERVER]));
      out['idle.rss'] = {
        value: mib(built),
        baseline: mib(bare),
        note: `${SETTLE_MS / 1000} s after it printed its URL`,
      };
    } else {
      out['idle.rss'] = {
        value: Number.NaN,
        note: 'no built CLI (out/main/cli.js): run npm run build',
      };
    }
    const source = await withTempDir('idle', (dir) =>
      settledRss(() => startServiceProcess({ dirs: [dir] })),
    );
    const bareTsx = await settledRss(() => startServiceProcess('bare'));
    out['idle.rss.tsx'] = {
      value: mib(source),
      baseline: mib(bareTsx),
      note: 'the other RSS figures (startup, held waiters) run from source like this',
    };
    return out;
  },
};
