import { EventSource } from 'eventsource';
import { afterEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { createHttpServer, type HttpServer } from '../../../../main/http/server';
import { until } from '../helpers';
import { SseTestClient } from '../sse-client';

let server: HttpServer | undefined;
const sources: EventSource[] = [];
const raw: SseTestClient[] = [];
afterEach(async () => {
  for (const s of sources.splice(0)) s.close();
  for (const c of raw.splice(0)) c.close();
  await server?.close();
  server = undefined;
});

async function start(): Promise<{ broker: Broker; port: number }> {
  const broker = new Broker();
  server = await createHttpServer({ rendererDir: null, port: 0, broker });
  await server.listen();
  return { broker, port: server.port() };
}

/** A client written against the spec: `onmessage` only, no named-event listeners. */
function specClient(port: number): { received: Array<Record<string, unknown>> } {
  const received: Array<Record<string, unknown>> = [];
  const source = new EventSource(`http://127.0.0.1:${port}/events`);
  source.onmessage = (event) => received.push(JSON.parse(event.data) as Record<string, unknown>);
  sources.push(source);
  return { received };
}

describe('GET /events for a client using onmessage (the Clarity spec frames)', () => {
  it('gets new_question for what is pending on connect, then new_question and answered live', async () => {
    const { broker, port } = await start();
    broker.add({ source: 'clarity-http', key: 'before', prompt: 'Earlier?', meta: { pid: 41 } });
    const client = specClient(port);
    await until(() => client.received.length >= 1);
    expect(client.received[0]).toMatchObject({ type: 'new_question', key: 'before', pid: 41 });
    // The question text is in the snapshot and GET /questions; live messages carry it.
    expect(client.received[0]).not.toHaveProperty('question');

    const live = broker.add({ source: 'clarity-http', key: 'review-step-3', prompt: 'Ok?' });
    const dropped = broker.add({ source: 'cueme', key: 'dropped', prompt: 'q' });
    broker.cancel(dropped.id);
    broker.answer(live.id, { text: 'Looks good' });
    await until(() => client.received.some((m) => m.type === 'answered'));
    expect(client.received.map((m) => [m.type, m.key])).toEqual([
      ['new_question', 'before'],
      ['new_question', 'review-step-3'],
      ['new_question', 'dropped'],
      ['answered', 'review-step-3'],
    ]);
    expect(client.received[1]).toMatchObject({ question: 'Ok?', timestamp: live.createdAt });
    expect(client.received[3]).toMatchObject({ response: 'Looks good', id: live.id });
  });

  it('keeps the named events and ids, and replays both kinds after Last-Event-ID', async () => {
    const { broker, port } = await start();
    const first = await SseTestClient.connect(port);
    raw.push(first);
    const a = broker.add({ source: 'clarity-http', key: 'a', prompt: 'q' });
    await until(() => first.messages.filter((m) => m.data).length >= 3);
    const frames = first.messages.filter((m) => m.data);
    expect(frames.map((m) => [m.id, m.event])).toEqual([
      ['0', 'snapshot'],
      ['1', 'new_question'],
      ['1', undefined],
    ]);
    first.close();
    broker.answer(a.id, { text: 'yes' });

    const resumed = await SseTestClient.connect(port, { 'last-event-id': '1' });
    raw.push(resumed);
    await until(() => resumed.messages.filter((m) => m.data).length >= 2);
    const replayed = resumed.messages.filter((m) => m.data);
    expect(replayed.map((m) => [m.id, m.event])).toEqual([
      ['2', 'answered'],
      ['2', undefined],
    ]);
    expect(JSON.parse(replayed[1]!.data!)).toMatchObject({ type: 'answered', key: 'a' });
  });
});
