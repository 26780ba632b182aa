import { performance } from 'node:perf_hooks';
import { startEchoServer } from '../lib/baselines';
import type { Benchmark } from '../lib/figure';
import { loopbackAgent, request } from '../lib/http-client';
import { startServiceInProcess } from '../lib/service';
import { median, percentile } from '../lib/stats';
import { withTempDir } from '../lib/temp';

const COUNT = Number(process.env.BENCH_RT_COUNT ?? 300);
const WARMUP = 30;

export const httpRoundTrip: Benchmark = {
  title: 'HTTP-mode round trip',
  specs: [
    {
      id: 'http.roundtrip.median',
      name: `HTTP mode POST /questions → answer → long-poll returns, median (n=${COUNT})`,
      unit: 'ms',
      target: { op: '<=', value: 2, on: 'ratio' },
      baselineLabel: 'node:http echo, same 3 requests',
    },
  ],
  async run() {
    const echo = await startEchoServer();
    const agent = loopbackAgent();
    const echoTimes: number[] = [];
    const brokerTimes: number[] = [];
    try {
      await withTempDir('rt', async (dir) => {
        const service = await startServiceInProcess({ dirs: [dir] });
        try {
          const brokerTrip = async (key: string) => {
            const start = performance.now();
            const created = await request(`${service.url}/questions`, { body: { key, question: 'Proceed?' }, agent });
            if (created.status !== 201 && created.status !== 200) throw new Error(`POST /questions → ${created.status} ${created.text}`);
            const [polled, answered] = await Promise.all([
              request(`${service.url}/questions/${encodeURIComponent(key)}?wait=30`, { agent }),
              request(`${service.url}/answer`, { body: { key, response: 'yes' }, agent }),
            ]);
            const elapsed = performance.now() - start;
            if (answered.status !== 200) throw new Error(`POST /answer → ${answered.status} ${answered.text}`);
            const status = (polled.json as { status?: string } | undefined)?.status;
            if (status !== 'answered') throw new Error(`long-poll returned ${polled.status} ${polled.text}`);
            return elapsed;
          };
          const echoTrip = async (key: string) => {
            const start = performance.now();
            await request(`${echo.url}/hold/${key}`, { body: { key, question: 'Proceed?' }, agent });
            await Promise.all([
              request(`${echo.url}/wait/${key}`, { agent }),
              request(`${echo.url}/release/${key}`, { body: { key, response: 'yes' }, agent }),
            ]);
            return performance.now() - start;
          };
          // Interleaved so both see the same machine noise.
          for (let i = 0; i < COUNT + WARMUP; i++) {
            const e = await echoTrip(`e-${i}`);
            const b = await brokerTrip(`rt-${i}`);
            if (i >= WARMUP) {
              echoTimes.push(e);
              brokerTimes.push(b);
            }
          }
        } finally {
          await service.close();
        }
      });
    } finally {
      agent.destroy();
      await echo.close();
    }
    return {
      'http.roundtrip.median': {
        value: median(brokerTimes),
        baseline: median(echoTimes),
        note: `broker p99 ${percentile(brokerTimes, 99).toFixed(2)} ms, echo p99 ${percentile(echoTimes, 99).toFixed(2)} ms; serve runs with a handshake dir, so the broker also writes the .question/.answer files`,
      },
    };
  },
};
