import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasBuiltCli } from '../lib/built-cli';
import { spawnTs } from '../../test/support/load/child';
import type { Benchmark, Measurement } from '../lib/figure';
import { loadBrokerService } from '../../test/support/load/project';
import { writeQuestionFiles } from '../lib/questions';
import { bareReadStartup, builtServeStartup, type StartupResult } from '../lib/serve-startup';
import { median, mib } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';

const COUNT = Number(process.env.BENCH_STARTUP_FILES ?? 10_000);
/**
 * Interleaved runs per figure (floor, built, built over an empty dir; each round starts with the
 * next of the three): one cold start of each moved the ratio by ±0.2 on the 2-core VM, where the
 * page cache of the files is reclaimed between runs.
 */
const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_STARTUP_RUNS ?? 5)) || 5);
/** From-source runs (each a tsx child, ~2 s): fewer. */
const SOURCE_RUNS = Math.min(RUNS, 3);

/** The run of median time, and every run's time in the order they ran. */
function medianRun<T extends { ms: number }>(runs: T[]): T & { all: string } {
  const middle = [...runs].sort((a, b) => a.ms - b.ms)[(runs.length - 1) >> 1]!;
  return { ...middle, all: runs.map((run) => run.ms.toFixed(0)).join(', ') };
}

interface SourceResult {
  ms: number;
  maxRss: number;
}

/** From source in a tsx child: start call → all pending (no process boot), and peak RSS. */
async function sourceStartup(mode: string, dir: string): Promise<SourceResult> {
  const stateDir = await mkdtemp(join(tmpdir(), 'hitl-state-'));
  const child = spawnTs<SourceResult>('bench/children/startup-child.ts', [
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
      const runs = {
        bare: [] as StartupResult[],
        built: [] as StartupResult[],
        empty: [] as StartupResult[],
      };
      if (hasBuiltCli()) {
        await withTempDir('startup-empty', async (emptyDir) => {
          const kinds = [
            async () => runs.bare.push(await bareReadStartup(dir, COUNT)),
            async () => runs.built.push(await builtServeStartup(dir, COUNT)),
            async () => runs.empty.push(await builtServeStartup(emptyDir, 0)),
          ];
          for (let round = 0; round < RUNS; round++)
            for (let k = 0; k < kinds.length; k++) await kinds[(round + k) % kinds.length]!();
        });
        const bare = medianRun(runs.bare);
        const built = medianRun(runs.built);
        out['startup.time'] = {
          value: built.ms,
          baseline: bare.ms,
          note: `median of ${RUNS} interleaved runs (in run order: built ${built.all}; floor ${bare.all}); includes Node boot and module load of the bundle; the median run printed its URL after ${built.listening?.toFixed(0)} ms`,
        };
        out['startup.rss'] = {
          value: mib(median(runs.built.map((run) => run.peakRss))),
          baseline: mib(median(runs.bare.map((run) => run.peakRss))),
          note: `VmHWM of the serve process, median of ${RUNS}`,
        };
      } else {
        out['startup.time'] = out['startup.rss'] = {
          value: Number.NaN,
          note: 'no built CLI (out/main/cli.js): run npm run build',
        };
      }
      const sourceRuns = { bare: [] as SourceResult[], service: [] as SourceResult[] };
      for (let i = 0; i < SOURCE_RUNS; i++) {
        sourceRuns.bare.push(await sourceStartup('bare', dir));
        sourceRuns.service.push(await sourceStartup('service', dir));
      }
      const source = medianRun(sourceRuns.service);
      out['startup.source.time'] = {
        value: source.ms,
        baseline: medianRun(sourceRuns.bare).ms,
        note: `median of ${SOURCE_RUNS} (${source.all}); peak RSS ${mib(source.maxRss).toFixed(0)} MB under tsx`,
      };
      if (hasBuiltCli()) {
        // Both built runs boot Node and load the bundle; the difference is the work per file,
        // taken within each round (the two ran a moment apart).
        const work = medianRun(runs.built.map((full, i) => ({ ms: full.ms - runs.empty[i]!.ms })));
        out['startup.built.work'] = {
          value: work.ms,
          baseline: source.ms,
          note: `median of ${RUNS} rounds' differences (${work.all}); built ${medianRun(runs.built).ms.toFixed(0)} ms over ${COUNT} files, ${medianRun(runs.empty).ms.toFixed(0)} ms over none (medians)`,
        };
      }
      return out;
    });
  },
};
