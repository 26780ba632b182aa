import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTs } from '../lib/child';
import { NotAvailableError, type Benchmark } from '../lib/figure';
import { loadBrokerService, loadClarityFileAdapter } from '../lib/project';
import { writeQuestionFiles } from '../lib/questions';
import { mib } from '../lib/stats';
import { withTempDir } from '../lib/temp';

const COUNT = Number(process.env.BENCH_STARTUP_FILES ?? 10_000);

interface StartupResult {
  ms: number;
  rss: number;
  maxRss: number;
}

async function runChild(mode: string, dir: string): Promise<StartupResult> {
  const stateDir = await mkdtemp(join(tmpdir(), 'hitl-state-'));
  const child = spawnTs<StartupResult>('bench/children/startup-child.ts', [mode, dir, String(COUNT), stateDir]);
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
    { id: 'startup.time', name: `startup over ${COUNT} question files: time to all pending`, unit: 'ms', target: { op: '<=', value: 2000 }, baselineLabel: 'bare readdir+read+parse' },
    { id: 'startup.rss', name: `startup over ${COUNT} question files: peak RSS`, unit: 'MB', target: { op: '<=', value: 200 }, baselineLabel: 'bare read, same loader' },
  ],
  async run() {
    let mode = 'service';
    let note = 'headless broker service (file watcher + HTTP), in a child process under tsx';
    try {
      await loadBrokerService();
    } catch (error) {
      if (!(error instanceof NotAvailableError)) throw error;
      await loadClarityFileAdapter();
      mode = 'adapter';
      note = `Clarity file adapter alone (${error.message})`;
    }
    return withTempDir('startup', async (dir) => {
      await writeQuestionFiles(dir, COUNT);
      const bare = await runChild('bare', dir);
      const broker = await runChild(mode, dir);
      return {
        'startup.time': { value: broker.ms, baseline: bare.ms, note },
        'startup.rss': { value: mib(broker.maxRss), baseline: mib(bare.maxRss), note: `RSS at all-pending ${mib(broker.rss).toFixed(0)} MB` },
      };
    });
  },
};
