import { afterEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { createHttpServer, type HttpServer } from '../../../../main/http/server';
import { until } from '../helpers';
import { SseTestClient } from '../sse-client';

let server: HttpServer | undefined;
const clients: SseTestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
});

const item = {
  id: 'file:/d/x.question',
  source: 'clarity-file',
  origin: '/d/x.question',
  reason: 'bad',
};

describe('SSE `unreadable`', () => {
  it('is sent on connect when there are items, and after every change (live only, no id)', async () => {
    const broker = new Broker();
    broker.unreadable.report(item);
    server = await createHttpServer({ broker, rendererDir: null, port: 0 });
    await server.listen();
    // The inbox's stream: the operator's (what could not be read is theirs to see).
    const operator = { authorization: `Bearer ${server.context.operatorSecret}` };
    const client = await SseTestClient.connect(server.port(), operator);
    clients.push(client);
    const first = await until(() => client.events().length >= 2 && client.events());
    expect(first.map((e) => e.event)).toEqual(['snapshot', 'unreadable']);
    expect(first[1]!.id).toBeUndefined();
    const onConnect = JSON.parse(first[1]!.data!);
    expect(onConnect.items).toMatchObject([{ ...item, count: 1 }]);
    expect(onConnect.revision).toBe(1);

    broker.unreadable.clear(item.id);
    const cleared = await until(() => client.events().length >= 3 && client.events()[2]);
    expect(cleared.event).toBe('unreadable');
    // Numbered like GET /api/unreadable, so a client keeps the newer of a reply and an event.
    expect(JSON.parse(cleared.data!)).toEqual({ items: [], epoch: onConnect.epoch, revision: 2 });
    const reply = await fetch(`http://127.0.0.1:${server.port()}/api/unreadable`, {
      headers: operator,
    });
    expect(await reply.json()).toEqual({ items: [], epoch: onConnect.epoch, revision: 2 });
  });

  it('a client connecting with nothing unreadable gets only the snapshot', async () => {
    server = await createHttpServer({ broker: new Broker(), rendererDir: null, port: 0 });
    await server.listen();
    const client = await SseTestClient.connect(server.port());
    clients.push(client);
    await until(() => client.events().length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(client.events().map((e) => e.event)).toEqual(['snapshot']);
  });
});
