import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Broker, type BrokerEvent } from '../../../main/broker/broker';
import {
  AlreadyResolvedError,
  DuplicateRequestError,
  InvalidInputError,
  NotFoundError,
} from '../../../main/broker/errors';

const base = { source: 'clarity-file' as const, key: 'k', prompt: 'Approve?' };

function recording(broker: Broker): BrokerEvent[] {
  const events: BrokerEvent[] = [];
  broker.subscribe((e) => events.push(e));
  return events;
}

describe('Broker requests', () => {
  let broker: Broker;
  let events: BrokerEvent[];
  beforeEach(() => {
    let n = 0;
    broker = new Broker({ now: () => 1_000, newId: () => `id-${++n}` });
    events = recording(broker);
  });
  afterEach(() => broker.close());

  it('add opens a pending text request with defaults and emits added with seq 1', () => {
    const r = broker.add(base);
    expect(r).toMatchObject({
      id: 'id-1',
      status: 'pending',
      createdAt: 1_000,
      input: { kind: 'text' },
    });
    expect(events).toEqual([{ seq: 1, type: 'added', at: 1_000, request: r }]);
    expect(broker.pending()).toEqual([r]);
    expect(broker.pendingCount).toBe(1);
    expect(broker.lastSeq).toBe(1);
  });

  it('rejects invalid input naming the field, and keeps running', () => {
    expect(() => broker.add({ ...base, key: '' })).toThrow(InvalidInputError);
    expect(() => broker.add({ ...base, key: '' })).toThrow(/key/);
    expect(broker.add(base).status).toBe('pending');
  });

  it('rejects a duplicate source+key while pending, allows it for another source or after resolution', () => {
    const first = broker.add(base);
    const dup = (() => {
      try {
        broker.add(base);
      } catch (e) {
        return e;
      }
    })();
    expect(dup).toBeInstanceOf(DuplicateRequestError);
    expect((dup as DuplicateRequestError).existing.id).toBe(first.id);
    expect(broker.add({ ...base, source: 'clarity-http' }).status).toBe('pending');
    broker.answer(first.id, { text: 'yes' });
    expect(broker.add(base).id).not.toBe(first.id);
  });

  it("an add 'checked' by its caller gives the same request, and still refuses duplicates", () => {
    const input = { ...base, agent: { id: 'clarity:7', runtime: 'clarity' }, meta: { pid: 7 } };
    const other = new Broker({ now: () => 1_000, newId: () => 'id-1' });
    expect(broker.add(input, 'checked')).toEqual(other.add(input));
    other.close();
    expect(() => broker.add(input, 'checked')).toThrow(DuplicateRequestError);
  });

  it('rejects a reused id', () => {
    broker.add({ ...base, id: 'fixed' });
    expect(() => broker.add({ ...base, key: 'other', id: 'fixed' })).toThrow(/already used/);
  });

  it('answer resolves once, records who and when, and wakes waiters', async () => {
    const r = broker.add(base);
    const waiting = broker.waitForResolution(r.id);
    const answered = broker.answer(r.id, { text: 'go' }, 'cli');
    expect(answered).toMatchObject({
      status: 'answered',
      answer: { text: 'go' },
      resolvedBy: 'cli',
      resolvedAt: 1_000,
    });
    await expect(waiting).resolves.toEqual(answered);
    expect(events.map((e) => [e.seq, e.type])).toEqual([
      [1, 'added'],
      [2, 'answered'],
    ]);
    expect(broker.pending()).toEqual([]);
    expect(broker.get(r.id)).toEqual(answered);
  });

  it('after the first resolution every later answer, cancel and expire gets AlreadyResolvedError', () => {
    const r = broker.add(base);
    broker.cancel(r.id, { reason: 'not needed', by: 'ui' });
    for (const attempt of [
      () => broker.answer(r.id, { text: 'x' }),
      () => broker.cancel(r.id),
      () => broker.expire(r.id),
    ]) {
      try {
        attempt();
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(AlreadyResolvedError);
        expect((e as AlreadyResolvedError).request).toMatchObject({
          status: 'cancelled',
          cancelReason: 'not needed',
        });
        expect((e as AlreadyResolvedError).code).toBe('already_resolved');
      }
    }
    expect(events.filter((e) => e.type !== 'added')).toHaveLength(1);
  });

  it('many concurrent attempts (answers, cancels, expiries): exactly one wins, the rest get AlreadyResolvedError', async () => {
    const r = broker.add(base);
    const attempts = Array.from({ length: 300 }, (_, i) => async () => {
      await Promise.resolve();
      if (i % 3 === 0) return broker.answer(r.id, { text: `answer ${i}` }, 'ui');
      if (i % 3 === 1) return broker.cancel(r.id, { by: 'http' });
      return broker.expire(r.id, 'agent');
    });
    const results = await Promise.allSettled(attempts.map((a) => a()));
    const won = results.filter((x) => x.status === 'fulfilled');
    const lost = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(299);
    expect(lost.every((x) => x.reason instanceof AlreadyResolvedError)).toBe(true);
    expect(events.filter((e) => e.type !== 'added')).toHaveLength(1);
  });

  it('unknown ids are NotFoundError everywhere, waitForResolution rejects', async () => {
    expect(() => broker.answer('nope', { text: '' })).toThrow(NotFoundError);
    expect(() => broker.cancel('nope')).toThrow(NotFoundError);
    expect(() => broker.expire('nope')).toThrow(NotFoundError);
    expect(() => broker.update('nope', { prompt: 'x' })).toThrow(NotFoundError);
    await expect(broker.waitForResolution('nope')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('waitForResolution resolves at once for a resolved request and honours an abort signal', async () => {
    const a = broker.add(base);
    broker.expire(a.id, 'agent');
    await expect(broker.waitForResolution(a.id)).resolves.toMatchObject({
      status: 'expired',
      resolvedBy: 'agent',
    });
    const b = broker.add({ ...base, key: 'b' });
    const controller = new AbortController();
    const waiting = broker.waitForResolution(b.id, controller.signal);
    controller.abort(new Error('client left'));
    await expect(waiting).rejects.toThrow('client left');
    // The aborted waiter is gone; resolving still works and wakes nobody else.
    expect(broker.answer(b.id, { text: '' }).status).toBe('answered');
  });

  it('an empty answer is a valid approval', () => {
    const r = broker.add(base);
    expect(broker.answer(r.id, { text: '' }).answer).toEqual({ text: '' });
    expect(() => broker.answer(broker.add({ ...base, key: 'z' }).id, {} as never)).toThrow(
      /text.*value|value/,
    );
  });

  it('structured answers are checked against the request and get a text form', () => {
    const r = broker.add({
      ...base,
      input: {
        kind: 'choice',
        options: [
          { value: 'A', label: 'Alpha' },
          { value: 'B', label: 'Beta' },
        ],
      },
    });
    expect(() => broker.answer(r.id, { value: { kind: 'choice', selected: ['C'] } })).toThrow(
      /unknown option C/,
    );
    expect(() => broker.answer(r.id, { value: { kind: 'choice', selected: ['A', 'B'] } })).toThrow(
      /takes one option/,
    );
    expect(() => broker.answer(r.id, { value: { kind: 'confirm', confirmed: true } })).toThrow(
      /wants choice/,
    );
    expect(broker.answer(r.id, { value: { kind: 'choice', selected: ['B'] } }).answer).toEqual({
      text: 'B',
      value: { kind: 'choice', selected: ['B'] },
    });
  });

  it('update changes display fields of a pending request only', () => {
    const r = broker.add(base);
    const updated = broker.update(r.id, { title: 'Deploy', prompt: 'Deploy now?' });
    expect(updated).toMatchObject({ title: 'Deploy', prompt: 'Deploy now?', status: 'pending' });
    expect(events.at(-1)?.type).toBe('updated');
    broker.answer(r.id, { text: 'ok' });
    expect(() => broker.update(r.id, { prompt: 'again' })).toThrow(AlreadyResolvedError);
  });

  it('a listener that throws does not stop the broker or other listeners', () => {
    const errors: unknown[] = [];
    const b = new Broker({ onListenerError: (e) => errors.push(e) });
    const seen: string[] = [];
    b.subscribe(() => {
      throw new Error('bad listener');
    });
    b.subscribe((e) => seen.push(e.type));
    b.add(base);
    expect(seen).toEqual(['added']);
    expect(errors).toHaveLength(1);
  });

  it('unsubscribe stops events', () => {
    const seen: string[] = [];
    const off = broker.subscribe((e) => seen.push(e.type));
    broker.add(base);
    off();
    broker.add({ ...base, key: 'two' });
    expect(seen).toEqual(['added']);
  });

  it('findPending / findByKey find pending first, then the newest resolved', () => {
    const a = broker.add(base);
    broker.answer(a.id, { text: '1' });
    const b = broker.add(base);
    expect(broker.findPending('clarity-file', 'k')?.id).toBe(b.id);
    expect(broker.findByKey('k')?.id).toBe(b.id);
    broker.cancel(b.id);
    expect(broker.findByKey('k')?.id).toBe(b.id);
    expect(broker.findByKey('k', ['clarity-http'])).toBeUndefined();
    expect(broker.findPending('clarity-file', 'k')).toBeUndefined();
  });

  it('keeps only resolvedMemory resolved requests', () => {
    const b = new Broker({ resolvedMemory: 2 });
    const ids = ['a', 'b', 'c'].map((key) => b.add({ ...base, key }).id);
    for (const id of ids) b.answer(id, { text: '' });
    expect(b.resolved().map((r) => r.key)).toEqual(['b', 'c']);
    expect(b.get(ids[0]!)).toBeUndefined();
  });
});

describe('Broker deadlines (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 10_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires a request at its deadline with resolvedBy timeout', async () => {
    const broker = new Broker();
    const events = recording(broker);
    const r = broker.add({ ...base, expiresAt: 11_000 });
    vi.advanceTimersByTime(999);
    expect(broker.get(r.id)?.status).toBe('pending');
    vi.advanceTimersByTime(1);
    expect(broker.get(r.id)).toMatchObject({
      status: 'expired',
      resolvedBy: 'timeout',
      resolvedAt: 11_000,
    });
    expect(events.map((e) => e.type)).toEqual(['added', 'expired']);
    expect(() => broker.answer(r.id, { text: 'late' })).toThrow(AlreadyResolvedError);
  });

  it('answer vs expiry at the same instant: whichever runs first wins, the other is rejected', () => {
    const broker = new Broker();
    const events = recording(broker);
    const r = broker.add({ ...base, expiresAt: 11_000 });
    vi.setSystemTime(11_000); // the deadline has arrived but the timer has not run yet
    expect(broker.answer(r.id, { text: 'just in time' }).status).toBe('answered');
    vi.advanceTimersByTime(10);
    expect(broker.get(r.id)?.status).toBe('answered');
    expect(events.map((e) => e.type)).toEqual(['added', 'answered']);
  });

  it('cancel vs expiry vs answer with many deadlines at once: each request resolves exactly once', () => {
    const broker = new Broker();
    const events = recording(broker);
    const ids = Array.from(
      { length: 100 },
      (_, i) => broker.add({ ...base, key: `k${i}`, expiresAt: 12_000 }).id,
    );
    ids.slice(0, 30).forEach((id) => broker.cancel(id));
    vi.advanceTimersByTime(2_000);
    for (const id of ids)
      expect(() => broker.answer(id, { text: '' })).toThrow(AlreadyResolvedError);
    const resolutions = events.filter((e) => e.type !== 'added');
    expect(resolutions).toHaveLength(100);
    expect(new Set(resolutions.map((e) => e.request.id)).size).toBe(100);
    expect(resolutions.filter((e) => e.type === 'expired')).toHaveLength(70);
  });

  it('update can move a deadline later', () => {
    const broker = new Broker();
    const r = broker.add({ ...base, expiresAt: 11_000 });
    broker.update(r.id, { expiresAt: 15_000 });
    vi.advanceTimersByTime(2_000);
    expect(broker.get(r.id)?.status).toBe('pending');
    vi.advanceTimersByTime(3_000);
    expect(broker.get(r.id)?.status).toBe('expired');
  });

  it('close stops deadlines; pending requests stay as they are', () => {
    const broker = new Broker();
    const r = broker.add({ ...base, expiresAt: 11_000 });
    broker.close();
    vi.advanceTimersByTime(5_000);
    expect(broker.get(r.id)?.status).toBe('pending');
  });
});

describe('Broker.restore', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 50_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const stored = (over: object) => ({
    id: 'r1',
    source: 'clarity-http',
    key: 'k',
    prompt: 'p',
    input: { kind: 'text' },
    createdAt: 1,
    status: 'pending',
    ...over,
  });

  it('re-inserts valid pending and resolved requests, skipping invalid ones without stopping', () => {
    const broker = new Broker();
    const events = recording(broker);
    const accepted = broker.restore([
      stored({}),
      { nonsense: true },
      stored({ id: 'r2', key: 'done', status: 'answered', answer: { text: 'yes' }, resolvedAt: 2 }),
      stored({ id: 'r1', key: 'dup-id' }),
      stored({ id: 'r3' }), // same source+key as r1 while pending
    ]);
    expect(accepted.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(broker.pending().map((r) => r.id)).toEqual(['r1']);
    expect(broker.get('r2')?.status).toBe('answered');
    expect(events.map((e) => e.type)).toEqual(['added']);
  });

  it('a restored pending request past its deadline expires at once', () => {
    const broker = new Broker();
    broker.restore([stored({ expiresAt: 40_000 })]);
    vi.advanceTimersByTime(0);
    expect(broker.get('r1')).toMatchObject({ status: 'expired', resolvedBy: 'timeout' });
  });
});

describe('Broker firstSeq', () => {
  it('numbers events on from a per-run base', () => {
    const broker = new Broker({ firstSeq: 1_000 });
    expect(broker.lastSeq).toBe(1_000);
    const seqs: number[] = [];
    broker.subscribe((e) => seqs.push(e.seq));
    broker.add({ source: 'clarity-http', key: 'k', prompt: 'q' });
    expect(seqs).toEqual([1_001]);
    expect(broker.lastSeq).toBe(1_001);
    broker.close();
  });
});
