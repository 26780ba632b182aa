import { afterEach, describe, expect, it } from 'vitest';
import { makeServer, type TestServer } from './helpers';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.server.close();
  t = undefined;
});

describe('createHttpServer', () => {
  it('takes zod route schemas only: a route declaring a JSON Schema fails to register, saying why', async () => {
    t = await makeServer();
    t.server.app.post(
      '/schema-route',
      { schema: { body: { type: 'object', properties: { key: { type: 'string' } } } } },
      async () => ({ ok: true }),
    );
    await expect(t.server.app.ready()).rejects.toThrow(
      /POST \/schema-route: route schemas are zod types \(its body is not one\)/,
    );
  });

  it('still parses and answers JSON bodies on its own routes', async () => {
    t = await makeServer();
    const created = await t.post('/questions', { key: 'deploy', question: 'Ship it?' });
    expect(created.statusCode).toBe(200);
    const answered = await t.post('/answer', { key: 'deploy', response: 'yes' });
    expect(answered.statusCode).toBe(200);
    expect(t.broker.resolved()).toEqual([
      expect.objectContaining({ key: 'deploy', status: 'answered' }),
    ]);
  });
});
