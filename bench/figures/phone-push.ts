import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Benchmark, Measurement } from '../lib/figure';
import { startBrokerService } from '../../main/service/broker-service';
import type { NtfyHttpAction } from '../../main/service/ntfy/ntfy-message';
import { percentile } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';
import { startFakeNtfy } from '../../test/main/service/ntfy/fake-ntfy-server';

const REQUESTS = Number(process.env.BENCH_PHONE_REQUESTS ?? 100);
const TAPS = Number(process.env.BENCH_PHONE_TAPS ?? 50);
const KEY = /bench-\d+/g;

/** First arrival time of each `bench-<n>` key seen in a channel's text. */
function arrivals() {
  const seen = new Map<string, number>();
  return {
    seen,
    note(text: string) {
      const now = performance.now();
      for (const key of text.match(KEY) ?? []) if (!seen.has(key)) seen.set(key, now);
    },
  };
}

async function webhookReceiver(note: (text: string) => void) {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      note(body);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

const ms = (from: Map<string, number>, to: Map<string, number>) =>
  [...from].map(([key, t0]) => (to.get(key) ?? NaN) - t0);

function pair(values: number[], baseline: number[], p: number): Measurement {
  return { value: percentile(values, p), baseline: percentile(baseline, p) };
}

/**
 * Issue 36's figures: a request created → its ntfy publish received, → its webhook received, each
 * against the same request's SSE event (`GET /events`) in the same run; and a phone tap (the
 * button's POST to the reply topic) → the broker has the decision. ntfy is a local server
 * implementing the parts of its API used (ntfy itself cannot be reached here).
 */
export const phonePush: Benchmark = {
  title: 'phone push',
  specs: [
    ...(['p50', 'p99'] as const).flatMap((p) => [
      {
        id: `phone.ntfy.${p}`,
        name: `request created → ntfy publish received, ${p}`,
        unit: 'ms',
        target: { op: '<=' as const, value: 1.5, on: 'ratio' as const },
        baselineLabel: 'the same request on SSE',
      },
      {
        id: `phone.webhook.${p}`,
        name: `request created → webhook received, ${p}`,
        unit: 'ms',
        target: { op: '<=' as const, value: 1.5, on: 'ratio' as const },
        baselineLabel: 'the same request on SSE',
      },
    ]),
    { id: 'phone.tap.p50', name: 'ntfy tap → broker has the decision, p50', unit: 'ms' },
    { id: 'phone.tap.p99', name: 'ntfy tap → broker has the decision, p99', unit: 'ms' },
  ],
  async run() {
    const created = new Map<string, number>();
    const sse = arrivals();
    const push = arrivals();
    const hook = arrivals();
    const actions = new Map<string, NtfyHttpAction>();
    const ntfy = await startFakeNtfy(undefined, (body) => {
      push.note(body);
      const message = JSON.parse(body) as { message: string; actions?: NtfyHttpAction[] };
      const key = message.message.match(KEY)?.[0];
      if (message.actions?.[0] && key) actions.set(key, message.actions[0]);
    });
    const receiver = await webhookReceiver(hook.note);
    try {
      return await withTempDir('phone-bench', async (dir) => {
        const service = await startBrokerService({
          port: 0,
          stateDir: dir,
          rendererDir: null,
          webhooks: [{ url: receiver.url }],
          webhookSecret: 'bench',
          ntfy: { url: `${ntfy.url}bench-topic` },
        });
        const stream = new AbortController();
        try {
          await service.ntfy!.replies.ready;
          const events = await fetch(`${service.url}events`, { signal: stream.signal });
          void (async () => {
            const decoder = new TextDecoder();
            for await (const chunk of events.body as AsyncIterable<Uint8Array>)
              sse.note(decoder.decode(chunk, { stream: true }));
          })().catch(() => {});
          const ids: string[] = [];
          for (let i = 0; i < REQUESTS; i++) {
            const key = `bench-${i}`;
            created.set(key, performance.now());
            const request = service.broker.add({
              source: 'clarity-http',
              key,
              prompt: `${key}: deploy?`,
              input: { kind: 'confirm' },
            });
            ids.push(request.id);
            await until(() => sse.seen.has(key) && push.seen.has(key) && hook.seen.has(key));
          }
          const taps: number[] = [];
          for (let i = 0; i < Math.min(TAPS, REQUESTS); i++) {
            const action = actions.get(`bench-${i}`)!;
            const t0 = performance.now();
            await fetch(action.url, { method: action.method, body: action.body });
            await service.broker.waitForResolution(ids[i]!);
            taps.push(performance.now() - t0);
          }
          const onSse = ms(created, sse.seen);
          const onNtfy = ms(created, push.seen);
          const onHook = ms(created, hook.seen);
          return {
            'phone.ntfy.p50': pair(onNtfy, onSse, 50),
            'phone.ntfy.p99': pair(onNtfy, onSse, 99),
            'phone.webhook.p50': pair(onHook, onSse, 50),
            'phone.webhook.p99': pair(onHook, onSse, 99),
            'phone.tap.p50': { value: percentile(taps, 50) },
            'phone.tap.p99': { value: percentile(taps, 99) },
          };
        } finally {
          stream.abort();
          await service.close();
        }
      });
    } finally {
      receiver.server.close();
      await ntfy.close();
    }
  },
};

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('a request never arrived everywhere');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
