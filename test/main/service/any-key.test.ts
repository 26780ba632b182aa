import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import { HANDSHAKE_LOCK } from '../../../main/service/watched-dirs';
import { hitlAsk } from '../../support/clarity-runtime';
import { waitFor } from '../../support/wait-for';

/** The keys of issue 11: each asked by a Clarity-like runtime, answered over HTTP by key. */
export const ODD_KEYS = [
  'deploy/prod',
  'a..b',
  '../../etc/passwd',
  'naïve 日本語',
  'ship it 🚀🎉',
  'tab\there\u001b[31m',
  'k'.repeat(200),
];

let root: string;
let dir: string;
let logFile: string;
let service: BrokerService;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hitl-any-key-'));
  dir = path.join(root, 'handshake');
  logFile = path.join(root, 'audit.jsonl');
  service = await startBrokerService({
    port: 0,
    stateDir: path.join(root, 'state'),
    dirs: [dir],
    rendererDir: null,
    logFile,
  });
});
afterAll(async () => {
  await service.close();
  await rm(root, { recursive: true, force: true });
});

async function post(route: string, body: unknown): Promise<Response> {
  return fetch(new URL(route, service.url), {
    method: 'POST',
    headers: json,
    body: JSON.stringify(body),
  });
}

describe('any non-empty string is a key (file handshake)', () => {
  it.each(ODD_KEYS)('%j: asked by a runtime, answered by key over HTTP', async (key) => {
    const asked = hitlAsk({ dir, key, question: `May ${key} go?`, timeoutMs: 10_000 });
    const request = await waitFor(
      () => service.broker.findPending('clarity-file', key),
      `the request for ${JSON.stringify(key)}`,
    );
    expect(request.meta?.baseName).toBe(key.replace(/[^a-zA-Z0-9_-]/g, '_'));
    const listed = (await (await fetch(new URL('questions', service.url))).json()) as Array<{
      key: string;
    }>;
    expect(listed.map((q) => q.key)).toContain(key);
    const answered = await post('answer', { key, response: `yes for ${key}` });
    expect(answered.status).toBe(200);
    expect(await asked).toBe(`yes for ${key}`);
    // Nothing was written outside the handshake directory, and nothing is left in it.
    expect((await readdir(root)).sort()).toEqual(['audit.jsonl', 'handshake', 'state']);
    // Only the broker's owner lock stays in the directory.
    await waitFor(
      async () => (await readdir(dir)).every((name) => name === HANDSHAKE_LOCK),
      'the runtime cleaned up',
    );
  });

  it('the audit log holds every key exactly as given', async () => {
    const lines = (await readFile(logFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; key: string; response?: string });
    for (const key of ODD_KEYS) {
      expect(lines).toContainEqual(
        expect.objectContaining({ event: 'answered', key, response: `yes for ${key}` }),
      );
    }
  });

  it('a 1,000-character key over HTTP mode: created, polled by its URL-encoded key, answered', async () => {
    const key = 'deploy/prod ✓ '.repeat(72).slice(0, 1000);
    expect(key).toHaveLength(1000);
    expect((await post('questions', { key, question: 'long?' })).status).toBe(200);
    const poll = new URL(`questions/${encodeURIComponent(key)}`, service.url);
    expect(await (await fetch(poll)).json()).toMatchObject({ key, status: 'pending' });
    expect((await post('answer', { key, response: 'fine' })).status).toBe(200);
    expect(await (await fetch(poll)).json()).toMatchObject({
      key,
      status: 'answered',
      response: 'fine',
    });
  });

  it('a key over 4,096 bytes is refused with a 400 naming the field', async () => {
    const reply = await post('questions', { key: 'é'.repeat(2049), question: 'q' });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({
      error: 'invalid',
      field: 'key',
      message: expect.stringMatching(/key: must be at most 4096 bytes/),
    });
  });
});

describe('two keys with the same file name (a/b and a_b)', () => {
  it('an HTTP-mode a_b never writes into the file of a runtime’s a/b; each is answered by its own key', async () => {
    const fileAsk = hitlAsk({ dir, key: 'a/b', question: 'file a/b?', timeoutMs: 10_000 });
    await waitFor(() => service.broker.findPending('clarity-file', 'a/b'), 'a/b pending');
    expect((await post('questions', { key: 'a_b', question: 'http a_b?' })).status).toBe(200);
    // The mirror of a_b takes the next free name; a_b.question stays the runtime's.
    await waitFor(async () => (await readdir(dir)).includes('a_b-2.question'), 'the mirror');
    expect(JSON.parse(await readFile(path.join(dir, 'a_b.question'), 'utf8')).key).toBe('a/b');

    expect((await post('answer', { key: 'a_b', response: 'http answer' })).status).toBe(200);
    const poll = new URL('questions/a_b', service.url);
    expect(await (await fetch(poll)).json()).toMatchObject({ status: 'answered' });
    expect(service.broker.findPending('clarity-file', 'a/b')).toBeDefined();
    expect((await post('answer', { key: 'a/b', response: 'file answer' })).status).toBe(200);
    expect(await fileAsk).toBe('file answer');
  });

  it('two runtime files with the same key: the second is a visible "could not read" item', async () => {
    await writeFile(path.join(dir, 'one.question'), JSON.stringify({ key: 'x/y', question: '1' }));
    await waitFor(() => service.broker.findPending('clarity-file', 'x/y'), 'x/y pending');
    await writeFile(path.join(dir, 'two.question'), JSON.stringify({ key: 'x/y', question: '2' }));
    const item = await waitFor(
      () => service.broker.unreadable.list().find((i) => i.origin.endsWith('two.question')),
      'the duplicate reported',
    );
    expect(item).toMatchObject({ source: 'clarity-file', field: 'key' });
    expect(item.reason).toMatch(/already pending from one\.question/);
    await rm(path.join(dir, 'two.question'));
    await waitFor(
      () => !service.broker.unreadable.list().some((i) => i.id === item.id),
      'the item to go',
    );
  });
});

describe('a runtime writing over an HTTP-mode mirror with the same file name', () => {
  it('the runtime’s file is its own: asked, answered by its key, never deleted for the HTTP one', async () => {
    expect((await post('questions', { key: 'p_q', question: 'http first' })).status).toBe(200);
    await waitFor(async () => (await readdir(dir)).includes('p_q.question'), 'the mirror');
    const fileAsk = hitlAsk({ dir, key: 'p/q', question: 'file second', timeoutMs: 10_000 });
    await waitFor(() => service.broker.findPending('clarity-file', 'p/q'), 'p/q pending');
    await waitFor(async () => (await readdir(dir)).includes('p_q-2.question'), 'the moved mirror');
    expect((await post('answer', { key: 'p_q', response: 'to http' })).status).toBe(200);
    await waitFor(async () => !(await readdir(dir)).includes('p_q-2.question'), 'mirror gone');
    expect(JSON.parse(await readFile(path.join(dir, 'p_q.question'), 'utf8')).key).toBe('p/q');
    expect((await post('answer', { key: 'p/q', response: 'to file' })).status).toBe(200);
    expect(await fileAsk).toBe('to file');
  });
});
