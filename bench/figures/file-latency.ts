import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { Broker } from '../../main/broker/broker';
import { Arrivals } from '../lib/arrivals';
import { spawnTs } from '../../test/support/load/child';
import { chokidarLatencies, fsWatchLatencies } from '../lib/baselines';
import { NotAvailableError, type Benchmark, type Measurement } from '../lib/figure';
import { loadClarityFileAdapter, stopAdapter } from '../../test/support/load/project';
import { questionJson } from '../lib/questions';
import { startServiceInProcess } from '../../test/support/load/service';
import { percentile } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';

const COUNT = Number(process.env.BENCH_FILE_COUNT ?? 1000);
const FLOOR = 'bare fs.watch';

interface Loop {
  pending: number[];
  sse: number[];
  answer: number[];
}

/** Writes COUNT question files one at a time; times write → pending (and → SSE), then answer → file. */
async function measureLoop(dir: string, broker: Broker, sseUrl?: string): Promise<Loop> {
  const added = new Arrivals();
  const sseArrivals = new Arrivals();
  const answers = new Arrivals();
  const unsubscribe = broker.subscribe((e) => {
    if (e.type === 'added') added.hit(e.request.key);
  });
  // The SSE client and the answer observer run in their own processes, as a browser tab and the
  // runtime do; times are high-resolution epoch clocks of each process.
  const sseTimes = new Map<string, number>();
  const sse = sseUrl ? spawnTs<object>('bench/children/sse-listener.ts', [sseUrl]) : undefined;
  if (sse) {
    createInterface({ input: sse.child.stdout! }).on('line', (line) => {
      const [key, at] = line.split(' ');
      if (key && at) {
        sseTimes.set(key, Number(at));
        sseArrivals.hit(key);
      }
    });
  }
  const answerTimes = new Map<string, number>();
  const observer = spawnTs<object>('bench/children/answer-watcher.ts', [dir]);
  createInterface({ input: observer.child.stdout! }).on('line', (line) => {
    const [file, at] = line.split(' ');
    if (file?.endsWith('.answer')) {
      answerTimes.set(file, Number(at));
      answers.hit(file);
    }
  });
  await observer.ready;
  // The questions are written by another process, as the agent runtime does.
  const written = new Arrivals();
  const writeTimes = new Map<string, number>();
  const writer = spawnTs<object>('bench/children/question-writer.ts', [dir]);
  createInterface({ input: writer.child.stdout! }).on('line', (line) => {
    const [key, at] = line.split(' ');
    if (key && at) {
      writeTimes.set(key, Number(at));
      written.hit(key);
    }
  });
  await writer.ready;
  const loop: Loop = { pending: [], sse: [], answer: [] };
  try {
    await sse?.ready;
    const ids: Array<{ id: string; base: string }> = [];
    for (let i = 0; i < COUNT; i++) {
      const key = `lat-${i}`;
      writer.child.stdin!.write(`${key} ${i}\n`);
      const [pendingAt] = await Promise.all([
        added.expect(key),
        sse ? sseArrivals.expect(key) : Promise.resolve(0),
        written.expect(key),
      ]);
      const epochStart = writeTimes.get(key)!;
      loop.pending.push(performance.timeOrigin + pendingAt - epochStart);
      if (sse) loop.sse.push(sseTimes.get(key)! - epochStart);
      ids.push({ id: broker.findPending('clarity-file', key)!.id, base: key });
    }
    for (const { id, base } of ids) {
      const start = performance.timeOrigin + performance.now();
      broker.answer(id, { text: 'approved' }, 'ui');
      await answers.expect(`${base}.answer`);
      loop.answer.push(answerTimes.get(`${base}.answer`)! - start);
    }
  } finally {
    await observer.stop();
    await writer.stop();
    await sse?.stop();
    unsubscribe();
  }
  return loop;
}

export const fileLatency: Benchmark = {
  title: 'file handshake latency',
  specs: [
    {
      id: 'file.pending.p50',
      name: `.question → pending p50 (n=${COUNT})`,
      unit: 'ms',
      target: { op: '<=', value: 5 },
      baselineLabel: FLOOR,
    },
    {
      id: 'file.pending.p99',
      name: `.question → pending p99 (n=${COUNT})`,
      unit: 'ms',
      target: { op: '<=', value: 25 },
      baselineLabel: FLOOR,
    },
    {
      id: 'file.sse.p50',
      name: `.question → SSE event p50 (n=${COUNT})`,
      unit: 'ms',
      target: { op: '<=', value: 5 },
      baselineLabel: FLOOR,
    },
    {
      id: 'file.sse.p99',
      name: `.question → SSE event p99 (n=${COUNT})`,
      unit: 'ms',
      target: { op: '<=', value: 25 },
      baselineLabel: FLOOR,
    },
    {
      id: 'answer.file.p99',
      name: `answer accepted → .answer in place p99 (n=${COUNT})`,
      unit: 'ms',
      target: { op: '<=', value: 5 },
      baselineLabel: FLOOR,
    },
  ],
  async run() {
    const floor = await withTempDir('floor', (dir) =>
      fsWatchLatencies(dir, COUNT, (i) => questionJson(`floor-${i}`, i)),
    );
    const f50 = percentile(floor, 50);
    const f99 = percentile(floor, 99);
    const chokidar = await withTempDir('chokidar', (dir) =>
      chokidarLatencies(dir, COUNT, (i) => questionJson(`chok-${i}`, i)),
    );
    const watcherNote = `bare chokidar (same options) p50 ${percentile(chokidar, 50).toFixed(2)} / p99 ${percentile(chokidar, 99).toFixed(2)} ms`;
    const out: Record<string, Measurement> = {};
    let loop: Loop | undefined;
    let sseReason = '';
    try {
      loop = await withTempDir('file-svc', async (dir) => {
        const service = await startServiceInProcess({ dirs: [dir] });
        try {
          return await measureLoop(dir, service.broker, `${service.url}/events`);
        } finally {
          await service.close();
        }
      });
    } catch (error) {
      if (!(error instanceof NotAvailableError)) throw error;
      sseReason = error.message;
      const Adapter = await loadClarityFileAdapter();
      loop = await withTempDir('file-adapter', async (dir) => {
        const broker = new Broker();
        const adapter = await Adapter.start({ dir, broker });
        try {
          return await measureLoop(dir, broker);
        } finally {
          await stopAdapter(adapter);
          broker.close();
        }
      });
    }
    out['file.pending.p50'] = {
      value: percentile(loop.pending, 50),
      baseline: f50,
      note: watcherNote,
    };
    out['file.pending.p99'] = { value: percentile(loop.pending, 99), baseline: f99 };
    out['answer.file.p99'] = {
      value: percentile(loop.answer, 99),
      baseline: f99,
      note: `p50 ${percentile(loop.answer, 50).toFixed(2)} ms; seen by fs.watch in a separate process; baseline is the fs.watch floor of a plain write`,
    };
    if (loop.sse.length > 0) {
      out['file.sse.p50'] = { value: percentile(loop.sse, 50), baseline: f50 };
      out['file.sse.p99'] = { value: percentile(loop.sse, 99), baseline: f99 };
    } else {
      out['file.sse.p50'] = out['file.sse.p99'] = {
        value: Number.NaN,
        note: `not available: ${sseReason}`,
      };
    }
    return out;
  },
};
