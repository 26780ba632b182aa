import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loopbackAgent, mapLimit, request } from '../../bench/lib/http-client';
import { startServiceProcess, type ServiceProcess } from '../../bench/lib/service';
import { SseClient } from '../../bench/lib/sse-client';
import { median } from '../../bench/lib/stats';
import { TempDirs } from './helpers/temp-dirs';

/** Seconds of mixed traffic (default 30; the full run uses SOAK_SECONDS=600). */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 30);
/**
 * Seconds of the same traffic before memory is sampled (default 20). The broker's heaps grow to
 * their working size during the first 20–40 s of load (traced: 200 → 230 MB, then flat for the
 * next two minutes); sampling from the start compared that growth, not a leak.
 */
const WARMUP = Number(process.env.SOAK_WARMUP_SECONDS ?? 20);
/** Requests pushed through before measuring, so the bounded history (5,000) is full; 10,500 also fills the broker's resolved memory. */
const PREFILL = Number(process.env.SOAK_PREFILL ?? 5_500);
const temp = new TempDirs();
let service: ServiceProcess | undefined;
afterAll(async () => {
  await service?.stop();
  await temp.cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('soak: mixed traffic on loopback', () => {
  it(
    `runs ${SECONDS} s of file, HTTP-mode, held and read traffic: no error, memory flat, event order intact`,
    async () => {
      const dir = await temp.make('soak');
      service = await startServiceProcess({ dirs: [dir] });
      const url = service.info.url;
      const agent = loopbackAgent();
      const errors: string[] = [];
      const fail = (what: string) => errors.length < 50 && errors.push(what);

      // Prefill: fill the bounded history and resolved caches first.
      await mapLimit(
        Array.from({ length: PREFILL }, (_, i) => `pre-${i}`),
        16,
        async (key) => {
          const created = await request(`${url}/questions`, {
            body: { key, question: 'prefill' },
            agent,
          });
          if (created.status !== 201) fail(`prefill ${key}: ${created.status}`);
          const answered = await request(`${url}/answer`, { body: { key, response: 'ok' }, agent });
          if (answered.status !== 200) fail(`prefill answer ${key}: ${answered.status}`);
        },
      );

      // The operator: hears every new question over SSE and answers it; also checks event order.
      const ids: number[] = [];
      const stages = new Map<string, string[]>();
      const operator = new SseClient(`${url}/events`, (event) => {
        if (event.event === 'snapshot' || !event.id) return;
        ids.push(Number(event.id));
        const data = JSON.parse(event.data) as { key: string; source: string };
        if (!data.key?.startsWith('soak-')) return;
        const seen = stages.get(data.key) ?? [];
        seen.push(event.event);
        stages.set(data.key, seen);
        if (event.event !== 'new_question') return;
        const answer =
          data.source === 'tool-server-lite'
            ? request(`${url}/api/hil/complete/${data.key}`, {
                body: { result: `ans:${data.key}` },
                agent,
              })
            : request(`${url}/answer`, {
                body: { key: data.key, response: `ans:${data.key}` },
                agent,
              });
        void answer.then(
          (res) => res.status !== 200 && fail(`answer ${data.key}: ${res.status} ${res.text}`),
          (e: Error) => fail(`answer ${data.key}: ${e.message}`),
        );
      });
      await operator.connect();

      const sampleFrom = Date.now() + WARMUP * 1000;
      const deadline = sampleFrom + SECONDS * 1000;
      const rss: number[] = [];
      let n = 0;
      const counts = { file: 0, http: 0, held: 0, reads: 0 };
      const fileAgent = async () => {
        while (Date.now() < deadline) {
          const key = `soak-f-${n++}`;
          await writeFile(
            join(dir, `${key}.question`),
            JSON.stringify({ key, question: `file ${key}`, timestamp: Date.now(), pid: 1 }),
          );
          const answerPath = join(dir, `${key}.answer`);
          const until = Date.now() + 15_000;
          while (!existsSync(answerPath) && Date.now() < until) await sleep(5);
          const text = await readFile(answerPath, 'utf8').catch(() => undefined);
          if (text?.trim() !== `ans:${key}`) fail(`file ${key}: got ${JSON.stringify(text)}`);
          await rm(answerPath, { force: true });
          await rm(join(dir, `${key}.question`), { force: true });
          counts.file++;
        }
      };
      const httpAgent = async () => {
        while (Date.now() < deadline) {
          const key = `soak-h-${n++}`;
          const created = await request(`${url}/questions`, {
            body: { key, question: `http ${key}` },
            agent,
          });
          if (created.status !== 201)
            fail(`POST /questions ${key}: ${created.status} ${created.text}`);
          let status: { status?: string; response?: string } = {};
          for (let tries = 0; tries < 5 && status.status !== 'answered'; tries++) {
            status = (await request(`${url}/questions/${key}?wait=10`, { agent }))
              .json as typeof status;
          }
          if (status.status !== 'answered' || status.response !== `ans:${key}`)
            fail(`http ${key}: ${JSON.stringify(status)}`);
          counts.http++;
        }
      };
      const heldAgent = async () => {
        while (Date.now() < deadline) {
          const hil = `soak-t-${n++}`;
          const res = await request(`${url}/api/tool/execute`, {
            body: {
              task_id: dir,
              tool_name: 'human_in_loop',
              params: { hil_id: hil, instruction: 'soak', timeout: null },
            },
            agent,
          });
          const data = (res.json as { success?: boolean; data?: { output?: string } }) ?? {};
          if (!data.success || !data.data?.output?.includes(`ans:${hil}`))
            fail(`execute ${hil}: ${res.status} ${res.text}`);
          counts.held++;
        }
      };
      const reader = async () => {
        while (Date.now() < deadline) {
          for (const path of ['/questions', '/api/requests', '/api/history?limit=50']) {
            const res = await request(`${url}${path}`, { agent });
            if (res.status !== 200) fail(`GET ${path}: ${res.status}`);
          }
          counts.reads++;
          await sleep(20);
        }
      };
      const sampler = async () => {
        await sleep(Math.max(0, sampleFrom - Date.now()));
        while (Date.now() < deadline) {
          rss.push(service!.proc.rss());
          await sleep(250);
        }
      };
      await Promise.all([
        fileAgent(),
        fileAgent(),
        httpAgent(),
        httpAgent(),
        heldAgent(),
        reader(),
        sampler(),
      ]);
      await sleep(500);
      operator.close();
      agent.destroy();

      expect.soft(errors, JSON.stringify(counts)).toEqual([]);
      expect(counts.file + counts.http + counts.held).toBeGreaterThan(SECONDS);
      // Event order: seq strictly increasing on the stream, and per request: new_question first, one resolution.
      const disorder = ids.filter((id, i) => i > 0 && !(id > ids[i - 1]!)).length;
      expect.soft(disorder, 'events out of seq order').toBe(0);
      const badLifecycles = [...stages].filter(
        ([, seen]) =>
          seen[0] !== 'new_question' ||
          seen.filter((s) => s === 'new_question').length !== 1 ||
          seen.filter((s) => s === 'answered' || s === 'cancelled' || s === 'expired').join() !==
            'answered',
      );
      expect
        .soft(
          badLifecycles.slice(0, 5).map(([key, seen]) => `${key}: ${seen.join(',')}`),
          `${badLifecycles.length} requests without exactly new_question → answered`,
        )
        .toEqual([]);
      // Memory: median RSS of the last fifth vs the first fifth of the sampled run (after warm-up).
      const fifth = Math.max(1, Math.floor(rss.length / 5));
      const early = median(rss.slice(0, fifth));
      const late = median(rss.slice(-fifth));
      const growth = late / early - 1;
      console.log(
        `soak ${SECONDS}s: ${JSON.stringify(counts)}; RSS ${(early / 2 ** 20).toFixed(1)} → ${(late / 2 ** 20).toFixed(1)} MB (${(growth * 100).toFixed(1)} %)`,
      );
      expect(growth, `RSS ${early} → ${late}`).toBeLessThan(0.1);
    },
    // The traffic itself plus prefill and drain, whatever SOAK_SECONDS says.
    (WARMUP + SECONDS + 180) * 1000,
  );
});
