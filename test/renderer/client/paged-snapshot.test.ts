import { describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait-for';
import type { HitlRequest } from '@contract/request';
import { HttpInboxClient } from '../../../renderer/src/client/http-inbox-client';
import type { InboxEvent } from '../../../renderer/src/client/inbox-client';
import { PagedSnapshot } from '../../../renderer/src/client/paged-snapshot';
import {
  inboxReducer,
  initialInboxState,
  pendingCount,
} from '../../../renderer/src/state/inbox-state';
import { FakeStream } from './fake-event-source';

type Snapshot = Extract<InboxEvent, { type: 'snapshot' }>;

const req = (id: string, createdAt = 1): HitlRequest => ({
  id,
  source: 'clarity-http',
  key: id,
  prompt: 'q',
  input: { kind: 'text' },
  createdAt,
  status: 'pending',
});
const gone = (id: string): HitlRequest => ({ ...req(id), status: 'answered' });

/** A PagedSnapshot whose paint and fetch the test releases by hand. */
function harness() {
  const emitted: InboxEvent[] = [];
  const painted: (() => void)[] = [];
  const fetches: { resolve: (s: Snapshot) => void; reject: (e: unknown) => void }[] = [];
  const failures: unknown[] = [];
  const paged = new PagedSnapshot({
    emit: (e) => emitted.push(e),
    afterPaint: (fn) => painted.push(fn),
    fetchAll: () => new Promise((resolve, reject) => fetches.push({ resolve, reject })),
    onFailure: (e) => failures.push(e),
  });
  return { paged, emitted, painted, fetches, failures };
}

describe('PagedSnapshot', () => {
  it('passes a whole snapshot and the events after it straight on, fetching nothing', () => {
    const h = harness();
    h.paged.accept({ type: 'snapshot', seq: 1, pending: [req('a')] });
    h.paged.accept({ type: 'added', seq: 2, request: req('b') });
    expect(h.emitted.map((e) => e.type)).toEqual(['snapshot', 'added']);
    expect(h.painted).toHaveLength(0);
    expect(h.paged.completing).toBe(false);
  });

  it('passes the page on at once, fetches the rest after the paint, then the held events in order', async () => {
    const h = harness();
    const page: Snapshot = { type: 'snapshot', seq: 5, pending: [req('c')], total: 3 };
    h.paged.accept(page);
    expect(h.emitted).toEqual([page]);
    expect(h.fetches).toHaveLength(0); // not before the page is painted
    h.paged.accept({ type: 'answered', seq: 6, request: gone('b') });
    h.paged.accept({ type: 'added', seq: 7, request: req('d') });
    expect(h.emitted).toHaveLength(1);
    h.painted.shift()!();
    expect(h.fetches).toHaveLength(1);
    h.fetches[0]!.resolve({ type: 'snapshot', seq: 6, pending: [req('a'), req('c')] });
    await waitFor(() => h.emitted.length === 4, 'h.emitted.length === 4');
    expect(h.emitted.map((e) => [e.type, 'seq' in e ? e.seq : undefined])).toEqual([
      ['snapshot', 5],
      ['snapshot', 6],
      ['answered', 6],
      ['added', 7],
    ]);
    expect(h.paged.completing).toBe(false);

    // Folded by the inbox: the whole list, nothing applied twice, the count right all along.
    const states = h.emitted.map((_, i) =>
      h.emitted.slice(0, i + 1).reduce(inboxReducer, initialInboxState),
    );
    expect(states.map(pendingCount)).toEqual([3, 2, 2, 3]);
    expect(states[0]!.partialTotal).toBe(3);
    const final = states.at(-1)!;
    expect([...final.pending.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(final.partialTotal).toBeUndefined();
    expect(final.seq).toBe(7);
  });

  it('drops a completion that a newer snapshot superseded', async () => {
    const h = harness();
    h.paged.accept({ type: 'snapshot', seq: 5, pending: [req('c')], total: 3 });
    h.painted.shift()!();
    h.paged.accept({ type: 'snapshot', seq: 9, pending: [req('x')] });
    h.fetches[0]!.resolve({ type: 'snapshot', seq: 6, pending: [req('a'), req('c')] });
    h.paged.accept({ type: 'added', seq: 10, request: req('y') });
    await new Promise((r) => setTimeout(r, 10));
    expect(h.emitted.map((e) => [e.type, 'seq' in e ? e.seq : undefined])).toEqual([
      ['snapshot', 5],
      ['snapshot', 9],
      ['added', 10],
    ]);
  });

  it('reports a failed fetch and stops holding events', async () => {
    const h = harness();
    h.paged.accept({ type: 'snapshot', seq: 5, pending: [req('c')], total: 3 });
    h.painted.shift()!();
    h.fetches[0]!.reject(new Error('offline'));
    await waitFor(() => h.failures.length === 1, 'h.failures.length === 1');
    expect(h.paged.completing).toBe(false);
    h.paged.accept({ type: 'added', seq: 6, request: req('d') });
    expect(h.emitted.at(-1)).toMatchObject({ type: 'added', seq: 6 });
  });
});

function client(list: () => { status: number; body: unknown }) {
  const streams: FakeStream[] = [];
  const painted: (() => void)[] = [];
  const fetched: string[] = [];
  const http = new HttpInboxClient({
    baseUrl: 'http://broker',
    snapshotLimit: 200,
    afterPaint: (fn) => painted.push(fn),
    fetch: (async (url: string) => {
      fetched.push(url);
      const r = list();
      return new Response(JSON.stringify(r.body), { status: r.status });
    }) as typeof fetch,
    eventSource: (url) => {
      const s = new FakeStream(url);
      streams.push(s);
      return s;
    },
  });
  return { http, streams, painted, fetched };
}

describe('HttpInboxClient with a paged snapshot', () => {
  it('asks for the first page, then fills in the whole list from GET /api/requests', async () => {
    const c = client(() => ({ status: 200, body: { seq: 6, requests: [req('a'), req('c')] } }));
    const events: InboxEvent[] = [];
    c.http.subscribe((e) => events.push(e));
    const stream = c.streams[0]!;
    expect(stream.url).toBe('http://broker/events?snapshot_limit=200&snapshot_order=urgent');
    stream.emit('snapshot', { seq: 5, total: 3, pending: [req('c')] }, '5');
    expect(events).toEqual([{ type: 'snapshot', seq: 5, pending: [req('c')], total: 3 }]);
    stream.emit('answered', { request: gone('b') }, '6');
    c.painted.shift()!();
    await waitFor(() => events.length === 3, 'events.length === 3');
    expect(c.fetched).toEqual(['http://broker/api/requests']);
    expect(events[1]).toEqual({ type: 'snapshot', seq: 6, pending: [req('a'), req('c')] });
    expect(events[2]).toMatchObject({ type: 'answered', seq: 6 });
  });

  it('re-syncs from a whole snapshot when the rest cannot be fetched', async () => {
    const c = client(() => ({ status: 500, body: { error: 'boom', message: 'boom' } }));
    const events: InboxEvent[] = [];
    c.http.subscribe((e) => events.push(e));
    c.streams[0]!.emit('snapshot', { seq: 5, total: 3, pending: [req('c')] }, '5');
    c.painted.shift()!();
    await waitFor(() => c.streams.length === 2, 'c.streams.length === 2');
    expect(c.streams[0]!.closed).toBe(true);
    expect(c.streams[1]!.url).toBe('http://broker/events');
    c.streams[1]!.emit('snapshot', { seq: 7, total: 2, pending: [req('a'), req('c')] }, '7');
    expect(events.at(-1)).toEqual({ type: 'snapshot', seq: 7, pending: [req('a'), req('c')] });
  });

  it('drops a malformed page like any malformed snapshot', () => {
    const c = client(() => ({ status: 200, body: {} }));
    const events: InboxEvent[] = [];
    c.http.subscribe((e) => events.push(e));
    c.streams[0]!.emit('snapshot', { seq: 5, total: 'many', pending: [req('c')] }, '5');
    expect(events).toEqual([]);
    expect(c.painted).toHaveLength(0);
  });
});
