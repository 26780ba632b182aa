import { afterEach, describe, expect, it } from 'vitest';
import { makeServer, until, type TestServer } from './helpers';

let t: TestServer;
afterEach(async () => {
  await t?.server.close();
});

describe('GET /questions/:key?wait=', () => {
  it('returns the moment a pending question is answered', async () => {
    t = await makeServer();
    await t.post('/questions', { key: 'lp', question: 'q' });
    const polling = t.get('/questions/lp?wait=60');
    let done = false;
    void polling.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    await t.post('/answer', { key: 'lp', response: 'go' });
    const res = await polling;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      key: 'lp',
      status: 'answered',
      response: 'go',
      safeKey: 'lp',
    });
  });

  it('returns when a missing key appears', async () => {
    t = await makeServer();
    const polling = t.get('/questions/later?wait=60');
    await new Promise((resolve) => setImmediate(resolve));
    await t.post('/questions', { key: 'later', question: 'q' });
    expect((await polling).json()).toEqual({ key: 'later', status: 'pending', safeKey: 'later' });
  });

  it('ignores events for other keys and returns the unchanged status when the wait runs out', async () => {
    t = await makeServer();
    await t.post('/questions', { key: 'mine', question: 'q' });
    const polling = t.get('/questions/mine?wait=0.3');
    await t.post('/questions', { key: 'other', question: 'q' });
    await t.post('/answer', { key: 'other', response: 'x' });
    expect((await polling).json()).toEqual({ key: 'mine', status: 'pending', safeKey: 'mine' });
  });

  it('answers at once for a resolved key', async () => {
    t = await makeServer();
    await t.post('/questions', { key: 'c', question: 'q' });
    await t.post('/cancel', { key: 'c' });
    expect((await t.get('/questions/c?wait=60')).json()).toEqual({
      key: 'c',
      status: 'cancelled',
      safeKey: 'c',
    });
  });

  it('stops listening to the broker when its client goes away, and not before', async () => {
    t = await makeServer();
    await t.post('/questions', { key: 'gone', question: 'q' });
    let listening = 0;
    const subscribe = t.broker.subscribe.bind(t.broker);
    t.broker.subscribe = (listener) => {
      listening += 1;
      const unsubscribe = subscribe(listener);
      return () => {
        listening -= 1;
        unsubscribe();
      };
    };
    const abort = new AbortController();
    const polling = t.inject({
      method: 'GET',
      url: '/questions/gone?wait=60',
      signal: abort.signal,
    });
    await until(() => listening === 1, 5000, 'the long poll waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listening).toBe(1);
    abort.abort();
    await polling.catch(() => undefined);
    await until(() => listening === 0, 5000, 'the long poll let go');
  });

  it('answers open long polls with the current status when the server closes', async () => {
    t = await makeServer();
    await t.post('/questions', { key: 'bye', question: 'q' });
    const polling = t.get('/questions/bye?wait=60');
    await new Promise((resolve) => setImmediate(resolve));
    await t.server.close();
    expect((await polling).json()).toEqual({ key: 'bye', status: 'pending', safeKey: 'bye' });
  });
});
