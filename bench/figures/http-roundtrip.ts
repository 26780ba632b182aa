import { performance } from 'node:perf_hooks';
import type { Benchmark } from '../lib/figure';
import { loopbackAgent, request } from '../../test/support/load/http-client';
import { startServiceProcess, type ServiceProcess } from '../../test/support/load/service';
import { median, percentile } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';

const COUNT = Number(process.env.BENCH_RT_COUNT ?? 300);
const WARMUP = 30;

export const httpRoundTrip: Benchmark = {
  title: 'HTTP-mode round trip',
  specs: [
    {
      id: 'http.roundtrip.median',
      name: `HTTP mode POST /questions → answer → long-poll returns, median (n=${COUNT})`,
      unit: 'ms',
      target: { op: '<=', value: 1.3, on: 'ratio' },
      baselineLabel: 'node:http echo process, same 3 requests',
    },
    {
      id: 'http.roundtrip.fastify.median',
      name: `same 3 requests on a bare Fastify (routing and JSON bodies, nothing else), median (n=${COUNT})`,
      unit: 'ms',
      baselineLabel: 'node:http echo process, same 3 requests',
    },
    {
      id: 'http.roundtrip.rules.median',
      name: `same on Fastify with the rules' minimum (a zod check of each body, a journal line before each reply), median (n=${COUNT})`,
      unit: 'ms',
      baselineLabel: 'node:http echo process, same 3 requests',
    },
    {
      id: 'http.roundtrip.nodir.median',
      name: `same, HTTP-only broker (no handshake dir), median (n=${COUNT})`,
      unit: 'ms',
      baselineLabel: 'node:http echo process, same 3 requests',
    },
  ],
  async run() {
    const withDir = await withTempDir('rt', (dir) => measure([dir]));
    const withoutDir = await measure([]);
    return {
      'http.roundtrip.median': {
        value: median(withDir.broker),
        baseline: median(withDir.echo),
        note: `broker p99 ${percentile(withDir.broker, 99).toFixed(2)} ms, echo p99 ${percentile(withDir.echo, 99).toFixed(2)} ms; serve runs with a handshake dir, so the broker also mirrors each question as a file`,
      },
      'http.roundtrip.fastify.median': {
        value: median(withDir.fastify),
        baseline: median(withDir.echo),
        note: `interleaved with the two above; what the framework alone adds to the echo`,
      },
      'http.roundtrip.rules.median': {
        value: median(withDir.rules),
        baseline: median(withDir.echo),
        note: `interleaved with the three above; the least any broker on this stack that keeps the project's rules (validate every boundary with zod; nothing accepted is lost) could add, before any work of its own`,
      },
      'http.roundtrip.nodir.median': {
        value: median(withoutDir.broker),
        baseline: median(withoutDir.echo),
      },
    };
  },
};

/**
 * Interleaved echo / bare Fastify / broker round trips. Each server runs in its own process (a
 * floor must not share the broker's event loop), the client here.
 */
async function measure(
  dirs: string[],
): Promise<{ broker: number[]; echo: number[]; fastify: number[]; rules: number[] }> {
  const echo = await startServiceProcess('bare');
  const agent = loopbackAgent();
  const echoTimes: number[] = [];
  const fastifyTimes: number[] = [];
  const rulesTimes: number[] = [];
  const brokerTimes: number[] = [];
  let service: ServiceProcess | undefined;
  let fastify: ServiceProcess | undefined;
  let rules: ServiceProcess | undefined;
  try {
    fastify = await startServiceProcess('fastify');
    rules = await startServiceProcess('fastify-rules');
    service = await startServiceProcess({ dirs });
    const url = service.info.url;
    const echoUrl = echo.info.url;
    const brokerTrip = async (key: string) => {
      const start = performance.now();
      const created = await request(`${url}/questions`, {
        body: { key, question: 'Proceed?' },
        agent,
      });
      if (created.status !== 201 && created.status !== 200)
        throw new Error(`POST /questions → ${created.status} ${created.text}`);
      const [polled, answered] = await Promise.all([
        request(`${url}/questions/${encodeURIComponent(key)}?wait=30`, { agent }),
        request(`${url}/answer`, { body: { key, response: 'yes' }, agent }),
      ]);
      const elapsed = performance.now() - start;
      if (answered.status !== 200)
        throw new Error(`POST /answer → ${answered.status} ${answered.text}`);
      const status = (polled.json as { status?: string } | undefined)?.status;
      if (status !== 'answered')
        throw new Error(`long-poll returned ${polled.status} ${polled.text}`);
      return elapsed;
    };
    const floorTrip = async (floorUrl: string, key: string) => {
      const start = performance.now();
      const held = await request(`${floorUrl}/hold/${key}`, {
        body: { key, question: 'Proceed?' },
        agent,
      });
      const [waited, released] = await Promise.all([
        request(`${floorUrl}/wait/${key}`, { agent }),
        request(`${floorUrl}/release/${key}`, { body: { key, response: 'yes' }, agent }),
      ]);
      const elapsed = performance.now() - start;
      // A floor that refused a request would be fast for the wrong reason.
      for (const reply of [held, waited, released])
        if (reply.status >= 300) throw new Error(`${floorUrl} → ${reply.status} ${reply.text}`);
      return elapsed;
    };
    const fastifyUrl = fastify.info.url;
    const rulesUrl = rules.info.url;
    // Interleaved so all four see the same machine noise.
    for (let i = 0; i < COUNT + WARMUP; i++) {
      const e = await floorTrip(echoUrl, `e-${i}`);
      const f = await floorTrip(fastifyUrl, `f-${i}`);
      const r = await floorTrip(rulesUrl, `r-${i}`);
      const b = await brokerTrip(`rt-${i}`);
      if (i >= WARMUP) {
        echoTimes.push(e);
        fastifyTimes.push(f);
        rulesTimes.push(r);
        brokerTimes.push(b);
      }
    }
  } finally {
    agent.destroy();
    await service?.stop();
    await rules?.stop();
    await fastify?.stop();
    await echo.stop();
  }
  return { broker: brokerTimes, echo: echoTimes, fastify: fastifyTimes, rules: rulesTimes };
}
