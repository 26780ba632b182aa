import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { operatorSessionCookie } from '../../../../main/http/guards/operator-credentials';
import { makeServer, type TestServer } from '../helpers';

let t: TestServer;
afterEach(async () => {
  await t?.server.close();
});

describe('/api routes', () => {
  it('GET /api/info tells version, dirs, token requirement and URL', async () => {
    t = await makeServer({ as: 'operator', dirs: ['/tmp/hitl'] });
    const res = await t.get('/api/info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      version: expect.any(String),
      dirs: ['/tmp/hitl'],
      dirProblems: [],
      tokenRequired: false,
      url: 'http://127.0.0.1:7999/',
    });
  });

  it('GET /api/requests returns pending requests oldest first with seq, never meta', async () => {
    t = await makeServer({ as: 'operator' });
    t.broker.add({ source: 'cueme', key: 'one', prompt: 'first', meta: { hidden: 'x' } });
    t.broker.add({ source: 'clarity-file', key: 'two', prompt: 'second' });
    const body = (await t.get('/api/requests')).json();
    expect(body.seq).toBe(2);
    expect(body.requests.map((r: { key: string }) => r.key)).toEqual(['one', 'two']);
    expect(body.requests[0]).not.toHaveProperty('meta');
    expect(body.requests[0]).toMatchObject({
      source: 'cueme',
      prompt: 'first',
      status: 'pending',
      input: { kind: 'text' },
    });
  });

  it('answers by id with text or a structured value; 409 after the first answer; 404 unknown id', async () => {
    t = await makeServer();
    // The web inbox: a logged-in browser's session cookie.
    const web = {
      cookie: operatorSessionCookie(t.server.context.operatorSecret).split(';', 1)[0]!,
    };
    const r = t.broker.add({
      source: 'cueme',
      key: 'pick',
      prompt: 'Which?',
      input: {
        kind: 'choice',
        options: [
          { value: 'A', label: 'Alpha' },
          { value: 'B', label: 'Beta' },
        ],
      },
      meta: { hidden: true },
    });
    const res = await t.post(
      `/api/requests/${r.id}/answer`,
      { value: { kind: 'choice', selected: ['B'] } },
      web,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({
      id: r.id,
      status: 'answered',
      answer: { text: 'B' },
      resolvedBy: 'ui',
      via: 'web-session',
    });
    expect(res.json().request).not.toHaveProperty('meta');
    const again = await t.post(`/api/requests/${r.id}/answer`, { text: 'late' }, web);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_resolved');
    // The CLI (the operator secret) is recorded as the CLI.
    const other = t.broker.add({ source: 'cueme', key: 'other', prompt: 'q' });
    const byCli = await t.post(`/api/requests/${other.id}/answer`, { text: 'ok' }, t.operator);
    expect(byCli.json().request).toMatchObject({ resolvedBy: 'cli', via: 'cli' });
    const ghost = await t.post('/api/requests/nope/answer', { text: 'x' }, web);
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().error).toBe('not_found');
  });

  it('400 names the bad answer field', async () => {
    t = await makeServer({ as: 'operator' });
    const r = t.broker.add({ source: 'cueme', key: 'k', prompt: 'q' });
    const res = await t.post(`/api/requests/${r.id}/answer`, { text: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('text');
    const none = await t.post(`/api/requests/${r.id}/answer`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('needs `text` or `value`');
  });

  it('cancels by id with an optional reason, with or without a body', async () => {
    t = await makeServer({ as: 'operator' });
    const a = t.broker.add({ source: 'cueme', key: 'a', prompt: 'q' });
    const b = t.broker.add({ source: 'cueme', key: 'b', prompt: 'q' });
    const res = await t.post(`/api/requests/${a.id}/cancel`, { reason: 'not needed' });
    expect(res.json().request).toMatchObject({ status: 'cancelled', cancelReason: 'not needed' });
    const bare = await t.inject({ method: 'POST', url: `/api/requests/${b.id}/cancel` });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().request.status).toBe('cancelled');
    expect((await t.post(`/api/requests/${b.id}/cancel`, {})).statusCode).toBe(409);
    const badReason = await t.post(`/api/requests/${a.id}/cancel`, { reason: 7 });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().message).toContain('reason');
  });

  it('GET /api/history is newest first, searchable and limited', async () => {
    t = await makeServer({ as: 'operator' });
    for (const [key, prompt, answer] of [
      ['deploy', 'Deploy to prod?', 'yes'],
      ['schema', 'Migrate the schema?', 'no, wait'],
      ['naming', 'Name the module?', 'broker-core'],
    ] as const) {
      const r = t.broker.add({ source: 'clarity-http', key, prompt });
      t.broker.answer(r.id, { text: answer });
    }
    t.broker.add({ source: 'clarity-http', key: 'still-pending', prompt: 'q' });
    const all = (await t.get('/api/history')).json().requests;
    expect(all.map((r: { key: string }) => r.key)).toEqual(['naming', 'schema', 'deploy']);
    expect(
      (await t.get('/api/history?q=WAIT')).json().requests.map((r: { key: string }) => r.key),
    ).toEqual(['schema']);
    expect(
      (await t.get('/api/history?q=prod')).json().requests.map((r: { key: string }) => r.key),
    ).toEqual(['deploy']);
    expect((await t.get('/api/history?limit=1')).json().requests).toHaveLength(1);
    const bad = await t.get('/api/history?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('limit');
  });

  it('GET /api/history also finds a request by its cancel reason', async () => {
    t = await makeServer({ as: 'operator' });
    const a = t.broker.add({ source: 'clarity-http', key: 'a', prompt: 'one' });
    const b = t.broker.add({ source: 'clarity-http', key: 'b', prompt: 'two' });
    t.broker.cancel(a.id, { reason: 'Out of scope this sprint' });
    t.broker.cancel(b.id, {});
    const hits = (await t.get('/api/history?q=out%20of%20SCOPE')).json().requests;
    expect(hits.map((r: { key: string }) => r.key)).toEqual(['a']);
  });

  it('GET /api/requests/:id/files lists files under the root only', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-files-'));
    try {
      await mkdir(path.join(root, 'data'));
      await writeFile(path.join(root, 'data', 'a.csv'), 'x');
      await writeFile(path.join(root, 'b.csv'), 'x');
      await writeFile(path.join(root, 'c.txt'), 'x');
      t = await makeServer({ as: 'operator' });
      const r = t.broker.add({
        source: 'mcp',
        key: 'f',
        prompt: 'Pick',
        input: { kind: 'file', pattern: '**/*.csv', root },
      });
      const res = await t.get(`/api/requests/${r.id}/files`);
      expect(res.json()).toEqual({ files: ['b.csv', 'data/a.csv'], truncated: false });
      const escape = t.broker.add({
        source: 'mcp',
        key: 'g',
        prompt: 'Pick',
        input: { kind: 'file', pattern: '../**/*', root },
      });
      const escaped = await t.get(`/api/requests/${escape.id}/files`);
      expect(escaped.statusCode).toBe(400);
      expect(escaped.json().message).toContain('..');
      const text = t.broker.add({ source: 'mcp', key: 'h', prompt: 'q' });
      const wrongKind = await t.get(`/api/requests/${text.id}/files`);
      expect(wrongKind.statusCode).toBe(400);
      expect(wrongKind.json().message).toContain('input.kind');
      expect((await t.get('/api/requests/none/files')).statusCode).toBe(404);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
