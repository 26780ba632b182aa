import { performance } from 'node:perf_hooks';
import type { Benchmark, Measurement } from '../lib/figure';
import {
  loopbackAgent,
  mapLimit,
  request,
  type HttpResponse,
} from '../../test/support/load/http-client';
import { hasSource } from '../../test/support/load/project';
import { startServiceProcess } from '../../test/support/load/service';
import { mib, percentile } from '../../test/support/load/stats';
import { waitUntil } from '../../test/support/load/temp';
import { NotAvailableError } from '../lib/figure';

const WAITERS = Number(process.env.BENCH_WAITERS ?? 1000);

type Agent = ReturnType<typeof loopbackAgent>;

async function listLatencies(url: string, agent: Agent, count = 50): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const res = await request(`${url}/questions`, { agent });
    if (res.status !== 200) throw new Error(`GET /questions → ${res.status}`);
    times.push(performance.now() - start);
  }
  return times;
}

export const heldWaiters: Benchmark = {
  title: 'Tool Server Lite held waiters',
  specs: [
    {
      id: 'held.rss',
      name: `${WAITERS} held execute waiters: broker RSS`,
      unit: 'MB',
      baselineLabel: 'same broker, idle',
    },
    {
      id: 'held.release',
      name: `${WAITERS} held waiters: all complete sent → last execute returns`,
      unit: 'ms',
      target: { op: '<=', value: 1000 },
      baselineLabel: 'node:http, same hold/release',
    },
    {
      id: 'held.list.p50',
      name: `GET /questions while ${WAITERS} held, p50`,
      unit: 'ms',
      baselineLabel: 'same broker, idle',
    },
    {
      id: 'held.list.vs-plain.p50',
      name: `GET /questions while ${WAITERS} held, p50, against the same list with none held`,
      unit: 'ms',
      target: { op: '<=', value: 2, on: 'ratio' },
      baselineLabel: `same broker, same ${WAITERS} pending, none held`,
    },
    {
      id: 'held.list.plain.p50',
      name: `GET /questions with ${WAITERS} pending, none held, p50`,
      unit: 'ms',
      baselineLabel: 'same broker, idle',
    },
    {
      id: 'held.list.p99',
      name: `GET /questions while ${WAITERS} held, p99`,
      unit: 'ms',
      target: { op: '<=', value: 50 },
      baselineLabel: 'same broker, idle',
    },
  ],
  async run() {
    if (!hasSource('main', /\/api\/tool\/execute/))
      throw new NotAvailableError('POST /api/tool/execute route not in the tree yet');
    const bareRelease = await bareReleaseMs();
    const service = await startServiceProcess({ dirs: [] });
    const agent = loopbackAgent();
    const url = service.info.url;
    try {
      const idleList = await listLatencies(url, agent);
      const idleRss = service.proc.rss();
      const ids = Array.from({ length: WAITERS }, (_, i) => `HIL-bench-${i}`);
      const held = holdExecutes(url, agent, ids);
      await waitAllHeld(url, agent, held.returned);
      const heldRss = service.proc.rss();
      const heldList = await listLatencies(url, agent);
      const release = await releaseAll(url, agent, ids, held);
      // The same list size with nobody held: what holding adds beyond listing 1,000 entries.
      await askPlain(url, agent, ids);
      const plainList = await listLatencies(url, agent);
      const listKiB = Math.round((await request(`${url}/questions`, { agent })).text.length / 1024);
      return measurements({
        idleList,
        heldList,
        plainList,
        idleRss,
        heldRss,
        release,
        bareRelease,
        listKiB,
      });
    } finally {
      agent.destroy();
      await service.stop();
    }
  },
};

/** The floor: the same hold/release exchange against a bare node:http server in its own process. */
async function bareReleaseMs(): Promise<number> {
  const bare = await startServiceProcess('bare');
  const bareAgent = loopbackAgent();
  try {
    const keys = Array.from({ length: WAITERS }, (_, i) => `w-${i}`);
    const held = keys.map((k) => request(`${bare.info.url}/wait/${k}`, { agent: bareAgent }));
    await new Promise((r) => setTimeout(r, 500));
    const start = performance.now();
    await Promise.all([
      mapLimit(keys, 50, (k) =>
        request(`${bare.info.url}/release/${k}`, { body: {}, agent: bareAgent }),
      ),
      Promise.all(held),
    ]);
    return performance.now() - start;
  } finally {
    bareAgent.destroy();
    await bare.stop();
  }
}

/** Execute calls held open, one per id: their responses as they return, and when the last did. */
interface HeldExecutes {
  returned: HttpResponse[];
  all: Promise<HttpResponse[]>;
  lastReturn: () => number;
}

/** One `human_in_loop` execute call per id, each held until it is completed. */
function holdExecutes(url: string, agent: Agent, ids: string[]): HeldExecutes {
  const returned: HttpResponse[] = [];
  let lastReturn = 0;
  const held = ids.map((hil_id) =>
    request(`${url}/api/tool/execute`, {
      body: {
        task_id: '/tmp/bench',
        tool_name: 'human_in_loop',
        params: { hil_id, instruction: `Check ${hil_id}`, timeout: null },
      },
      agent,
      timeoutMs: 300_000,
    }).then((res) => {
      returned.push(res);
      lastReturn = performance.now();
      return res;
    }),
  );
  return { returned, all: Promise.all(held), lastReturn: () => lastReturn };
}

/** Waits until every held call is a waiting task; fails when one returned before its complete. */
async function waitAllHeld(url: string, agent: Agent, returned: HttpResponse[]): Promise<void> {
  await waitUntil(
    async () => {
      const res = await request(`${url}/api/hil/tasks`, { agent });
      const tasks = (res.json as { tasks?: Array<{ status: string }> } | undefined)?.tasks ?? [];
      return tasks.filter((t) => t.status === 'waiting').length >= WAITERS;
    },
    `${WAITERS} waiting tasks`,
    120_000,
  );
  if (returned.length > 0)
    throw new Error(
      `${returned.length} execute calls returned before being completed: ${returned[0]!.text}`,
    );
}

/** Completes every held task: ms from the first complete sent to the last execute returned. */
async function releaseAll(
  url: string,
  agent: Agent,
  ids: string[],
  held: HeldExecutes,
): Promise<number> {
  const start = performance.now();
  await mapLimit(ids, 50, async (id) => {
    const res = await request(`${url}/api/hil/complete/${id}`, {
      body: { result: 'done' },
      agent,
    });
    if (res.status !== 200) throw new Error(`complete ${id} → ${res.status} ${res.text}`);
  });
  const results = await held.all;
  const release = held.lastReturn() - start;
  const failed = results.filter(
    (r) => r.status !== 200 || (r.json as { success?: boolean })?.success !== true,
  );
  if (failed.length > 0)
    throw new Error(
      `${failed.length} execute calls did not succeed: ${failed[0]!.status} ${failed[0]!.text}`,
    );
  return release;
}

/** Asks one plain question per id (`POST /questions`), nobody waiting on it. */
async function askPlain(url: string, agent: Agent, ids: string[]): Promise<void> {
  await mapLimit(ids, 50, async (id) => {
    const res = await request(`${url}/questions`, {
      body: { key: id, question: `Check ${id}` },
      agent,
    });
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`POST /questions ${id} → ${res.status} ${res.text}`);
  });
}

interface HeldSamples {
  idleList: number[];
  heldList: number[];
  plainList: number[];
  idleRss: number;
  heldRss: number;
  release: number;
  bareRelease: number;
  /** The size of the plain list's response. */
  listKiB: number;
}

/** The figures of the specs above out of the samples. */
function measurements(m: HeldSamples): Record<string, Measurement> {
  const out: Record<string, Measurement> = {};
  out['held.list.plain.p50'] = {
    value: percentile(m.plainList, 50),
    baseline: percentile(m.idleList, 50),
    note: `the list alone (${WAITERS} entries, ~${m.listKiB} KiB, parsed by the client each time); held vs this: ${(percentile(m.heldList, 50) / percentile(m.plainList, 50)).toFixed(2)}×`,
  };
  out['held.list.vs-plain.p50'] = {
    value: percentile(m.heldList, 50),
    baseline: percentile(m.plainList, 50),
    note: 'what holding the requests costs a list of them (against an empty list: the rows below)',
  };
  out['held.rss'] = {
    value: mib(m.heldRss),
    baseline: mib(m.idleRss),
    note: `+${mib(m.heldRss - m.idleRss).toFixed(1)} MB for ${WAITERS} held requests (service under tsx)`,
  };
  out['held.release'] = { value: m.release, baseline: m.bareRelease };
  out['held.list.p50'] = {
    value: percentile(m.heldList, 50),
    baseline: percentile(m.idleList, 50),
  };
  out['held.list.p99'] = {
    value: percentile(m.heldList, 99),
    baseline: percentile(m.idleList, 99),
  };
  return out;
}
