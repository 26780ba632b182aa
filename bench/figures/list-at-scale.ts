import { performance } from 'node:perf_hooks';
import { startEchoServer } from '../lib/baselines';
import type { Benchmark } from '../lib/figure';
import { loopbackAgent, request } from '../../test/support/load/http-client';
import { writeQuestionFiles } from '../lib/questions';
import { startServiceInProcess } from '../../test/support/load/service';
import { median, percentile } from '../../test/support/load/stats';
import { waitUntil, withTempDir } from '../../test/support/load/temp';

const PENDING = Number(process.env.BENCH_PENDING ?? 10_000);
const SAMPLES = 30;

export const listAtScale: Benchmark = {
  title: 'GET /questions at scale',
  specs: [
    {
      id: 'list.median',
      name: `GET /questions with ${PENDING} pending, median`,
      unit: 'ms',
      target: { op: '<=', value: 50 },
      baselineLabel: 'node:http serving the same JSON',
    },
  ],
  async run() {
    return withTempDir('list', async (dir) => {
      await writeQuestionFiles(dir, PENDING);
      const service = await startServiceInProcess({ dirs: [dir] });
      const echo = await startEchoServer();
      const agent = loopbackAgent();
      try {
        await waitUntil(
          () => service.broker.pendingCount >= PENDING,
          `${PENDING} pending`,
          120_000,
        );
        const first = await request(`${service.url}/questions`, { agent });
        if (first.status !== 200 || !Array.isArray(first.json))
          throw new Error(`GET /questions → ${first.status}`);
        if (first.json.length < PENDING)
          throw new Error(`GET /questions listed ${first.json.length}, expected ${PENDING}`);
        echo.listBody = first.json;
        const brokerTimes: number[] = [];
        const echoTimes: number[] = [];
        for (let i = 0; i < SAMPLES + 3; i++) {
          let start = performance.now();
          await request(`${echo.url}/list`, { agent });
          const e = performance.now() - start;
          start = performance.now();
          await request(`${service.url}/questions`, { agent });
          const b = performance.now() - start;
          if (i >= 3) {
            echoTimes.push(e);
            brokerTimes.push(b);
          }
        }
        return {
          'list.median': {
            value: median(brokerTimes),
            baseline: median(echoTimes),
            note: `p99 ${percentile(brokerTimes, 99).toFixed(1)} ms; body ${(first.text.length / 1024 / 1024).toFixed(1)} MiB`,
          },
        };
      } finally {
        agent.destroy();
        await echo.close();
        await service.close();
      }
    });
  },
};
