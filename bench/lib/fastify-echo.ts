import Fastify from 'fastify';
import { closeSync, openSync, writeSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/** The Fastify floor: the echo server's hold / wait / release exchange, with nothing else. */
export interface FastifyEchoServer {
  url: string;
  close(): Promise<void>;
}

export interface FastifyEchoOptions {
  /**
   * Also do what the project's rules ask of any request an agent makes, and nothing more: check
   * the body with zod (a 400 naming the field when it is wrong) and append a journal line to
   * this file, synchronously, before replying (what is acknowledged is never lost).
   */
  journalFile?: string;
}

const HoldBody = z.object({ key: z.string().min(1), question: z.string().min(1) });
const ReleaseBody = z.object({ key: z.string().min(1), response: z.string() });

/**
 * The node:http echo's `POST /hold/:key`, `GET /wait/:key`, `POST /release/:key` on a bare
 * Fastify with its JSON body parsing and routing (no hook, no schema, no validation): what the
 * framework alone costs a round trip, next to the broker's and the echo's. With `journalFile`,
 * the same plus the rules' minimum (see FastifyEchoOptions). Keys are forgotten once released,
 * so a long run keeps no state.
 */
export async function startFastifyEchoServer(
  options: FastifyEchoOptions = {},
): Promise<FastifyEchoServer> {
  const held = new Map<string, { answer?: string; waiters: Array<(text: string) => void> }>();
  const slot = (key: string) => {
    let found = held.get(key);
    if (!found) held.set(key, (found = { waiters: [] }));
    return found;
  };
  const journalFd = options.journalFile ? openSync(options.journalFile, 'a', 0o600) : undefined;
  /** Checks and journals a body (with `journalFile` only); what is wrong with it, if anything. */
  const refusal = (schema: z.ZodType, body: unknown, type: string): string | undefined => {
    if (journalFd === undefined) return undefined;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`;
    }
    writeSync(journalFd, `${JSON.stringify({ type, at: Date.now(), body: parsed.data })}\n`);
    return undefined;
  };
  const app = Fastify({ logger: false });
  type KeyRoute = { Params: { key: string } };
  app.post<KeyRoute>('/hold/:key', async (request, reply) => {
    const error = refusal(HoldBody, request.body, 'held');
    if (error !== undefined) return reply.status(400).send({ error });
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
  app.post<KeyRoute>('/release/:key', async (request, reply) => {
    const error = refusal(ReleaseBody, request.body, 'released');
    if (error !== undefined) return reply.status(400).send({ error });
    const { key } = request.params;
    const found = slot(key);
    found.answer = JSON.stringify({ key, status: 'answered', response: request.body });
    for (const waiter of found.waiters.splice(0)) waiter(found.answer);
    held.delete(key);
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      if (journalFd !== undefined) closeSync(journalFd);
    },
  };
}
