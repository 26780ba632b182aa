import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFastifyEchoServer, type FastifyEchoServer } from '../../../bench/lib/fastify-echo';
import { makeTempDir } from '../../support/temp-dir';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let server: FastifyEchoServer | undefined;
beforeEach(async () => {
  dir = await makeTempDir('hitl-fastify-echo-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await dir.remove();
});

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const journalLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; body: Record<string, unknown> });

describe('startFastifyEchoServer', () => {
  it('holds, waits and releases with nothing checked or written (the framework floor)', async () => {
    server = await startFastifyEchoServer();
    const held = await post(`${server.url}/hold/k1`, { key: 'k1' });
    expect(held.status).toBe(201);
    const [waited, released] = await Promise.all([
      fetch(`${server.url}/wait/k1`),
      post(`${server.url}/release/k1`, { key: 'k1', response: 'yes' }),
    ]);
    expect(released.status).toBe(200);
    expect(await waited.json()).toMatchObject({ key: 'k1', status: 'answered' });
  });

  it('with a journal, writes each accepted body before its reply', async () => {
    const journal = path.join(dir.path, 'journal.jsonl');
    server = await startFastifyEchoServer({ journalFile: journal });
    const held = await post(`${server.url}/hold/k1`, { key: 'k1', question: 'Proceed?' });
    expect(held.status).toBe(201);
    expect(journalLines(journal)).toEqual([
      expect.objectContaining({ type: 'held', body: { key: 'k1', question: 'Proceed?' } }),
    ]);
    const [waited, released] = await Promise.all([
      fetch(`${server.url}/wait/k1`),
      post(`${server.url}/release/k1`, { key: 'k1', response: 'yes' }),
    ]);
    expect(released.status).toBe(200);
    expect(await waited.json()).toMatchObject({ key: 'k1', status: 'answered' });
    expect(journalLines(journal).map((line) => line.type)).toEqual(['held', 'released']);
  });

  it('with a journal, refuses a wrong body with a 400 naming the field, and journals nothing', async () => {
    const journal = path.join(dir.path, 'journal.jsonl');
    server = await startFastifyEchoServer({ journalFile: journal });
    const held = await post(`${server.url}/hold/k1`, { key: 'k1' });
    expect(held.status).toBe(400);
    expect(((await held.json()) as { error: string }).error).toMatch(/^question: /);
    const released = await post(`${server.url}/release/k1`, { key: 'k1', response: 7 });
    expect(released.status).toBe(400);
    expect(((await released.json()) as { error: string }).error).toMatch(/^response: /);
    expect(readFileSync(journal, 'utf8')).toBe('');
  });
});
