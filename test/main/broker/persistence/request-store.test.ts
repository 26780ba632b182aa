import {
  appendFileSync,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { JOURNAL_FILE } from '../../../../main/broker/persistence/request-journal';
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

function readJson(name: string): {
  requests: Array<{ key: string; status: string; meta?: unknown }>;
} {
  return JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
}

describe('RequestStore', () => {
  it('writes no snapshot file at open on a fresh state dir; the first change writes them', async () => {
    const { broker, store } = open();
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toEqual([]);
    const asked = broker.add({ source: 'clarity-http', key: 'k', prompt: 'Ship?' });
    broker.answer(asked.id, { text: 'yes' }, 'ui');
    store.close();
    expect(readJson('history.json').requests).toMatchObject([{ key: 'k', status: 'answered' }]);
    expect(readJson('pending.json').requests).toEqual([]);
    broker.close();
    // Reopened: the history is back.
    const again = open();
    expect(again.broker.resolved().map((r) => r.key)).toEqual(['k']);
    again.store.close();
    again.broker.close();
  });

  it('pending HTTP-born requests and the resolved history survive a restart; file requests do not', async () => {
    const first = open();
    const http = first.broker.add({
      source: 'clarity-http',
      key: 'http-q',
      prompt: 'Still there?',
      meta: { pid: 7 },
    });
    first.broker.add({ source: 'clarity-file', key: 'file-q', prompt: 'On disk already' });
    const done = first.broker.add({
      source: 'clarity-http',
      key: 'done',
      prompt: 'q',
      meta: { pid: 8 },
    });
    first.broker.answer(done.id, { text: 'answered before restart' }, 'http');
    first.store.close();
    first.broker.close();

    expect(readJson('pending.json').requests.map((r) => r.key)).toEqual(['http-q']);
    expect(readJson('history.json').requests).toMatchObject([{ key: 'done', status: 'answered' }]);
    expect(readJson('history.json').requests[0]).not.toHaveProperty('meta');

    const second = open();
    expect(second.restored).toEqual({ history: 1, pending: 1 });
    expect(second.broker.pending()).toMatchObject([
      { id: http.id, key: 'http-q', status: 'pending', meta: { pid: 7 } },
    ]);
    expect(second.broker.findByKey('done')).toMatchObject({
      status: 'answered',
      answer: { text: 'answered before restart' },
    });
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

  it('a smaller history limit set while running prunes the oldest at once and is saved', () => {
    const { broker, store } = open({ historyLimit: 10 });
    for (let i = 1; i <= 5; i += 1)
      broker.cancel(broker.add({ source: 'cueme', key: `k${i}`, prompt: 'q' }).id);
    store.setHistoryLimit(2);
    expect(store.historyList().map((r) => r.key)).toEqual(['k4', 'k5']);
    store.setHistoryLimit(4);
    broker.cancel(broker.add({ source: 'cueme', key: 'k6', prompt: 'q' }).id);
    expect(store.historyList().map((r) => r.key)).toEqual(['k4', 'k5', 'k6']);
    expect(() => store.setHistoryLimit(-1)).toThrow(/history limit/);
    store.close();
    expect(readJson('history.json').requests.map((r) => r.key)).toEqual(['k4', 'k5', 'k6']);
  });

  it('batches writes: 10,000 new requests are a handful of writes, all on disk after close', () => {
    const { broker, store } = open({ flushDelayMs: 1000 });
    for (let i = 0; i < 10_000; i += 1)
      broker.add({ source: 'clarity-http', key: `bulk-${i}`, prompt: 'q' });
    expect(store.writeCount).toBe(0);
    store.close();
    expect(store.writeCount).toBe(1);
    expect(readJson('pending.json').requests).toHaveLength(10_000);
  });

  it('writes on its own shortly after a change', async () => {
    const { broker, store } = open({ flushDelayMs: 5 });
    broker.add({ source: 'clarity-http', key: 'soon', prompt: 'q' });
    const deadline = Date.now() + 5000;
    while (store.writeCount === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    expect(readJson('pending.json').requests.map((r) => r.key)).toEqual(['soon']);
    store.close();
  });

  it('moves an unreadable or schema-breaking file aside instead of wiping it', () => {
    writeFileSync(path.join(dir, 'history.json'), '{ not json');
    writeFileSync(path.join(dir, 'pending.json'), JSON.stringify({ requests: 'nope' }));
    const setAside: string[] = [];
    const { store } = open({
      onSetAside: (_file, movedTo) => setAside.push(path.basename(movedTo)),
    });
    expect(setAside).toHaveLength(2);
    const files = readdirSync(dir);
    const historyAside = files.find((f) => f.startsWith('history.json.invalid-'))!;
    expect(readFileSync(path.join(dir, historyAside), 'utf8')).toBe('{ not json');
    expect(files.some((f) => f.startsWith('pending.json.invalid-'))).toBe(true);
    expect(store.historyList()).toEqual([]);
    store.close();
  });

  it('moves aside a file whose JSON is not an object (an array, a string)', () => {
    writeFileSync(path.join(dir, 'history.json'), JSON.stringify([{ key: 'x' }]));
    writeFileSync(path.join(dir, 'pending.json'), JSON.stringify('requests'));
    const setAside: string[] = [];
    const { store } = open({
      onSetAside: (_file, movedTo) => setAside.push(path.basename(movedTo)),
    });
    expect(setAside.map((name) => name.replace(/\.invalid-.*/, ''))).toEqual([
      'history.json',
      'pending.json',
    ]);
    expect(store.historyList()).toEqual([]);
    store.close();
  });

  it('skips individual broken records and keeps the valid ones', () => {
    writeFileSync(
      path.join(dir, 'pending.json'),
      JSON.stringify({
        requests: [
          {
            id: 'ok',
            source: 'clarity-http',
            key: 'good',
            prompt: 'q',
            input: { kind: 'text' },
            createdAt: 1,
            status: 'pending',
          },
          { id: 'bad', source: 'clarity-http', key: '', prompt: 'q' },
        ],
      }),
    );
    const { broker, store } = open();
    expect(broker.pending().map((r) => r.key)).toEqual(['good']);
    store.close();
    expect(existsSync(path.join(dir, 'pending.json'))).toBe(true);
  });

  describe('journal (crash durability)', () => {
    /** What a `kill -9` leaves: the state dir as it is on disk now, copied before anything else runs. */
    function crashCopy(): string {
      const copy = `${dir}-crash`;
      cpSync(dir, copy, { recursive: true });
      return copy;
    }

    /**
     * Copies what a crash of `first` would leave, closes it, and opens a new broker and store on
     * the copy for `check`; the store is closed and the copy removed afterwards.
     */
    async function afterCrash(
      first: { store: RequestStore },
      check: (broker: Broker, store: RequestStore, copy: string) => void,
    ): Promise<void> {
      const copy = crashCopy();
      first.store.close();
      try {
        const store = new RequestStore({ stateDir: copy, flushDelayMs: 10 });
        try {
          check(new Broker(), store, copy);
        } finally {
          store.close();
        }
      } finally {
        await rm(copy, { recursive: true, force: true });
      }
    }

    it('an answer and a new request are on disk before any snapshot is written', async () => {
      const first = open({ flushDelayMs: 60_000 });
      const answered = first.broker.add({ source: 'clarity-http', key: 'answered', prompt: 'q' });
      first.store.flush();
      const writesBefore = first.store.writeCount;
      first.broker.answer(answered.id, { text: 'acknowledged' }, 'http');
      first.broker.add({
        source: 'clarity-http',
        key: 'late',
        prompt: 'asked just before the crash',
      });
      expect(first.store.writeCount, 'no snapshot written yet').toBe(writesBefore);
      await afterCrash(first, (broker, store, copy) => {
        expect(store.attach(broker)).toEqual({ history: 1, pending: 1 });
        expect(broker.findByKey('answered')).toMatchObject({
          status: 'answered',
          answer: { text: 'acknowledged' },
        });
        expect(broker.pending().map((r) => r.key)).toEqual(['late']);
        // Compacted at start: the snapshots hold the replayed state, the journal is empty.
        expect(statSync(path.join(copy, JOURNAL_FILE)).size).toBe(0);
        expect(
          JSON.parse(readFileSync(path.join(copy, 'pending.json'), 'utf8')).requests.map(
            (r: { key: string }) => r.key,
          ),
        ).toEqual(['late']);
      });
    });

    it('the answer of a request that was never persisted pending is in the history after a crash too', async () => {
      const first = open({ flushDelayMs: 60_000 });
      const asked = first.broker.add({ source: 'clarity-file', key: 'file', prompt: 'q' });
      first.store.flush();
      first.broker.answer(asked.id, { text: 'from the inbox' }, 'http');
      await afterCrash(first, (broker, store) => {
        expect(store.attach(broker)).toEqual({ history: 1, pending: 0 });
        expect(broker.findByKey('file')).toMatchObject({
          status: 'answered',
          answer: { text: 'from the inbox' },
        });
      });
    });

    it('keeps snapshot batching: 10,000 answers are one journal line each and a handful of snapshot writes', () => {
      const { broker, store } = open({ flushDelayMs: 60_000 });
      const ids = Array.from(
        { length: 10_000 },
        (_, i) => broker.add({ source: 'clarity-http', key: `k${i}`, prompt: 'q' }).id,
      );
      for (const id of ids) broker.answer(id, { text: 'a' }, 'http');
      expect(store.journalAppends).toBe(20_000);
      expect(store.writeCount).toBe(0);
      store.close();
      expect(store.writeCount).toBe(2);
      expect(
        statSync(path.join(dir, JOURNAL_FILE)).size,
        'journal emptied once the snapshots are written',
      ).toBe(0);
      expect(readJson('history.json').requests).toHaveLength(5000);
    });

    it('replays the last state per id, ignores a torn last line, and is idempotent over a newer snapshot', () => {
      const first = open({ flushDelayMs: 60_000 });
      const a = first.broker.add({ source: 'clarity-http', key: 'a', prompt: 'q' });
      first.broker.add({ source: 'clarity-http', key: 'b', prompt: 'q' });
      first.broker.answer(a.id, { text: 'yes' }, 'http');
      const journal = readFileSync(path.join(dir, JOURNAL_FILE), 'utf8');
      first.store.close(); // snapshots now hold the same state
      // A crash after the snapshot but before the journal was emptied, plus a torn line.
      writeFileSync(path.join(dir, JOURNAL_FILE), journal);
      appendFileSync(path.join(dir, JOURNAL_FILE), '{"op":"resolved","request":{"id":');
      const second = open();
      expect(second.broker.pending().map((r) => r.key)).toEqual(['b']);
      expect(second.store.historyList().map((r) => [r.key, r.status])).toEqual([['a', 'answered']]);
      second.store.close();
    });

    it('persists polled requests (meta.durable) but not held ones; a durable answer keeps its meta for the poll', async () => {
      const first = open({ flushDelayMs: 60_000 });
      const polled = first.broker.add({
        source: 'questfoundry',
        key: 'polled',
        prompt: 'q',
        meta: { durable: true, envelope: { id: 'polled' } },
      });
      first.broker.add({
        source: 'questfoundry',
        key: 'polled-open',
        prompt: 'q',
        meta: { durable: true },
      });
      for (const source of ['questfoundry', 'tool-server-lite', 'cueme', 'mcp'] as const)
        first.broker.add({ source, key: `held-${source}`, prompt: 'q' });
      first.broker.answer(polled.id, { text: 'A' }, 'http');
      expect(first.store.journalAppends).toBe(3);
      await afterCrash(first, (broker, store) => {
        store.attach(broker);
        expect(broker.pending().map((r) => r.key)).toEqual(['polled-open']);
        expect(broker.findByKey('polled')).toMatchObject({
          status: 'answered',
          meta: { durable: true, envelope: { id: 'polled' } },
        });
      });
    });
  });
});
