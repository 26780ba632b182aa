import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { hasBuiltCli, spawnBuiltServe, spawnListening } from '../lib/built-cli';
import { rssOf, spawnTs } from '../../test/support/load/child';
import type { Benchmark, Measurement } from '../lib/figure';
import { loadBrokerService } from '../../test/support/load/project';
import { writeQuestionFiles } from '../lib/questions';
import { SseClient } from '../../test/support/load/sse-client';
import { mib } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';

const COUNT = Number(process.env.BENCH_STARTUP_FILES ?? 10_000);

/** The floor: plain node reads and parses every question file, then says "listening on" and exits. */
const BARE_READ = `const fs=require('fs'),p=require('path');const d=process.argv[1];let n=0;
for(const f of fs.readdirSync(d)) if(f.endsWith('.question')){JSON.parse(fs.readFileSync(p.join(d,f),'utf8'));n++}
if(n<${COUNT})throw new Error('read '+n);console.log('listening on http://done');setInterval(()=>{},1000)`;

interface StartupResult {
  ms: number;
  peakRss: number;
  /** ms from spawn until it printed its URL. */
  listening?: number;
}

/** Spawn → every question pending, seen by an SSE client (snapshot + new_question events). */
async function builtServeStartup(dir: string): Promise<StartupResult> {
  const stateDir = await mkdtemp(join(tmpdir(), 'hitl-state-'));
  const start = performance.now();
  const proc = await spawnBuiltServe(dir, stateDir);
  const listening = performance.now() - start;
  try {
    let pending = 0;
    const all = new Promise<void>((resolve) => {
      const sse = new SseClient(`${proc.url}/events`, (event) => {
        if (event.event === 'snapshot')
          pending += (JSON.parse(event.data) as { pending: unknown[] }).pending.length;
        else if (event.event === 'new_question') pending++;
        if (pending >= COUNT) {
          sse.close();
          resolve();
        }
      });
      void sse.connect();
    });
    await Promise.race([
      all,
      new Promise((_, reject) =>
        setTimeout(
          () => reject(new Error(`not all ${COUNT} pending after 120 s (${pending})`)),
          120_000,
        ),
      ),
    ]);
    return { ms: performance.now() - start, peakRss: rssOf(proc.child.pid!, true), listening };
  } finally {
    await proc.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
}

async function bareReadStartup(dir: string): Promise<StartupResult> {
  const start = performance.now();
  const proc = await spawnListening(['-e', BARE_READ, dir]);
  const ms = performance.now() - start;
  const peakRss = rssOf(proc.child.pid!, true);
  await proc.stop();
  return { ms, peakRss };
}

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
      target: { op: '<=', value: 2000 },
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
  ],
  async run() {
    await loadBrokerService();
    return withTempDir('startup', async (dir) => {
      await writeQuestionFiles(dir, COUNT);
      const out: Record<string, Measurement> = {};
      if (hasBuiltCli()) {
        const bare = await bareReadStartup(dir);
        const built = await builtServeStartup(dir);
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
      return out;
    });
  },
};
