import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { RequestStore } from '../../../../main/broker/persistence/request-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hitl-state-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function open(options: Partial<ConstructorParameters<typeof RequestStore>[0]> = {}) {
  const broker = new Broker();
  const store = new RequestStore({ stateDir: dir, flushDelayMs: 10, ...options });
  const restored = store.attach(broker);
  return { broker, store, restored };
}

function readJson(name: string): { requests: Array<{ key: string; status: string; meta?: unknown }> } {
  return JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
}

describe('RequestStore', () => {
  it('pending HTTP-born requests and the resolved history survive a restart; file requests do not', async () => {
    const first = open();
    const http = first.broker.add({ source: 'clarity-http', key: 'http-q', prompt: 'Still there?', meta: { pid: 7 } });
    first.broker.add({ source: 'clarity-file', key: 'file-q', prompt: 'On disk already' });
    const done = first.broker.add({ source: 'clarity-http', key: 'done', prompt: 'q', meta: { pid: 8 } });
    first.broker.answer(done.id, { text: 'answered before restart' }, 'http');
    first.store.close();
    first.broker.close();

    expect(readJson('pending.json').requests.map((r) => r.key)).toEqual(['http-q']);
    expect(readJson('history.json').requests).toMatchObject([{ key: 'done', status: 'answered' }]);
    expect(readJson('history.json').requests[0]).not.toHaveProperty('meta');

    const second = open();
    expect(second.restored).toEqual({ history: 1, pending: 1 });
    expect(second.broker.pending()).toMatchObject([{ id: http.id, key: 'http-q', status: 'pending', meta: { pid: 7 } }]);
    expect(second.broker.findByKey('done')).toMatchObject({ status: 'answered', answer: { text: 'answered before restart' } });
    second.broker.answer(http.id, { text: 'after restart' });
    second.store.close();
    expect(readJson('pending.json').requests).toEqual([]);
    expect(readJson('history.json').requests.map((r) => r.key)).toEqual(['done', 'http-q']);
  });

  it('bounds the history, pruning the oldest first', () => {
    const { broker, store } = open({ historyLimit: 3 });
    for (let i = 1; i <= 5; i += 1) {
      const r = broker.add({ source: 'cueme', key: `k${i}`, prompt: 'q' });
      broker.cancel(r.id);
    }
    expect(store.historyList().map((r) => r.key)).toEqual(['k3', 'k4', 'k5']);
    store.close();
    expect(readJson('history.json').requests.map((r) => r.key)).toEqual(['k3', 'k4', 'k5']);
    const smaller = new RequestStore({ stateDir: dir, historyLimit: 2 });
    expect(smaller.historyList().map((r) => r.key)).toEqual(['k4', 'k5']);
  });

  it('batches writes: 10,000 new requests are a handful of writes, all on disk after close', () => {
    const { broker, store } = open({ flushDelayMs: 1000 });
    for (let i = 0; i < 10_000; i += 1) broker.add({ source: 'clarity-http', key: `bulk-${i}`, prompt: 'q' });
    expect(store.writeCount).toBe(0);
    store.close();
    expect(store.writeCount).toBe(1);
    expect(readJson('pending.json').requests).toHaveLength(10_000);
  });

  it('writes on its own shortly after a change', async () => {
    const { broker, store } = open({ flushDelayMs: 5 });
    broker.add({ source: 'clarity-http', key: 'soon', prompt: 'q' });
    const deadline = Date.now() + 5000;
    while (store.writeCount === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(readJson('pending.json').requests.map((r) => r.key)).toEqual(['soon']);
    store.close();
  });

  it('moves an unreadable or schema-breaking file aside instead of wiping it', () => {
    writeFileSync(path.join(dir, 'history.json'), '{ not json');
    writeFileSync(path.join(dir, 'pending.json'), JSON.stringify({ requests: 'nope' }));
    const setAside: string[] = [];
    const { store } = open({ onSetAside: (_file, movedTo) => setAside.push(path.basename(movedTo)) });
    expect(setAside).toHaveLength(2);
    const files = readdirSync(dir);
    const historyAside = files.find((f) => f.startsWith('history.json.invalid-'))!;
    expect(readFileSync(path.join(dir, historyAside), 'utf8')).toBe('{ not json');
    expect(files.some((f) => f.startsWith('pending.json.invalid-'))).toBe(true);
    expect(store.historyList()).toEqual([]);
    store.close();
  });

  it('skips individual broken records and keeps the valid ones', () => {
    writeFileSync(
      path.join(dir, 'pending.json'),
      JSON.stringify({
        requests: [
          { id: 'ok', source: 'clarity-http', key: 'good', prompt: 'q', input: { kind: 'text' }, createdAt: 1, status: 'pending' },
          { id: 'bad', source: 'clarity-http', key: '', prompt: 'q' },
        ],
      }),
    );
    const { broker, store } = open();
    expect(broker.pending().map((r) => r.key)).toEqual(['good']);
    store.close();
    expect(existsSync(path.join(dir, 'pending.json'))).toBe(true);
  });
});
