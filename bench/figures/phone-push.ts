import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import type { Benchmark, Measurement } from '../lib/figure';
import { startBrokerService } from '../../main/service/broker-service';
import { spawnTs, type TsChild } from '../../test/support/load/child';
import { percentile } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';

const REQUESTS = Number(process.env.BENCH_PHONE_REQUESTS ?? 200);
const TAPS = Number(process.env.BENCH_PHONE_TAPS ?? 50);
const BOT_TOKEN = '110201543:AAHbench-token-not-a-real-one_0000';
const CHAT = 777;
const now = () => performance.timeOrigin + performance.now();

/** A receiver in its own process and the epoch times of what it printed, by key. */
interface Receiver {
  child: TsChild<{ url: string }>;
  url: string;
  seen: Map<string, number>;
  pressed: Map<string, number>;
}

async function receiver(script: string, args: string[]): Promise<Receiver> {
  const child = spawnTs<{ url: string }>(script, args);
  const out: Receiver = { child, url: '', seen: new Map(), pressed: new Map() };
  createInterface({ input: child.child.stdout! }).on('line', (line) => {
    const [word = '', key = '', ...rest] = line.split(' ');
    if (word === 'ARRIVED') out.seen.set(key, Number(rest[0]));
    else if (word === 'PRESSED') out.pressed.set(key, Number(rest[0]));
    // sse-listener.ts: `<key> <epoch>` per new_question.
    else if (/^bench-\d+$/.test(word)) out.seen.set(word, Number(key));
  });
  out.url = (await child.ready).url ?? '';
  return out;
}

const since = (from: Map<string, number>, to: Map<string, number>) =>
  [...from].map(([key, t0]) => (to.get(key) ?? NaN) - t0);

function pair(values: number[], baseline: number[], p: number): Measurement {
  return { value: percentile(values, p), baseline: percentile(baseline, p) };
}

const ratioSpec = (id: string, name: string) => ({
  id,
  name,
  unit: 'ms',
  target: { op: '<=' as const, value: 1.5, on: 'ratio' as const },
  baselineLabel: 'the same request on SSE',
});

/**
 * Issue 36's figures: a request created → its ntfy publish received, → its Telegram sendMessage
 * received, → its webhook received, each against the same request's SSE event (`GET /events`) in
 * the same run; and a phone tap as the service's server takes it in (ntfy: the button's code
 * posted to the reply topic; Telegram: the callback query handed to the broker's held getUpdates)
 * → the broker has the decision. Each
 * receiver (the SSE client, ntfy, the Bot API, the webhook endpoint) runs in its own process, as
 * they do for real, and stamps arrivals with its epoch clock; ntfy and the Bot API are local
 * servers implementing the parts of their APIs used (neither can be reached from here).
 */
export const phonePush: Benchmark = {
  title: 'phone push',
  specs: [
    ...(['p50', 'p99'] as const).flatMap((p) => [
      ratioSpec(`phone.ntfy.${p}`, `request created → ntfy publish received, ${p}`),
      ratioSpec(`phone.telegram.${p}`, `request created → Telegram sendMessage received, ${p}`),
      ratioSpec(`phone.webhook.${p}`, `request created → webhook received, ${p}`),
    ]),
    { id: 'phone.tap.p50', name: 'ntfy tap → broker has the decision, p50', unit: 'ms' },
    { id: 'phone.tap.p99', name: 'ntfy tap → broker has the decision, p99', unit: 'ms' },
    {
      id: 'phone.telegram-tap.p50',
      name: 'Telegram tap → broker has the decision, p50',
      unit: 'ms',
    },
    {
      id: 'phone.telegram-tap.p99',
      name: 'Telegram tap → broker has the decision, p99',
      unit: 'ms',
    },
  ],
  async run() {
    const script = 'bench/children/phone-receiver.ts';
    const [ntfy, bot, hook] = await Promise.all([
      receiver(script, ['ntfy']),
      receiver(script, ['telegram', BOT_TOKEN]),
      receiver(script, ['webhook']),
    ]);
    const children = [ntfy, bot, hook];
    try {
      return await withTempDir('phone-bench', async (dir) => {
        const service = await startBrokerService({
          port: 0,
          stateDir: dir,
          rendererDir: null,
          webhooks: [{ url: hook.url }],
          webhookSecret: 'bench',
          ntfy: { url: `${ntfy.url}bench-topic` },
          telegram: { token: BOT_TOKEN, chat: String(CHAT), apiUrl: bot.url },
        });
        const sse = await receiver('bench/children/sse-listener.ts', [`${service.url}events`]);
        children.push(sse);
        try {
          await service.ntfy!.replies.ready;
          return await measure(service, { sse, ntfy, bot, hook });
        } finally {
          await service.close();
        }
      });
    } finally {
      await Promise.all(children.map((c) => c.child.stop()));
    }
  },
};

async function measure(
  service: Awaited<ReturnType<typeof startBrokerService>>,
  { sse, ntfy, bot, hook }: Record<'sse' | 'ntfy' | 'bot' | 'hook', Receiver>,
): Promise<Record<string, Measurement>> {
  const created = new Map<string, number>();
  const ids: string[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const key = `bench-${i}`;
    created.set(key, now());
    const request = service.broker.add({
      source: 'clarity-http',
      key,
      prompt: `${key}: deploy?`,
      input: { kind: 'confirm' },
    });
    ids.push(request.id);
    await until(() => [sse, ntfy, bot, hook].every((r) => r.seen.has(key)));
  }
  const taps = await tapAll(ntfy, ids, 0, (key) => `TAP ${key}`, service);
  const telegramTaps = await tapAll(bot, ids, TAPS, (key) => `PRESS ${key} ${CHAT}`, service);
  const onSse = since(created, sse.seen);
  const on = (r: Receiver) => since(created, r.seen);
  return {
    'phone.ntfy.p50': pair(on(ntfy), onSse, 50),
    'phone.ntfy.p99': pair(on(ntfy), onSse, 99),
    'phone.telegram.p50': pair(on(bot), onSse, 50),
    'phone.telegram.p99': pair(on(bot), onSse, 99),
    'phone.webhook.p50': pair(on(hook), onSse, 50),
    'phone.webhook.p99': pair(on(hook), onSse, 99),
    'phone.tap.p50': { value: percentile(taps, 50) },
    'phone.tap.p99': { value: percentile(taps, 99) },
    'phone.telegram-tap.p50': { value: percentile(telegramTaps, 50) },
    'phone.telegram-tap.p99': { value: percentile(telegramTaps, 99) },
  };
}

/**
 * Taps the first button of requests `from`..`from + TAPS` in a receiver's process (the tap as
 * its server takes it in) and times each from there until the broker has the decision.
 */
async function tapAll(
  receiver: Receiver,
  ids: string[],
  from: number,
  command: (key: string) => string,
  service: Awaited<ReturnType<typeof startBrokerService>>,
): Promise<number[]> {
  const taps: number[] = [];
  for (let i = from; i < Math.min(from + TAPS, ids.length); i++) {
    const key = `bench-${i}`;
    receiver.child.child.stdin!.write(`${command(key)}\n`);
    await service.broker.waitForResolution(ids[i]!);
    const at = now();
    await until(() => receiver.pressed.has(key));
    taps.push(at - receiver.pressed.get(key)!);
  }
  return taps;
}

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('a request never arrived everywhere');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
