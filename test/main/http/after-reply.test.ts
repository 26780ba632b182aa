import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { afterReply } from '../../../main/http/after-reply';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(register: (app: FastifyInstance) => void): Promise<string> {
  app = Fastify();
  register(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}/`;
}

describe('afterReply', () => {
  it('resolves once the response has been sent, not before', async () => {
    const steps: string[] = [];
    let after: Promise<unknown> | undefined;
    const url = await serve((a) =>
      a.get('/', async (_request, reply) => {
        after = afterReply(reply).then(() => steps.push(`after (${reply.raw.writableFinished})`));
        steps.push('handler');
        return { ok: true };
      }),
    );
    const res = await fetch(url);
    expect(await res.json()).toEqual({ ok: true });
    await after;
    expect(steps).toEqual(['handler', 'after (true)']);
  });

  it('resolves too when the connection closes before a reply', async () => {
    let after: Promise<void> | undefined;
    const url = await serve((a) =>
      a.get('/', async (_request, reply) => {
        after = afterReply(reply);
        reply.raw.destroy();
        return reply;
      }),
    );
    await fetch(url).catch(() => undefined);
    await expect(after).resolves.toBeUndefined();
  });
});
