import { afterEach, describe, expect, it } from 'vitest';
import { makeServer, type TestServer } from './helpers';

let t: TestServer;
afterEach(async () => {
  await t?.server.close();
});

/** A bad request on every agent-facing protocol: the sender's 400 names the field; the inbox shows it. */
const BAD: Array<{ source: string; url: string; body: unknown; field: string }> = [
  { source: 'clarity-http', url: '/questions', body: { key: 'k', question: 7 }, field: 'question' },
  { source: 'clarity-http', url: '/answer', body: { key: '', response: 'x' }, field: 'key' },
  { source: 'clarity-http', url: '/cancel', body: {}, field: 'key' },
  {
    source: 'tool-server-lite',
    url: '/api/hil/complete/h1',
    body: { result: 5 },
    field: 'result',
  },
  {
    source: 'tool-server-lite',
    url: '/api/hil/annotate/h1',
    body: { title: 5 },
    field: 'title',
  },
  {
    source: 'questfoundry',
    url: '/api/questfoundry/questions',
    body: { protocol: 'questfoundry/1.0', id: 'q1' },
    field: 'sender',
  },
  {
    source: 'hapi',
    url: '/api/agents/agent-1/messages',
    body: { role: 'robot', content: [] },
    field: 'role',
  },
  {
    source: 'cueme',
    url: '/api/cueme/join',
    body: { agent_runtime: 'Bad Runtime' },
    field: 'agent_runtime',
  },
  { source: 'cueme', url: '/api/cueme/cue', body: { agent_id: 'a/b' }, field: 'agent_id' },
  { source: 'cueme', url: '/api/cueme/cue', body: { agent_id: 'known' }, field: 'prompt' },
  { source: 'mcp', url: '/api/mcp/ask', body: { question: '' }, field: 'question' },
];

describe('bad protocol requests are answered 400 naming the field and shown as "could not read"', () => {
  it.each(BAD)('$source $url', async ({ source, url, body, field }) => {
    t = await makeServer();
    const reply = await t.post(url, body);
    expect(reply.statusCode).toBe(400);
    const json = reply.json() as { message: string; field?: string };
    expect(json.field).toBe(field);
    expect(json.message).toContain(field);
    const [item] = t.broker.unreadable.list();
    expect(item).toMatchObject({ source, field, reason: json.message, count: 1 });
    expect(item!.origin).toMatch(new RegExp(`^POST ${url}( \\(".*"\\))?$`));
  });

  it('Tool Server Lite execute: 200 {success: false, error} (InfiAgent raises on a 4xx), still shown, not cleared by its own reply', async () => {
    t = await makeServer();
    const reply = await t.post('/api/tool/execute', {
      tool_name: 'human_in_loop',
      params: { hil_id: 'h1' },
    });
    expect(reply.statusCode).toBe(200);
    const json = reply.json() as { success: boolean; error: string; field?: string };
    expect(json).toMatchObject({ success: false, field: 'instruction' });
    const [item] = t.broker.unreadable.list();
    expect(item).toMatchObject({
      source: 'tool-server-lite',
      field: 'instruction',
      reason: json.error,
      count: 1,
    });
    expect(item!.origin).toBe('POST /api/tool/execute');
  });

  it('a JSON body that does not parse, and a body over 1 MiB, are shown too', async () => {
    t = await makeServer();
    const broken = await t.inject({
      method: 'POST',
      url: '/answer',
      payload: '{"key": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    const big = await t.post('/questions', { key: 'big', question: 'x'.repeat(1024 * 1024) });
    expect(big.statusCode).toBe(413);
    const reasons = t.broker.unreadable.list().map((i) => i.reason);
    expect(reasons).toEqual([
      expect.stringMatching(/not valid JSON/),
      expect.stringMatching(/over 1 MiB/),
    ]);
  });

  it('the same bad request again counts up; the same key accepted later clears it', async () => {
    t = await makeServer();
    await t.post('/questions', { key: 'deploy/prod', question: 1 });
    await t.post('/questions', { key: 'deploy/prod', question: 1 });
    expect(t.broker.unreadable.list()).toEqual([
      expect.objectContaining({ origin: 'POST /questions ("deploy/prod")', count: 2 }),
    ]);
    expect((await t.post('/questions', { key: 'deploy/prod', question: 'ok' })).statusCode).toBe(
      200,
    );
    expect(t.broker.unreadable.list()).toEqual([]);
  });

  it('a dismissed problem stays dismissed across an accepted request with the same key', async () => {
    t = await makeServer();
    await t.post('/questions', { key: 'k', question: 1 });
    const [item] = t.broker.unreadable.list();
    expect(t.broker.unreadable.dismiss(item!.id)).toBe(true);
    expect((await t.post('/questions', { key: 'k', question: 'ok' })).statusCode).toBe(200);
    await t.post('/questions', { key: 'k', question: 1 });
    expect(t.broker.unreadable.list()).toEqual([]);
  });

  it('the UI routes and dismissing: GET /api/unreadable lists, POST /api/unreadable/dismiss removes', async () => {
    t = await makeServer();
    await t.post('/api/requests/nope/cancel', { reason: 5 }, t.operator);
    expect(t.broker.unreadable.list(), 'the UI’s own routes are not agent input').toEqual([]);
    await t.post('/cancel', {});
    const listed = (await t.get('/api/unreadable', t.operator)).json() as {
      items: Array<{ id: string }>;
      epoch: string;
      revision: number;
    };
    expect(listed.items).toHaveLength(1);
    const dismissed = await t.post(
      '/api/unreadable/dismiss',
      { id: listed.items[0]!.id },
      t.operator,
    );
    expect(dismissed.json()).toEqual({
      items: [],
      epoch: listed.epoch,
      revision: listed.revision + 1,
    });
    expect((await t.post('/api/unreadable/dismiss', { id: 'gone' }, t.operator)).statusCode).toBe(
      404,
    );
    // An agent can neither list nor dismiss them: they are the operator's.
    expect((await t.get('/api/unreadable')).statusCode).toBe(403);
    expect((await t.post('/api/unreadable/dismiss', { id: 'gone' })).statusCode).toBe(403);
    // The same problem again stays dismissed; a different one shows.
    await t.post('/cancel', {});
    expect(t.broker.unreadable.list()).toEqual([]);
    await t.post('/cancel', { key: 5 });
    expect(t.broker.unreadable.list()).toHaveLength(1);
  });
});
