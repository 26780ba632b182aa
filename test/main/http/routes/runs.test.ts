import { afterEach, describe, expect, it } from 'vitest';
import { RunStore } from '../../../../main/adapters/tool-server-lite/run-store';
import { Broker } from '../../../../main/broker/broker';
import { createHttpServer, type HttpServer } from '../../../../main/http/server';
import { makeServer, until, type TestServer } from '../helpers';
import { SseTestClient } from '../sse-client';

let t: TestServer | undefined;
let live: HttpServer | undefined;
afterEach(async () => {
  await t?.server.close();
  await live?.close();
  t = undefined;
  live = undefined;
});

async function server(options: { token?: string; runs?: RunStore } = {}): Promise<TestServer> {
  t = await makeServer({ ...options });
  return t;
}

const started = async (s: TestServer) => {
  const res = await s.post('/api/runs', { command: ['node', 'agent.js'] });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
};

describe('agent run routes', () => {
  it('starts a run, takes batches, lists it and returns its entries', async () => {
    const s = await server();
    const res = await s.post('/api/runs', { command: ['node', 'agent.js'], pid: 42 });
    expect(res.statusCode).toBe(201);
    const { id, run } = res.json();
    expect(run).toMatchObject({ id, command: ['node', 'agent.js'], status: 'running' });

    const batch = await s.post(`/api/runs/${id}/events`, {
      entries: [
        { kind: 'event', event: { type: 'start', agent: 'writer', task: 'draft' } },
        { kind: 'event', event: { type: 'progress', phase: 'collect', pct: 40 } },
        { kind: 'text', text: 'plain' },
      ],
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json()).toMatchObject({
      ok: true,
      accepted: 3,
      run: { agent: 'writer', pct: 40 },
    });

    const end = await s.post(`/api/runs/${id}/events`, {
      entries: [],
      exit: { code: 0, signal: null },
    });
    expect(end.json().run).toMatchObject({ status: 'succeeded', exitCode: 0 });

    // Reading runs is the operator's (the inbox); agents only start and feed them.
    expect((await s.get('/api/runs')).statusCode).toBe(403);
    expect((await s.get(`/api/runs/${id}`)).statusCode).toBe(403);
    const list = await s.get('/api/runs', s.operator);
    expect(list.statusCode).toBe(200);
    expect(list.json().runs).toHaveLength(1);
    expect(list.json().runs[0]).toMatchObject({ id, task: 'draft', status: 'succeeded' });

    const detail = await s.get(`/api/runs/${id}`, s.operator);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().run.id).toBe(id);
    expect(detail.json().entries.map((e: { n: number }) => e.n)).toEqual([0, 1, 2]);
  });

  it('answers 400 naming the field for a bad start, batch or id', async () => {
    const s = await server();
    const noCommand = await s.post('/api/runs', { agent: 'x' });
    expect(noCommand.statusCode).toBe(400);
    expect(noCommand.json()).toMatchObject({ error: 'invalid' });
    expect(noCommand.json().message).toContain('command');

    const extra = await s.post('/api/runs', { command: ['a'], surprise: 1 });
    expect(extra.statusCode).toBe(400);

    const id = await started(s);
    const badEvent = await s.post(`/api/runs/${id}/events`, {
      entries: [
        { kind: 'text', text: 'ok' },
        { kind: 'event', event: { type: 'progress', pct: 300 } },
      ],
    });
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json()).toMatchObject({ error: 'invalid' });
    expect(badEvent.json().message).toContain('entries.1.event.pct');
    // Nothing of a refused batch was kept.
    expect((await s.get(`/api/runs/${id}`, s.operator)).json().entries).toEqual([]);

    const noEntries = await s.post(`/api/runs/${id}/events`, { exit: { code: 0, signal: null } });
    expect(noEntries.statusCode).toBe(400);
    expect(noEntries.json().message).toContain('entries');

    const badId = await s.get('/api/runs/has%20space', s.operator);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('id');
  });

  it('answers 404 for an unknown run and 409 for lines after its end', async () => {
    const s = await server();
    const unknownGet = await s.get('/api/runs/run-nope', s.operator);
    expect(unknownGet.statusCode).toBe(404);
    expect(unknownGet.json()).toEqual({ error: 'not_found', message: 'no run with id run-nope' });
    const unknownPost = await s.post('/api/runs/run-nope/events', { entries: [] });
    expect(unknownPost.statusCode).toBe(404);

    const id = await started(s);
    await s.post(`/api/runs/${id}/events`, { entries: [], exit: { code: 1, signal: null } });
    const late = await s.post(`/api/runs/${id}/events`, { entries: [{ kind: 'text', text: 'x' }] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: 'already_resolved',
      message: `run ${id} has already ended`,
    });
  });

  it('answers 415 for a non-JSON body and 413 for a body over 1 MiB', async () => {
    const s = await server();
    const text = await s.inject({
      method: 'POST',
      url: '/api/runs',
      payload: 'command=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe('unsupported_media_type');
    const id = await started(s);
    const big = await s.post(`/api/runs/${id}/events`, {
      entries: [{ kind: 'event', event: { type: 'notice', text: 'x'.repeat(1_100_000) } }],
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('too_large');
  });

  it('is guarded like every route: token, Host and Origin', async () => {
    const s = await server({ token: 'secret' });
    const noToken = await s.get('/api/runs');
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().error).toBe('unauthorized');
    const auth = { authorization: 'Bearer secret' };
    expect((await s.post('/api/runs', { command: ['a'] }, auth)).statusCode).toBe(201);
    // The agents' token starts runs; listing them is the operator's.
    const agentList = await s.get('/api/runs', auth);
    expect(agentList.statusCode).toBe(403);
    expect(agentList.json().error).toBe('operator_required');
    expect((await s.get('/api/runs', s.operator)).statusCode).toBe(200);
    expect((await s.post('/api/runs', { command: ['a'] })).statusCode).toBe(401);
    const host = await s.get('/api/runs', { ...auth, host: 'evil.example:7999' });
    expect(host.statusCode).toBe(403);
    expect(host.json().error).toBe('forbidden_host');
    const origin = await s.post(
      '/api/runs',
      { command: ['a'] },
      { ...auth, origin: 'http://evil.example' },
    );
    expect(origin.statusCode).toBe(403);
    expect(origin.json().error).toBe('forbidden_origin');
  });

  it('sends run_updated SSE events with the summary and the new entries', async () => {
    const broker = new Broker();
    live = await createHttpServer({ broker, port: 0, rendererDir: null });
    const url = await live.listen();
    const sse = await SseTestClient.connect(live.port(), {
      authorization: `Bearer ${live.context.operatorSecret}`,
    });
    try {
      const post = (path: string, body: unknown) =>
        fetch(new URL(path, url), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<{ id: string }>);
      await until(() => sse.events().some((e) => e.event === 'snapshot'));
      const { id } = await post('api/runs', { command: ['a'] });
      await post(`api/runs/${id}/events`, { entries: [{ kind: 'text', text: 'hello' }] });
      const updates = await until(() => {
        const found = sse.events().filter((e) => e.event === 'run_updated');
        return found.length >= 2 && found;
      });
      const last = JSON.parse(updates[1]!.data!);
      expect(last.run).toMatchObject({ id, status: 'running', entryCount: 1 });
      expect(last.entries).toEqual([{ kind: 'text', text: 'hello', n: 0, at: expect.any(Number) }]);
      expect(updates[1]!.id).toBeUndefined(); // live only, not replayed
    } finally {
      sse.close();
      broker.close();
    }
  });
});
