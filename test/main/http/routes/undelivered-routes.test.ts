import { afterEach, describe, expect, it } from 'vitest';
import { makeServer, type TestServer } from '../helpers';

let t: TestServer;
afterEach(async () => {
  await t?.server.close();
});

describe('GET /api/undelivered and an HTTP-mode answer collected by its poll', () => {
  it('an answer is listed awaiting until the agent polls it, then delivered and gone', async () => {
    t = await makeServer();
    const created = await t.post('/questions', { key: 'deploy', question: 'Ship?' });
    const id = created.json().id as string;
    const answered = await t.post('/answer', { key: 'deploy', response: 'yes' }, t.operator);
    expect(answered.statusCode).toBe(200);

    const listed = await t.get('/api/undelivered', t.operator);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().requests).toMatchObject([
      { id, status: 'answered', delivery: { state: 'awaiting' } },
    ]);
    expect(listed.json().requests[0].meta).toBeUndefined();

    const poll = await t.get('/questions/deploy');
    expect(poll.json()).toMatchObject({ status: 'answered', response: 'yes' });
    expect(t.broker.get(id)?.delivery?.state).toBe('delivered');
    expect((await t.get('/api/undelivered', t.operator)).json().requests).toEqual([]);
  });

  it('is the operator’s: an agent without a credential is refused', async () => {
    t = await makeServer();
    expect((await t.get('/api/undelivered')).statusCode).toBe(403);
  });
});
