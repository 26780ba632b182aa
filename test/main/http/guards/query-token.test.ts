import { EventSource } from 'eventsource';
import { afterEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { createHttpServer, type HttpServer } from '../../../../main/http/server';
import { until } from '../helpers';

const TOKEN = 's3cret-token';
let server: HttpServer | undefined;
const sources: EventSource[] = [];
afterEach(async () => {
  for (const s of sources.splice(0)) s.close();
  await server?.close();
  server = undefined;
});

async function start(allowQueryToken?: boolean): Promise<{ broker: Broker; base: string }> {
  const broker = new Broker();
  server = await createHttpServer({
    broker,
    port: 0,
    rendererDir: null,
    token: TOKEN,
    ...(allowQueryToken === undefined ? {} : { allowQueryToken }),
  });
  await server.listen();
  return { broker, base: `http://127.0.0.1:${server.port()}` };
}

/** An SSE client that cannot send headers: the token can only go in the URL. */
function headerlessStream(url: string): { received: unknown[]; errors: number } {
  const state = { received: [] as unknown[], errors: 0 };
  const source = new EventSource(url);
  source.onmessage = (event) => state.received.push(JSON.parse(event.data));
  source.onerror = () => (state.errors += 1);
  sources.push(source);
  return state;
}

const json = { 'content-type': 'application/json', accept: 'application/json' };

describe('?token= for clients that cannot send headers', () => {
  it('is refused by default: the stream errors and gets nothing, API calls get 401', async () => {
    const { broker, base } = await start();
    const stream = headerlessStream(`${base}/events?token=${TOKEN}`);
    broker.add({ source: 'clarity-http', key: 'k', prompt: 'q' });
    await until(() => stream.errors >= 1);
    expect(stream.received).toEqual([]);
    const post = await fetch(`${base}/answer?token=${TOKEN}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ key: 'k', response: 'x' }),
    });
    expect(post.status).toBe(401);
    expect(broker.pending()).toHaveLength(1);
  });

  it('with the opt-in authorises /events and API requests in place, compared exactly', async () => {
    const { broker, base } = await start(true);
    const stream = headerlessStream(`${base}/events?token=${encodeURIComponent(TOKEN)}`);
    broker.add({ source: 'clarity-http', key: 'k', prompt: 'q' });
    await until(() => stream.received.length >= 1);
    expect(stream.received[0]).toMatchObject({ type: 'new_question', key: 'k' });

    const list = await fetch(`${base}/questions?token=${TOKEN}`, { headers: json });
    expect(list.status).toBe(200);
    expect(((await list.json()) as Array<{ key: string }>).map((q) => q.key)).toEqual(['k']);
    const answer = await fetch(`${base}/answer?token=${TOKEN}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ key: 'k', response: 'ok' }),
    });
    expect(answer.status).toBe(200);
    await until(() => stream.received.length >= 2);
    expect(stream.received[1]).toMatchObject({ type: 'answered', key: 'k', response: 'ok' });

    for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), '']) {
      const res = await fetch(`${base}/questions?token=${wrong}`, { headers: json });
      expect(res.status).toBe(401);
    }
  });

  it('with the opt-in a browser page load still swaps the token for a cookie and a clean URL', async () => {
    const { base } = await start(true);
    const res = await fetch(`${base}/?token=${TOKEN}`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('set-cookie')).toMatch(/^clarity_hitl_session=/);
  });
});
