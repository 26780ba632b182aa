import { afterEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import {
  createHttpServer,
  type HttpServer,
  type HttpServerOptions,
} from '../../../../main/http/server';
import { until } from '../helpers';
import { SseTestClient } from '../sse-client';

let server: HttpServer | undefined;
const clients: SseTestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = undefined;
});

async function start(
  options: Partial<HttpServerOptions> = {},
): Promise<{ broker: Broker; port: number }> {
  const broker = options.broker ?? new Broker();
  server = await createHttpServer({ rendererDir: null, port: 0, ...options, broker });
  await server.listen();
  return { broker, port: server.port() };
}

async function connect(
  port: number,
  headers: Record<string, string> = {},
  path?: string,
): Promise<SseTestClient> {
  const client = await SseTestClient.connect(port, headers, path);
  clients.push(client);
  return client;
}

describe('GET /events', () => {
  it('sends a snapshot of pending requests on connect, then live events with ids', async () => {
    const { broker, port } = await start();
    broker.add({ source: 'clarity-file', key: 'before', prompt: 'q0', meta: { secret: 'x' } });
    const client = await connect(port);
    expect(client.status).toBe(200);
    const [snapshot] = await until(() => client.events().length >= 1 && client.events());
    expect(snapshot!.event).toBe('snapshot');
    expect(snapshot!.id).toBe('1');
    const data = JSON.parse(snapshot!.data!);
    expect(data.seq).toBe(1);
    expect(data.pending.map((r: { key: string }) => r.key)).toEqual(['before']);
    expect(snapshot!.data).not.toContain('secret');

    const added = broker.add({
      source: 'clarity-http',
      key: 'live',
      prompt: 'Ship it?',
      meta: { secret: 'y' },
    });
    broker.answer(added.id, { text: 'yes' });
    const live = await until(() => client.events().length >= 3 && client.events().slice(1));
    expect(live.map((m) => [m.id, m.event])).toEqual([
      ['2', 'new_question'],
      ['3', 'answered'],
    ]);
    const question = JSON.parse(live[0]!.data!);
    expect(question).toMatchObject({
      type: 'new_question',
      id: added.id,
      key: 'live',
      source: 'clarity-http',
      question: 'Ship it?',
      timestamp: added.createdAt,
    });
    expect(question.request).toMatchObject({ id: added.id, status: 'pending' });
    expect(question.request).not.toHaveProperty('meta');
    expect(JSON.parse(live[1]!.data!).request.answer).toEqual({ text: 'yes' });
  });

  it('names cancelled, expired and updated events', async () => {
    const { broker, port } = await start();
    const client = await connect(port);
    const a = broker.add({ source: 'cueme', key: 'a', prompt: 'q' });
    const b = broker.add({ source: 'cueme', key: 'b', prompt: 'q' });
    broker.update(a.id, { title: 'A title' });
    broker.cancel(a.id);
    broker.expire(b.id);
    const events = await until(() => client.events().length >= 6 && client.events());
    expect(events.map((m) => m.event)).toEqual([
      'snapshot',
      'new_question',
      'new_question',
      'updated',
      'cancelled',
      'expired',
    ]);
  });

  it('replays the events after Last-Event-ID without a snapshot', async () => {
    const { broker, port } = await start();
    const first = await connect(port);
    const r1 = broker.add({ source: 'cueme', key: 'one', prompt: 'q' });
    await until(() => first.events().length >= 2);
    first.close();
    const r2 = broker.add({ source: 'cueme', key: 'two', prompt: 'q' });
    broker.answer(r1.id, { text: 'ok' });

    const resumed = await connect(port, { 'last-event-id': first.events().at(-1)!.id! });
    const events = await until(() => resumed.events().length >= 2 && resumed.events());
    expect(events.map((m) => [m.id, m.event])).toEqual([
      ['2', 'new_question'],
      ['3', 'answered'],
    ]);
    expect(JSON.parse(events[0]!.data!).id).toBe(r2.id);
    broker.cancel(r2.id);
    await until(() => resumed.events().length >= 3);
    expect(resumed.events()[2]).toMatchObject({ id: '4', event: 'cancelled' });
  });

  it('sends a fresh snapshot when the gap is older than the buffer, or the id is unknown', async () => {
    const { broker, port } = await start({ eventBufferSize: 2 });
    for (const key of ['a', 'b', 'c', 'd']) broker.add({ source: 'cueme', key, prompt: 'q' });
    const tooOld = await connect(port, { 'last-event-id': '1' });
    const [snap] = await until(() => tooOld.events().length >= 1 && tooOld.events());
    expect(snap!.event).toBe('snapshot');
    expect(JSON.parse(snap!.data!).pending).toHaveLength(4);

    const inBuffer = await connect(port, { 'last-event-id': '2' });
    await until(() => inBuffer.events().length >= 2);
    expect(inBuffer.events().map((m) => m.id)).toEqual(['3', '4']);

    const future = await connect(port, { 'last-event-id': '99' });
    await until(() => future.events().length >= 1);
    expect(future.events()[0]!.event).toBe('snapshot');
  });

  it('eventsFromListen: a server built before the broker fills keeps no frames until it listens', async () => {
    const broker = new Broker();
    server = await createHttpServer({ rendererDir: null, port: 0, broker, eventsFromListen: true });
    for (const key of ['a', 'b', 'c']) broker.add({ source: 'cueme', key, prompt: 'q' });
    await server.listen();
    const port = server.port();
    // Nothing of seq 1–3 was buffered: a resume from 1 gets the whole pending list instead.
    const early = await connect(port, { 'last-event-id': '1' });
    const [snap] = await until(() => early.events().length >= 1 && early.events());
    expect(snap!.event).toBe('snapshot');
    expect(JSON.parse(snap!.data!).pending).toHaveLength(3);
    // From listen on it follows the broker: live to the stream, and buffered for a resume.
    broker.add({ source: 'cueme', key: 'd', prompt: 'q' });
    await until(() => early.events().some((m) => m.event === 'new_question'));
    const resumed = await connect(port, { 'last-event-id': '3' });
    await until(() => resumed.events().length >= 1);
    expect(resumed.events().map((m) => [m.id, m.event])).toEqual([['4', 'new_question']]);
  });

  it('with ?snapshot_limit=N sends only the newest N pending, oldest first, with the total', async () => {
    const { broker, port } = await start();
    for (const [key, createdAt] of [
      ['old', 1000],
      ['newest', 4000],
      ['middle', 2000],
      ['newer', 3000],
    ] as const)
      broker.add({ source: 'cueme', key, prompt: 'q', createdAt });
    const paged = await connect(port, {}, '/events?snapshot_limit=2');
    const [snap] = await until(() => paged.events().length >= 1 && paged.events());
    expect(snap).toMatchObject({ event: 'snapshot', id: '4' });
    const data = JSON.parse(snap!.data!);
    expect(data).toMatchObject({ seq: 4, total: 4 });
    expect(data.pending.map((r: { key: string }) => r.key)).toEqual(['newer', 'newest']);

    const full = await connect(port, {}, '/events?snapshot_limit=10');
    const [all] = await until(() => full.events().length >= 1 && full.events());
    expect(JSON.parse(all!.data!)).toMatchObject({ seq: 4, total: 4 });
    expect(JSON.parse(all!.data!).pending).toHaveLength(4);

    broker.add({ source: 'cueme', key: 'live', prompt: 'q' });
    await until(() => paged.events().length >= 2);
    expect(paged.events()[1]).toMatchObject({ id: '5', event: 'new_question' });
  });

  it('with ?snapshot_limit=N and requests created at the same moment, the page is the newest N in (time, id) order', async () => {
    const { broker, port } = await start();
    for (const [key, createdAt] of [
      ['t3-a', 3000],
      ['t1', 1000],
      ['t3-b', 3000],
      ['t2', 2000],
      ['t3-c', 3000],
    ] as const)
      broker.add({ source: 'cueme', key, prompt: 'q', createdAt });
    const byTime = (n: number) => {
      const all = broker.pending();
      return [...all]
        .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .slice(-n)
        .map((r) => r.key);
    };
    for (const limit of [1, 2, 3, 4]) {
      const paged = await connect(port, {}, `/events?snapshot_limit=${limit}`);
      const [snap] = await until(() => paged.events().length >= 1 && paged.events());
      const keys = JSON.parse(snap!.data!).pending.map((r: { key: string }) => r.key);
      expect(keys).toEqual(byTime(limit));
    }
    expect(byTime(4)).toEqual(expect.arrayContaining(['t2', 't3-a', 't3-b', 't3-c']));
  });

  it('with ?snapshot_order=urgent the page is the top of the inbox order: soonest deadline, then oldest', async () => {
    const { broker, port } = await start();
    const now = Date.now();
    for (const [key, createdAt, expiresAt] of [
      ['oldest', 1000, undefined],
      ['newest', 4000, undefined],
      ['due-later', 3000, now + 600_000],
      ['old', 2000, undefined],
      ['due-soon', 3500, now + 60_000],
    ] as const)
      broker.add({
        source: 'cueme',
        key,
        prompt: 'q',
        createdAt,
        ...(expiresAt ? { expiresAt } : {}),
      });
    const keysOf = async (query: string) => {
      const stream = await connect(port, {}, `/events?${query}`);
      const [snap] = await until(() => stream.events().length >= 1 && stream.events());
      const data = JSON.parse(snap!.data!);
      expect(data.total).toBe(5);
      return data.pending.map((r: { key: string }) => r.key);
    };
    expect(await keysOf('snapshot_limit=3&snapshot_order=urgent')).toEqual([
      'due-soon',
      'due-later',
      'oldest',
    ]);
    expect(await keysOf('snapshot_limit=4&snapshot_order=urgent')).toEqual([
      'due-soon',
      'due-later',
      'oldest',
      'old',
    ]);
    // Without an order: the newest N (by creation time), oldest first, as before.
    expect(await keysOf('snapshot_limit=2')).toEqual(['due-soon', 'newest']);
    // The other orders of the list: its top, in that order.
    expect(await keysOf('snapshot_limit=2&snapshot_order=newest')).toEqual(['newest', 'due-soon']);
    expect(await keysOf('snapshot_limit=2&snapshot_order=oldest')).toEqual(['oldest', 'old']);

    const bad = await fetch(
      `http://127.0.0.1:${port}/events?snapshot_limit=2&snapshot_order=soonest`,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('snapshot_order');
  });

  it('with ?snapshot_limit still replays after Last-Event-ID (no snapshot)', async () => {
    const { broker, port } = await start();
    broker.add({ source: 'cueme', key: 'a', prompt: 'q' });
    broker.add({ source: 'cueme', key: 'b', prompt: 'q' });
    const resumed = await connect(port, { 'last-event-id': '1' }, '/events?snapshot_limit=1');
    const events = await until(() => resumed.events().length >= 1 && resumed.events());
    expect(events.map((m) => [m.id, m.event])).toEqual([['2', 'new_question']]);
  });

  it('refuses a snapshot_limit that is not a positive integer with a 400 naming it', async () => {
    const { port } = await start();
    for (const bad of ['0', '-3', '1.5', 'many']) {
      const res = await fetch(`http://127.0.0.1:${port}/events?snapshot_limit=${bad}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe('invalid');
      expect(body.message).toContain('snapshot_limit');
    }
  });

  it('sends a heartbeat comment at the configured interval', async () => {
    const { port } = await start({ heartbeatMs: 30 });
    const client = await connect(port);
    await until(() => client.messages.some((m) => m.comment === 'heartbeat'));
  });

  it("publish() sends live-only events (e.g. agent_message) to every operator's stream, never an agent's", async () => {
    const { port } = await start();
    const operator = { authorization: `Bearer ${server!.context.operatorSecret}` };
    const a = await connect(port, operator);
    const b = await connect(port, operator);
    const agent = await connect(port);
    await until(() => [a, b, agent].every((c) => c.events().length >= 1));
    server!.context.events.publish('agent_message', { agentId: 'x', message: { role: 'agent' } });
    server!.context.broker.add({ source: 'clarity-http', key: 'after', prompt: 'Later?' });
    for (const c of [a, b]) {
      const m = await until(() => c.events().find((e) => e.event === 'agent_message'));
      expect(m.id).toBeUndefined();
      expect(JSON.parse(m.data!)).toEqual({ agentId: 'x', message: { role: 'agent' } });
    }
    // The agent's stream got the later spec event, so the agent_message would have come before it.
    await until(() => agent.events().some((e) => e.event === 'new_question'));
    expect(agent.events().some((e) => e.event === 'agent_message')).toBe(false);
  });

  it('ends open streams when the server closes', async () => {
    const { port } = await start();
    const client = await connect(port);
    await until(() => client.events().length >= 1);
    await server!.close();
    server = undefined;
    await until(() => client.ended);
  });
});
