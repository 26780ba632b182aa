import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_CLASSES } from '../../../../main/http/guards/route-authority';
import { openApiPath } from '../../../../main/http/schema/openapi-document';
import { makeServer, type TestServer } from '../helpers';

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };

describe('GET /openapi.json', () => {
  let t: TestServer;
  let doc: Doc;
  beforeAll(async () => {
    const rendererDir = mkdtempSync(path.join(tmpdir(), 'hitl-openapi-'));
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    t = await makeServer({ rendererDir });
    const res = await t.get('/openapi.json');
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.server.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('lists every route the broker serves, each with who may call it', () => {
    const listed = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op })),
    );
    const expected = [...Object.keys(ROUTE_CLASSES), 'GET /openapi.json'].map((route) => {
      const [method, url] = route.split(' ');
      return `${method} ${openApiPath(url!).path}`;
    });
    expect(listed.map((l) => l.key).sort()).toEqual([...new Set(expected)].sort());
    for (const { key, op } of listed)
      expect(['operator', 'agent', 'protocol-answer', 'page'], key).toContain(
        op['x-hitl-authority'],
      );
  });

  it('declares every operation’s replies: a success with its content, never only `default`', () => {
    type Reply = { content?: Record<string, { schema?: unknown }>; headers?: object };
    const problems: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${p}`;
        const replies = op.responses as Record<string, Reply>;
        if ('default' in replies) problems.push(`${key}: documents \`default\``);
        const successes = Object.entries(replies).filter(([status]) =>
          /^(101|[23]\d\d)$/.test(status),
        );
        if (successes.length === 0) problems.push(`${key}: no 2xx (or 101/3xx) reply`);
        for (const [status, reply] of successes) {
          // A redirect names where (304 Not Modified has neither body nor Location).
          const described = status.startsWith('3')
            ? status === '304' || (reply.headers !== undefined && 'location' in reply.headers)
            : status === '204' || Object.values(reply.content ?? {}).some((c) => c.schema);
          if (!described) problems.push(`${key} ${status}: no content (3xx: no Location)`);
        }
      }
    expect(problems).toEqual([]);
  });

  it('documents a reply that is not JSON under its own media type, and a redirect by its headers', () => {
    const replies = (p: string) =>
      doc.paths[p]!.get!.responses as Record<string, { content?: object; headers?: object }>;
    expect(Object.keys(replies('/events')['200']!.content!)).toEqual(['text/event-stream']);
    expect(Object.keys(replies('/')['200']!.content!)).toEqual(['text/html']);
    expect(Object.keys(replies('/docs')['200']!.content!)).toEqual(['text/html']);
    expect(Object.keys(replies('/{path}')['200']!.content!)).toEqual(['*/*']);
    expect(replies('/login')['303']!.content).toBeUndefined();
    expect(Object.keys(replies('/login')['303']!.headers!)).toContain('location');
    expect(Object.keys(replies('/api/hil/tasks')['200']!.content!)).toEqual(['application/json']);
  });

  it('documents a route’s zod schemas, and checks requests with them (400 naming the field)', async () => {
    const start = doc.paths['/api/runs']!.post! as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(start.requestBody.content['application/json'].schema.required).toContain('command');
    const res = await t.post('/api/runs', { command: 'npm test' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid', field: 'command' });
    expect(res.json().message).toMatch(/^invalid run: command/);
  });

  it('turns Fastify path patterns into OpenAPI templates', () => {
    expect(openApiPath('/api/requests/:id/answer')).toEqual({
      path: '/api/requests/{id}/answer',
      names: ['id'],
    });
    expect(openApiPath('/api/hil/workspace/*')).toEqual({
      path: '/api/hil/workspace/{path}',
      names: ['path'],
    });
  });
});
