import { describe, expect, it } from 'vitest';
import type { RunBatch } from '@contract/run-schemas';
import {
  BrokerUnavailableError,
  type callBroker,
} from '../../../../../main/cli/broker-client/broker-http';
import { RunForwarder } from '../../../../../main/cli/commands/run/run-forwarder';
import { until } from '../../../http/helpers';

const broker = { url: 'http://127.0.0.1:1/', from: 'flag' as const };

/** A fake broker: records every call; `hold` keeps batch calls unanswered until released. */
function fakeBroker(options: { failStart?: boolean } = {}) {
  const batches: RunBatch[] = [];
  let release: (() => void) | undefined;
  let held: Promise<void> | undefined;
  const state = { down: false, opened: 0 };
  const call = (async (_b: unknown, path: string, body: unknown) => {
    if (state.down) throw new BrokerUnavailableError('http://127.0.0.1:1/', 'ECONNREFUSED');
    if (path === '/api/runs') {
      state.opened += 1;
      if (options.failStart) throw new Error('refused');
      return { id: 'run-1' };
    }
    if (held) await held;
    batches.push(body as RunBatch);
    return { ok: true };
  }) as typeof callBroker;
  return {
    call,
    batches,
    state,
    hold: () => (held = new Promise<void>((r) => (release = r))),
    release: () => {
      held = undefined;
      release?.();
    },
  };
}

/** A forwarder to `fake` for the command `a`, warning nowhere unless told. */
function forwarder(
  fake: ReturnType<typeof fakeBroker>,
  options: Partial<ConstructorParameters<typeof RunForwarder>[0]> = {},
): RunForwarder {
  return new RunForwarder({
    broker,
    start: { command: ['a'] },
    warn: () => {},
    call: fake.call,
    ...options,
  });
}

const text = (t: string) => ({ kind: 'text' as const, text: t });
const texts = (b: RunBatch[]) =>
  b.flatMap((x) => x.entries.map((e) => (e.kind === 'text' ? e.text : '')));

describe('RunForwarder', () => {
  it('sends lines in order in batches of at most maxBatch, the exit with the last', async () => {
    const fake = fakeBroker();
    const f = forwarder(fake, { maxBatch: 3, flushMs: 5 });
    for (let i = 0; i < 7; i++) f.push(text(String(i)));
    await f.finish({ code: 0, signal: null });
    expect(texts(fake.batches)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(fake.batches.every((b) => b.entries.length <= 3)).toBe(true);
    expect(fake.batches.at(-1)!.exit).toEqual({ code: 0, signal: null });
    expect(fake.batches.filter((b) => b.exit)).toHaveLength(1);
  });

  it('a short burst leaves as one batch after flushMs', async () => {
    const fake = fakeBroker();
    const f = forwarder(fake, { flushMs: 20 });
    f.push(text('a'));
    f.push(text('b'));
    await until(() => fake.batches.length === 1);
    expect(fake.batches[0]!.entries).toHaveLength(2);
    await f.finish({ code: 0, signal: null });
  });

  it('never blocks push while the broker is slow, and counts what overflowed', async () => {
    const fake = fakeBroker();
    fake.hold();
    const f = forwarder(fake, { maxBatch: 2, maxQueue: 5, flushMs: 1 });
    f.push(text('0'));
    f.push(text('1')); // first batch goes and is held
    await new Promise((r) => setImmediate(r));
    for (let i = 2; i < 12; i++) f.push(text(String(i)));
    fake.release();
    await f.finish({ code: 0, signal: null });
    const sent = texts(fake.batches);
    expect(sent.slice(0, 2)).toEqual(['0', '1']);
    expect(sent.slice(2)).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
      '… 5 lines were not forwarded (the broker was too slow or away)',
    ]);
  });

  it('warns once when the broker refuses the run and forwards nothing more', async () => {
    const fake = fakeBroker({ failStart: true });
    const warnings: string[] = [];
    const f = forwarder(fake, { warn: (w) => warnings.push(w), flushMs: 1 });
    f.push(text('a'));
    await f.finish({ code: 1, signal: null });
    f.push(text('b'));
    expect(warnings).toEqual([
      "⚠ this run is not shown in the broker's Runs view (refused); it goes on here",
    ]);
    expect(fake.batches).toEqual([]);
  });

  it('keeps the lines while the broker is away and sends them in order once it is back', async () => {
    const fake = fakeBroker();
    const warnings: string[] = [];
    const f = forwarder(fake, { warn: (w) => warnings.push(w), flushMs: 1, retryMs: 20 });
    f.push(text('before'));
    await until(() => fake.batches.length === 1, 10_000, 'the first batch');
    fake.state.down = true;
    for (const line of ['during 1', 'during 2', 'during 3']) f.push(text(line));
    await until(() => warnings.length === 1, 10_000, 'the outage warning');
    expect(warnings[0]).toMatch(
      /^⚠ no broker is running at http:\/\/127\.0\.0\.1:1\/;.*once the broker is back$/,
    );
    await new Promise((r) => setTimeout(r, 60)); // several retries fail meanwhile
    f.push(text('during 4'));
    fake.state.down = false;
    await until(() => texts(fake.batches).length === 5, 10_000, 'the kept lines');
    expect(texts(fake.batches)).toEqual(['before', 'during 1', 'during 2', 'during 3', 'during 4']);
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toBe('✓ the broker is back: this run shows in its Runs view again');
    await f.finish({ code: 0, signal: null });
    expect(fake.batches.at(-1)!.exit).toEqual({ code: 0, signal: null });
    expect(fake.state.opened).toBe(1);
  });

  it('opens the run once a broker starts, when there was none at the agent start', async () => {
    const fake = fakeBroker();
    fake.state.down = true;
    const warnings: string[] = [];
    const f = forwarder(fake, { warn: (w) => warnings.push(w), flushMs: 1, retryMs: 20 });
    f.push(text('early'));
    await until(() => warnings.length === 1, 10_000, 'the warning');
    fake.state.down = false;
    await until(() => texts(fake.batches).length === 1, 10_000, 'the early line');
    expect(fake.state.opened).toBe(1);
    expect(texts(fake.batches)).toEqual(['early']);
    await f.finish({ code: 0, signal: null });
  });

  it('finishing while the broker is away returns at once and stops trying', async () => {
    const fake = fakeBroker();
    fake.state.down = true;
    const f = forwarder(fake, { retryMs: 10, finishTimeoutMs: 60_000 });
    f.push(text('lost'));
    await f.finish({ code: 1, signal: null }); // would hang for a minute if it waited
    fake.state.down = false;
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.batches).toEqual([]);
    expect(fake.state.opened).toBe(0);
  });

  it('sends an empty heartbeat batch while the agent is quiet', async () => {
    const fake = fakeBroker();
    const f = forwarder(fake, { heartbeatMs: 20 });
    await until(() => fake.batches.length >= 1, 10_000, 'a heartbeat');
    expect(fake.batches[0]).toEqual({ entries: [] });
    await f.finish({ code: 0, signal: null });
  });

  it('gives up on finish after finishTimeoutMs when the broker hangs', async () => {
    const fake = fakeBroker();
    fake.hold();
    const f = forwarder(fake, { finishTimeoutMs: 50 });
    f.push(text('a'));
    await f.finish({ code: 0, signal: null }); // resolves although the call never returns
    expect(fake.batches).toEqual([]);
  });

  it('cuts long text lines and leaves out an event too large for a batch', async () => {
    const fake = fakeBroker();
    const f = forwarder(fake);
    f.push(text('x'.repeat(20_000)));
    f.push({ kind: 'event', event: { type: 'artifact', summary: 'y'.repeat(300_000) } });
    await f.finish({ code: 0, signal: null });
    const sent = texts(fake.batches);
    expect(sent[0]).toHaveLength(8_000);
    expect(sent[1]).toBe('(a artifact event too large to show was left out)');
  });
});
