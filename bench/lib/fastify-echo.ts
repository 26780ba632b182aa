import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';

/** The Fastify floor: the echo server's hold / wait / release exchange, with nothing else. */
export interface FastifyEchoServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The node:http echo's `POST /hold/:key`, `GET /wait/:key`, `POST /release/:key` on a bare
 * Fastify with its JSON body parsing and routing (no hook, no schema, no validation): what the
 * framework alone costs a round trip, next to the broker's and the echo's. Keys are forgotten once
 * released, so a long run keeps no state.
 */
export async function startFastifyEchoServer(): Promise<FastifyEchoServer> {
  const held = new Map<string, { answer?: string; waiters: Array<(text: string) => void> }>();
  const slot = (key: string) => {
    let found = held.get(key);
    if (!found) held.set(key, (found = { waiters: [] }));
    return found;
  };
  const app = Fastify({ logger: false });
  type KeyRoute = { Params: { key: string } };
  app.post<KeyRoute>('/hold/:key', async (request, reply) => {
    slot(request.params.key);
    return reply.status(201).send({ key: request.params.key, status: 'pending' });
  });
  app.get<KeyRoute>('/wait/:key', (request, reply) => {
    const found = slot(request.params.key);
    const send = (text: string) => reply.type('application/json').send(text);
    if (found.answer !== undefined) return send(found.answer);
    found.waiters.push(send);
    return reply;
  });
  app.post<KeyRoute>('/release/:key', async (request) => {
    const { key } = request.params;
    const found = slot(key);
    found.answer = JSON.stringify({ key, status: 'answered', response: request.body });
    for (const waiter of found.waiters.splice(0)) waiter(found.answer);
    held.delete(key);
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
