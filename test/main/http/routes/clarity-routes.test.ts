import { afterEach, describe, expect, it } from 'vitest';
import { makeServer, type TestServer } from '../helpers';

let t: TestServer;
afterEach(async () => {
  await t?.server.close();
});

describe('Clarity spec routes', () => {
  it('POST /questions creates a pending clarity-http request; GET /questions lists it', async () => {
    t = await makeServer();
    const created = await t.post('/questions', {
      key: 'review-3',
      question: 'Looks **right**?',
      timestamp: 1_700_000_000_000,
      pid: 42,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ key: 'review-3', status: 'pending' });
    const id = created.json().id as string;
    expect(t.broker.get(id)).toMatchObject({
      source: 'clarity-http',
      prompt: 'Looks **right**?',
      createdAt: 1_700_000_000_000,
    });

    const list = await t.get('/questions');
    expect(list.statusCode).toBe(200);
    const [item] = list.json();
    expect(item).toEqual({
      key: 'review-3',
      question: 'Looks **right**?',
      timestamp: 1_700_000_000_000,
      age: expect.any(Number),
      ageSeconds: item.age,
      pid: 42,
      source: 'clarity-http',
      id,
    });
    expect(item.age).toBeGreaterThan(0);
  });

  it('POST /questions with timeout_sec sets the deadline (the inbox counts down; it expires then)', async () => {
    t = await makeServer();
    const before = Date.now();
    const res = await t.post('/questions', { key: 'timed', question: 'q', timeout_sec: 90 });
    expect(res.statusCode).toBe(200);
    const request = t.broker.get(res.json().id)!;
    expect(request.expiresAt! - request.createdAt).toBeGreaterThanOrEqual(89_000);
    expect(request.expiresAt!).toBeGreaterThanOrEqual(before + 90_000);
    expect(request.expiresAt!).toBeLessThanOrEqual(Date.now() + 90_000);
    const untimed = await t.post('/questions', { key: 'untimed', question: 'q' });
    expect(t.broker.get(untimed.json().id)!.expiresAt).toBeUndefined();
    const bad = await t.post('/questions', { key: 'bad', question: 'q', timeout_sec: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('timeout_sec');
  });

  it('GET /questions lists pending requests of every source, without meta', async () => {
    t = await makeServer();
    t.broker.add({ source: 'clarity-file', key: 'a', prompt: 'from a file' });
    t.broker.add({ source: 'tool-server-lite', key: 'b', prompt: 'from TSL', meta: { secret: 1 } });
    const list = (await t.get('/questions')).json();
    expect(list.map((q: { source: string }) => q.source)).toEqual([
      'clarity-file',
      'tool-server-lite',
    ]);
    expect(JSON.stringify(list)).not.toContain('secret');
  });

  it('GET /questions lists a long list whole (sent in pieces), in order, as JSON', async () => {
    t = await makeServer();
    for (let i = 0; i < 2345; i++)
      t.broker.add({ source: 'cueme', key: `long-${i}`, prompt: 'q', createdAt: 1000 + i });
    const res = await t.get('/questions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = res.json() as Array<{ key: string }>;
    expect(list).toHaveLength(2345);
    expect(list[0]!.key).toBe('long-0');
    expect(list[2344]!.key).toBe('long-2344');
  });

  it('re-posting the same pending question is idempotent; a different question with the key is 409', async () => {
    t = await makeServer();
    const first = await t.post('/questions', { key: 'k', question: 'q' });
    const again = await t.post('/questions', { key: 'k', question: 'q' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const other = await t.post('/questions', { key: 'k', question: 'another' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: 'duplicate', message: expect.stringContaining('k') });
  });

  it('mirrors an HTTP-born question through mirrorQuestion', async () => {
    const mirrored: string[] = [];
    t = await makeServer({ mirrorQuestion: (r) => void mirrored.push(r.key) });
    await t.post('/questions', { key: 'mirror-me', question: 'q' });
    expect(mirrored).toEqual(['mirror-me']);
  });

  it('POST /questions names the mirror file in its reply and has it written once the reply is out', async () => {
    const steps: string[] = [];
    let writing: Promise<void> | undefined;
    t = await makeServer({
      mirrorQuestion: (request, ready) => {
        steps.push(`claimed ${request.key}`);
        writing = Promise.resolve(ready).then(() => void steps.push('written'));
      },
      requestFiles: (request) => ({
        safeKey: request.key,
        kind: 'mirror',
        questionPath: `/hs/${request.key}.question`,
        answerPath: `/hs/${request.key}.answer`,
      }),
    });
    const created = await t.post('/questions', { key: 'after', question: 'q' });
    steps.push('replied');
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ safeKey: 'after', path: '/hs/after.question' });
    await writing;
    expect(steps[0]).toBe('claimed after');
    expect(steps).toContain('written');
  });

  it('a mirror that fails is only a warning: the question is still accepted', async () => {
    t = await makeServer({
      mirrorQuestion: async (_request, ready) => {
        await ready;
        throw new Error('disk full');
      },
    });
    const created = await t.post('/questions', { key: 'k', question: 'q' });
    expect(created.statusCode).toBe(200);
    expect(t.broker.findPending('clarity-http', 'k')).toBeDefined();
  });

  it('GET /questions/:key reports pending, answered (with response), cancelled, expired and missing', async () => {
    t = await makeServer();
    expect((await t.get('/questions/nope')).json()).toEqual({
      key: 'nope',
      status: 'missing',
      safeKey: 'nope',
    });
    await t.post('/questions', { key: 'a', question: 'q' });
    expect((await t.get('/questions/a')).json()).toEqual({
      key: 'a',
      status: 'pending',
      safeKey: 'a',
    });
    const answered = await t.post('/answer', { key: 'a', response: 'Looks good' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({
      ok: true,
      key: 'a',
      status: 'answered',
      safeKey: 'a',
    });
    expect((await t.get('/questions/a')).json()).toEqual({
      key: 'a',
      status: 'answered',
      response: 'Looks good',
      safeKey: 'a',
    });

    await t.post('/questions', { key: 'c', question: 'q' });
    const cancelled = await t.post('/cancel', { key: 'c' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({
      ok: true,
      key: 'c',
      safeKey: 'c',
      status: 'cancelled',
      removed: true,
    });
    expect((await t.get('/questions/c')).json()).toEqual({
      key: 'c',
      status: 'cancelled',
      safeKey: 'c',
    });

    const e = t.broker.add({ source: 'clarity-http', key: 'e', prompt: 'q' });
    t.broker.expire(e.id);
    expect((await t.get('/questions/e')).json()).toEqual({
      key: 'e',
      status: 'expired',
      safeKey: 'e',
    });
  });

  it('an empty response is a valid approval', async () => {
    t = await makeServer();
    await t.post('/questions', { key: 'ok', question: 'Proceed?' });
    expect((await t.post('/answer', { key: 'ok', response: '' })).statusCode).toBe(200);
    expect((await t.get('/questions/ok')).json()).toEqual({
      key: 'ok',
      status: 'answered',
      response: '',
      safeKey: 'ok',
    });
  });

  it('POST /answer and /cancel work for any source by key, preferring Clarity sources', async () => {
    t = await makeServer();
    const tsl = t.broker.add({ source: 'tool-server-lite', key: 'shared', prompt: 'tsl' });
    const file = t.broker.add({ source: 'clarity-file', key: 'shared', prompt: 'file' });
    await t.post('/answer', { key: 'shared', response: 'yes' });
    expect(t.broker.get(file.id)?.status).toBe('answered');
    expect(t.broker.get(tsl.id)?.status).toBe('pending');
    await t.post('/cancel', { key: 'shared' });
    expect(t.broker.get(tsl.id)?.status).toBe('cancelled');
  });

  it('first answer wins: a second answer is 409; a cancel after it is 200 (as the reference) and the answer stays readable', async () => {
    t = await makeServer();
    await t.post('/questions', { key: 'once', question: 'q' });
    await t.post('/answer', { key: 'once', response: 'first' });
    const second = await t.post('/answer', { key: 'once', response: 'second' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 'already_resolved',
      message: 'request once is already answered',
    });
    const cancel = await t.post('/cancel', { key: 'once' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({
      ok: true,
      key: 'once',
      safeKey: 'once',
      status: 'answered',
      removed: true,
      alreadyResolved: true,
    });
    // A second cancel of a cancelled one says so too: only the winner's reply lacks the flag.
    await t.post('/questions', { key: 'twice-cancelled', question: 'q' });
    await t.post('/cancel', { key: 'twice-cancelled' });
    expect((await t.post('/cancel', { key: 'twice-cancelled' })).json()).toMatchObject({
      status: 'cancelled',
      alreadyResolved: true,
    });
    // The agent has not collected its answer: it must not poll "missing" (the reference would).
    expect((await t.get('/questions/once')).json()).toMatchObject({
      status: 'answered',
      response: 'first',
    });
    const id = t.broker.findByKey('once')?.id;
    expect(id && t.broker.get(id)?.status).toBe('answered');
  });

  it('POST /questions answers 200 for a new key and for the same question again (same id), as the reference does', async () => {
    t = await makeServer();
    const first = await t.post('/questions', { key: 'twice', question: 'q' });
    const again = await t.post('/questions', { key: 'twice', question: 'q' });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().id).toBe(first.json().id);
    expect((await t.post('/questions', { key: 'twice', question: 'other' })).statusCode).toBe(409);
  });

  it('unknown keys are 404 with a JSON body', async () => {
    t = await makeServer();
    for (const url of ['/answer', '/cancel']) {
      const res = await t.post(url, { key: 'ghost', response: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: expect.stringContaining('ghost') });
    }
  });

  it('400 names the bad field', async () => {
    t = await makeServer();
    const cases: Array<[string, unknown, string]> = [
      ['/questions', { question: 'q' }, 'key'],
      ['/questions', { key: 'k', question: 3 }, 'question'],
      ['/questions', { key: 'k', question: 'q', timestamp: 'soon' }, 'timestamp'],
      ['/questions', { key: 'k', question: 'q', pid: -1 }, 'pid'],
      ['/answer', { key: 'k' }, 'response'],
      ['/cancel', {}, 'key'],
      ['/questions', { key: 'k\ud800', question: 'q' }, 'key: must be well-formed Unicode'],
      ['/answer', { key: '\udfff', response: 'r' }, 'key: must be well-formed Unicode'],
    ];
    for (const [url, body, field] of cases) {
      const res = await t.post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error).toBe('invalid');
      expect(res.json().message).toContain(field);
    }
    // A lone surrogate encoded as UTF-8 bytes is not valid UTF-8: refused before any lookup.
    const badKey = await t.get('/questions/%ED%A0%80');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toEqual(expect.any(String));
    const badWait = await t.get('/questions/k?wait=soon');
    expect(badWait.statusCode).toBe(400);
    expect(badWait.json().message).toContain('wait');
  });

  it('413 for a body over 1 MiB, 415 for a non-JSON body, 400 for broken JSON', async () => {
    t = await makeServer();
    const big = await t.post('/questions', { key: 'big', question: 'x'.repeat(1024 * 1024 + 10) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'too_large', message: expect.any(String) });

    const text = await t.inject({
      method: 'POST',
      url: '/answer',
      payload: 'key=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe('unsupported_media_type');
    const form = await t.inject({
      method: 'POST',
      url: '/answer',
      payload: 'key=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);

    const broken = await t.inject({
      method: 'POST',
      url: '/answer',
      payload: '{"key":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('invalid');
  });

  it('unknown routes are a JSON 404', async () => {
    t = await makeServer();
    const res = await t.get('/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });
});

describe('who resolved it, for the inbox to say', () => {
  it('POST /answer and /cancel from `clarity-hitl` (its client header) are by the CLI, others over HTTP', async () => {
    t = await makeServer();
    for (const key of ['by-curl', 'by-cli', 'cancel-cli']) {
      await t.post('/questions', { key, question: `${key}?` });
    }
    await t.post('/answer', { key: 'by-curl', response: 'a' });
    await t.post('/answer', { key: 'by-cli', response: 'b' }, { 'x-hitl-client': 'cli' });
    await t.post('/cancel', { key: 'cancel-cli' }, { 'x-hitl-client': 'cli' });
    const by = (key: string) => t.broker.resolved().find((r) => r.key === key)?.resolvedBy;
    expect(by('by-curl')).toBe('http');
    expect(by('by-cli')).toBe('cli');
    expect(by('cancel-cli')).toBe('cli');
  });
});
