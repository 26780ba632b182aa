import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Broker } from '../../main/broker/broker';
import { PostgresStore } from '../../main/broker/persistence/postgres/postgres-store';
import { RequestStore } from '../../main/broker/persistence/request-store';
import { postgresSkipReason, startTestPostgres } from '../../test/support/postgres';
import { NotAvailableError, type Benchmark, type Measurement } from '../lib/figure';
import { percentile } from '../../test/support/load/stats';

const REQUESTS = Number(process.env.BENCH_TEAM_REQUESTS ?? 10_000);
const INSTANCES = 3;
const BATCH = Number(process.env.BENCH_TEAM_BATCH ?? 50);

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * Adds REQUESTS requests on random brokers (BATCH at a time, as many agents asking at once), each answered by two random brokers at once (the
 * shared store must let exactly one win), and returns the elapsed time plus what was seen.
 */
async function drive(brokers: Broker[], settle: (total: number) => Promise<void>) {
  const addedAt = new Map<string, { at: number; origin: Broker }>();
  const propagation: number[] = [];
  const resolvedEvents = new Map<string, number>();
  for (const broker of brokers) {
    broker.subscribe((event) => {
      if (event.type === 'added') {
        const added = addedAt.get(event.request.id);
        if (added && added.origin !== broker) propagation.push(performance.now() - added.at);
      } else if (event.type === 'answered') {
        resolvedEvents.set(event.request.id, (resolvedEvents.get(event.request.id) ?? 0) + 1);
      }
    });
  }
  let wins = 0;
  const started = performance.now();
  for (let done = 0; done < REQUESTS; done += BATCH) {
    const ids: string[] = [];
    for (let i = done; i < Math.min(REQUESTS, done + BATCH); i += 1) {
      const id = `bench-${i}`;
      const origin = pick(brokers);
      addedAt.set(id, { at: performance.now(), origin });
      ids.push(origin.add({ id, source: 'clarity-http', key: id, prompt: 'ok?' }).id);
    }
    await settle(addedAt.size);
    const answers = ids.flatMap((id) =>
      [pick(brokers), pick(brokers)].map((b, n) => b.answerShared(id, { text: `answer ${n}` })),
    );
    for (const result of await Promise.allSettled(answers))
      if (result.status === 'fulfilled') wins += 1;
  }
  await settle(addedAt.size);
  // The last answers reach the other instances by notification: give them a moment.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && brokers.some((b) => b.pendingCount > 0))
    await new Promise((resolve) => setTimeout(resolve, 5));
  const elapsed = performance.now() - started;
  let lost = 0;
  let twice = 0;
  for (const id of addedAt.keys()) {
    for (const broker of brokers) if (broker.get(id)?.status !== 'answered') lost += 1;
    if ((resolvedEvents.get(id) ?? 0) > brokers.length) twice += 1;
  }
  twice += Math.max(0, wins - REQUESTS);
  return { elapsed, propagation, lost, twice };
}

export const teamStore: Benchmark = {
  title: 'Team mode on PostgreSQL',
  specs: [
    {
      id: 'team.lost',
      name: `${REQUESTS} requests on ${INSTANCES} instances: lost`,
      unit: 'requests',
      target: { op: '==', value: 0 },
    },
    {
      id: 'team.twice',
      name: `${REQUESTS} requests, 2 answers each: resolved twice`,
      unit: 'requests',
      target: { op: '==', value: 0 },
    },
    { id: 'team.propagation.p50', name: 'cross-instance propagation (added), p50', unit: 'ms' },
    {
      id: 'team.propagation.p99',
      name: 'cross-instance propagation (added), p99',
      unit: 'ms',
      target: { op: '<=', value: 100 },
    },
    {
      id: 'team.throughput',
      name: `${REQUESTS} add + answer, team mode`,
      unit: 'req/s',
      baselineLabel: 'embedded journal, one broker',
    },
  ],
  async run() {
    const skip = postgresSkipReason();
    if (skip) throw new NotAvailableError(skip);
    const server = await startTestPostgres();
    const dir = await mkdtemp(path.join(tmpdir(), 'hitl-bench-team-'));
    const stores: PostgresStore[] = [];
    try {
      const url = server.createDatabase('bench');
      const brokers: Broker[] = [];
      for (let i = 0; i < INSTANCES; i += 1) {
        const broker = new Broker({ instanceName: `bench-${i}` });
        const store = await PostgresStore.open({ url, onWarning: () => {} });
        await store.attach(broker);
        brokers.push(broker);
        stores.push(store);
      }
      const waitPropagated = async (want: number) => {
        await Promise.all(stores.map((s) => s.drain()));
        // Notifications follow the writes within milliseconds; wait until every broker has all.
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          if (brokers.every((b) => b.pendingCount + b.resolved().length >= want)) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
      const team = await drive(brokers, waitPropagated);
      const embeddedBroker = new Broker();
      const embedded = new RequestStore({ stateDir: path.join(dir, 'embedded') });
      embedded.attach(embeddedBroker);
      const solo = await drive([embeddedBroker], async () => {});
      embedded.close();
      const out: Record<string, Measurement> = {
        'team.lost': { value: team.lost },
        'team.twice': { value: team.twice },
        'team.propagation.p50': { value: percentile(team.propagation, 50) },
        'team.propagation.p99': { value: percentile(team.propagation, 99) },
        'team.throughput': {
          value: REQUESTS / (team.elapsed / 1000),
          baseline: REQUESTS / (solo.elapsed / 1000),
        },
      };
      return out;
    } finally {
      for (const store of stores) await store.close();
      server.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
