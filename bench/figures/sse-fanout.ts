import { performance } from 'node:perf_hooks';
import type { Benchmark } from '../lib/figure';
import { loopbackAgent, mapLimit, request } from '../../test/support/load/http-client';
import { startServiceProcess } from '../../test/support/load/service';
import { SseClient } from '../../test/support/load/sse-client';
import { waitUntil } from '../../test/support/load/temp';

const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 50);
const EVENTS = Number(process.env.BENCH_SSE_EVENTS ?? 1000);

interface Seen {
  ids: number[];
  keys: Set<string>;
}

export const sseFanout: Benchmark = {
  title: 'SSE fan-out',
  specs: [
    {
      id: 'fanout.lost',
      name: `SSE fan-out ${CLIENTS} clients × ${EVENTS} events: lost`,
      unit: 'events',
      target: { op: '==', value: 0 },
    },
    {
      id: 'fanout.reordered',
      name: `SSE fan-out ${CLIENTS} × ${EVENTS}: reordered`,
      unit: 'events',
      target: { op: '==', value: 0 },
    },
    {
      id: 'fanout.time',
      name: `SSE fan-out ${CLIENTS} × ${EVENTS}: first POST → last delivery`,
      unit: 'ms',
    },
  ],
  async run() {
    const service = await startServiceProcess({ dirs: [] });
    const agent = loopbackAgent();
    const seen: Seen[] = Array.from({ length: CLIENTS }, () => ({
      ids: [],
      keys: new Set<string>(),
    }));
    const clients = seen.map(
      (s) =>
        new SseClient(`${service.info.url}/events`, (event) => {
          if (event.event !== 'new_question') return;
          const key = (JSON.parse(event.data) as { key: string }).key;
          if (!key.startsWith('fan-')) return;
          s.ids.push(Number(event.id));
          s.keys.add(key);
        }),
    );
    try {
      await Promise.all(clients.map((c) => c.connect()));
      const bad = clients.find((c) => c.status !== 200);
      if (bad) throw new Error(`GET /events → ${bad.status}`);
      const keys = Array.from({ length: EVENTS }, (_, i) => `fan-${i}`);
      const start = performance.now();
      await mapLimit(keys, 8, async (key) => {
        const res = await request(`${service.info.url}/questions`, {
          body: { key, question: `fan-out ${key}` },
          agent,
        });
        if (res.status !== 201 && res.status !== 200)
          throw new Error(`POST /questions → ${res.status} ${res.text}`);
      });
      let delivered = 0;
      await waitUntil(
        () => seen.every((s) => s.keys.size >= EVENTS),
        'every client to get every event',
        60_000,
      ).catch(() => {});
      delivered = performance.now() - start;
      let lost = 0;
      let reordered = 0;
      for (const s of seen) {
        lost += EVENTS - s.keys.size;
        for (let i = 1; i < s.ids.length; i++) if (!(s.ids[i]! > s.ids[i - 1]!)) reordered++;
        reordered += s.ids.length - s.keys.size; // duplicates count as disorder
      }
      return {
        'fanout.lost': { value: lost },
        'fanout.reordered': { value: reordered },
        'fanout.time': {
          value: delivered,
          note: `${CLIENTS * EVENTS} deliveries; broker in its own process`,
        },
      };
    } finally {
      for (const c of clients) c.close();
      agent.destroy();
      await service.stop();
    }
  },
};
