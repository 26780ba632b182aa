import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOperatorSecret } from '../../main/service/operator-secret';
import { loopbackAgent, request } from '../support/load/http-client';
import {
  startServiceProcess,
  type ChildMemory,
  type ServiceProcess,
} from '../support/load/service';
import { SseClient } from '../support/load/sse-client';
import { median } from '../support/load/stats';
import { TempDirs } from './helpers/temp-dirs';

/** Seconds of mixed traffic (default 30; the full run uses SOAK_SECONDS=600). */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 30);
/**
 * Soak requests resolved before memory is sampled (default 10,500). By then the bounded history
 * (5,000) and the broker's resolved memory (10,000) hold only requests of this traffic mix; a
 * prefill of HTTP-mode requests alone made the heap grow ~8 % while file requests, which carry
 * their file paths, replaced them, and then stay flat.
 */
const WARMUP_REQUESTS = Number(process.env.SOAK_WARMUP_REQUESTS ?? 10_500);
/** Seconds between memory samples. Each one is a full GC in the broker, so not too often. */
const SAMPLE_EVERY = Number(process.env.SOAK_SAMPLE_SECONDS ?? 3);
const temp = new TempDirs();
let service: ServiceProcess | undefined;
afterAll(async () => {
  await service?.stop();
  await temp.cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** At most `count` evenly spaced values of `values`, the last one included (for the log line). */
const everyNth = (values: number[], count: number) => {
  const step = Math.max(1, Math.ceil(values.length / count));
  return values.filter((_, i) => i % step === 0 || i === values.length - 1);
};

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

      // The operator: hears every new question over SSE and answers it; also checks event order.
      const ids: number[] = [];
      const stages = new Map<string, string[]>();
      const operator = new SseClient(`${url}/events`, (event) => {
        // Unnamed `message` frames are the Clarity spec's copies, sharing their named frame's id.
        if (event.event === 'snapshot' || event.event === 'message' || !event.id) return;
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

      // The agents run until `deadline`, set once the warm-up is over.
      let deadline = Number.POSITIVE_INFINITY;
      const started = Date.now();
      let warmup = '';
      // Retained heap after a full GC, not RSS: V8 grows its heaps to the allocation rate, so RSS
      // rose 10–20 % over some 30 s runs with no leak (and fell as much in others).
      const samples: ChildMemory[] = [];
      const memory = () => service!.proc.probe<ChildMemory>('MEMORY');
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
          if (created.status !== 200)
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
      // The inbox's list and history are the operator's: read with the state dir's operator secret.
      const asOperator = { authorization: `Bearer ${readOperatorSecret(service.stateDir)}` };
      const reader = async () => {
        while (Date.now() < deadline) {
          for (const path of ['/questions', '/api/requests', '/api/history?limit=50']) {
            const headers = path.startsWith('/api/') ? asOperator : {};
            const res = await request(`${url}${path}`, { agent, headers });
            if (res.status !== 200) fail(`GET ${path}: ${res.status}`);
          }
          counts.reads++;
          await sleep(20);
        }
      };
      const resolved = () => counts.file + counts.http + counts.held;
      const sampler = async () => {
        while (resolved() < WARMUP_REQUESTS && errors.length === 0) await sleep(100);
        warmup = `${resolved()} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`;
        deadline = Date.now() + SECONDS * 1000;
        while (Date.now() < deadline) {
          samples.push(await memory());
          if (process.env.SOAK_SNAP && (samples.length === 1 || samples.length === 9))
            console.log('SNAP', await service!.proc.probe<string>('SNAPSHOT', 120_000));
          await sleep(SAMPLE_EVERY * 1000);
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
      expect(resolved()).toBeGreaterThan(WARMUP_REQUESTS + SECONDS);
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
      // Memory: the retained heap at the end of the run vs its start (medians of a third each),
      // and once the traffic has drained vs the first sample.
      const drained = await memory();
      expect(drained.afterGc, 'the broker child runs with --expose-gc').toBe(true);
      const heap = samples.map((m) => m.heapUsed);
      const third = Math.max(1, Math.floor(heap.length / 3));
      const early = median(heap.slice(0, third));
      const late = median(heap.slice(-third));
      const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
      const pct = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
      console.log(
        `soak ${SECONDS}s after a warm-up of ${warmup}: ${JSON.stringify(counts)}; heap after GC ${mb(early)} → ${mb(late)} MB ` +
          `(${pct(late / early - 1)}), drained ${mb(drained.heapUsed)} MB; ` +
          `heaps ${everyNth(heap, 20).map(mb).join(' ')}; RSS ${mb(samples[0]!.rss)} → ${mb(samples.at(-1)!.rss)} MB; ${samples.length} samples`,
      );
      expect(samples.length, 'memory samples').toBeGreaterThanOrEqual(3);
      expect(late / early - 1, `heap ${early} → ${late}`).toBeLessThan(0.05);
      expect(
        drained.heapUsed / early - 1,
        `heap ${early} → drained ${drained.heapUsed}`,
      ).toBeLessThan(0.05);
    },
    // The traffic itself plus warm-up and drain, whatever SOAK_SECONDS says.
    (SECONDS + 300) * 1000,
  );
});
