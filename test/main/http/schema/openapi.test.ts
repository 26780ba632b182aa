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
