import { hasBuiltCli, spawnBuiltServe, spawnListening, type PlainProcess } from '../lib/built-cli';
import { rssOf } from '../../test/support/load/child';
import type { Benchmark, Measurement } from '../lib/figure';
import { startServiceProcess } from '../../test/support/load/service';
import { median, mib } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';

const SETTLE_MS = 3000;
const RUNS = 3;
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
      target: { op: '<=', value: 1.5, on: 'ratio' },
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
      // Medians of interleaved runs: one sample of either moves by ~1 MB from run to run.
      const built: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        built.push(
          await withTempDir('idle-built', (dir) =>
            withTempDir('idle-state', (state) => plainNodeRss(() => spawnBuiltServe(dir, state))),
          ),
        );
        bare.push(await plainNodeRss(() => spawnListening(['-e', BARE_SERVER])));
      }
      out['idle.rss'] = {
        value: mib(median(built)),
        baseline: mib(median(bare)),
        note: `${SETTLE_MS / 1000} s after it printed its URL; medians of ${RUNS} interleaved runs (built ${built.map((b) => mib(b).toFixed(1)).join(' / ')} MB)`,
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
