import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasBuiltCli } from '../lib/built-cli';
import { spawnTs } from '../../test/support/load/child';
import type { Benchmark, Measurement } from '../lib/figure';
import { loadBrokerService } from '../../test/support/load/project';
import { writeQuestionFiles } from '../lib/questions';
import { bareReadStartup, builtServeStartup } from '../lib/serve-startup';
import { mib } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';

const COUNT = Number(process.env.BENCH_STARTUP_FILES ?? 10_000);

/** From source in a tsx child: start call → all pending (no process boot), and peak RSS. */
async function sourceStartup(mode: string, dir: string): Promise<{ ms: number; maxRss: number }> {
  const stateDir = await mkdtemp(join(tmpdir(), 'hitl-state-'));
  const child = spawnTs<{ ms: number; maxRss: number }>('bench/children/startup-child.ts', [
    mode,
    dir,
    String(COUNT),
    stateDir,
  ]);
  try {
    return await child.ready;
  } finally {
    await child.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
}

export const startup: Benchmark = {
  title: 'startup over question files',
  specs: [
    {
      id: 'startup.time',
      name: `startup over ${COUNT} question files: built serve, spawn → all pending (SSE)`,
      unit: 'ms',
      target: { op: '<=', value: 3, on: 'ratio' },
      baselineLabel: 'plain node: spawn, read+parse all',
    },
    {
      id: 'startup.rss',
      name: `startup over ${COUNT} question files: built serve, peak RSS`,
      unit: 'MB',
      target: { op: '<=', value: 200 },
      baselineLabel: 'plain node read+parse all',
    },
    {
      id: 'startup.source.time',
      name: `startup over ${COUNT} files from source: startBrokerService → all pending`,
      unit: 'ms',
      baselineLabel: 'tsx child read+parse',
    },
    {
      id: 'startup.built.work',
      name: `startup over ${COUNT} files, the broker's own work built: spawn → all pending, minus the same over an empty dir`,
      unit: 'ms',
      target: { op: '<=', value: 1, on: 'ratio' },
      baselineLabel: 'from source: startBrokerService → all pending (module load excluded)',
    },
  ],
  async run() {
    await loadBrokerService();
    return withTempDir('startup', async (dir) => {
      await writeQuestionFiles(dir, COUNT);
      const out: Record<string, Measurement> = {};
      if (hasBuiltCli()) {
        const bare = await bareReadStartup(dir, COUNT);
        const built = await builtServeStartup(dir, COUNT);
        out['startup.time'] = {
          value: built.ms,
          baseline: bare.ms,
          note: `includes Node boot and module load of the bundle; it printed its URL after ${built.listening?.toFixed(0)} ms`,
        };
        out['startup.rss'] = {
          value: mib(built.peakRss),
          baseline: mib(bare.peakRss),
          note: 'VmHWM of the serve process',
        };
      } else {
        out['startup.time'] = out['startup.rss'] = {
          value: Number.NaN,
          note: 'no built CLI (out/main/cli.js): run npm run build',
        };
      }
      const bareSource = await sourceStartup('bare', dir);
      const source = await sourceStartup('service', dir);
      out['startup.source.time'] = {
        value: source.ms,
        baseline: bareSource.ms,
        note: `peak RSS ${mib(source.maxRss).toFixed(0)} MB under tsx`,
      };
      if (hasBuiltCli()) {
        // Both built runs boot Node and load the bundle; the difference is the work per file.
        const empty = await withTempDir('startup-empty', (emptyDir) =>
          builtServeStartup(emptyDir, 0),
        );
        const full = await builtServeStartup(dir, COUNT);
        out['startup.built.work'] = {
          value: full.ms - empty.ms,
          baseline: source.ms,
          note: `built ${full.ms.toFixed(0)} ms over ${COUNT} files, ${empty.ms.toFixed(0)} ms over none`,
        };
      }
      return out;
    });
  },
};
