import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import {
  AGENT_MESSAGE_LIMIT,
  currentId,
  inboxReducer,
  initialInboxState,
  type InboxState,
} from '../../../renderer/src/state/inbox-state';

const req = (id: string, extra: Partial<HitlRequest> = {}): HitlRequest => ({
  id,
  source: 'clarity-http',
  key: `key-${id}`,
  prompt: 'q',
  input: { kind: 'text' },
  createdAt: 1,
  status: 'pending',
  ...extra,
});

function loaded(...requests: HitlRequest[]): InboxState {
  return inboxReducer(initialInboxState, { type: 'snapshot', seq: 10, pending: requests });
}

describe('inboxReducer', () => {
  it('a snapshot replaces the pending set and marks the inbox loaded', () => {
    const first = loaded(req('a'), req('b'));
    const second = inboxReducer(first, { type: 'snapshot', seq: 20, pending: [req('c')] });
    expect(first.loaded).toBe(true);
    expect([...second.pending.keys()]).toEqual(['c']);
    expect(second.seq).toBe(20);
  });

  it('a whole snapshot records the requests it no longer holds as gone (resolved while away)', () => {
    const first = loaded(req('a'), req('b'));
    const second = inboxReducer(first, { type: 'snapshot', seq: 20, pending: [req('b')] });
    expect(second.departures).toEqual([{ request: req('a'), n: 1, gone: true }]);
    // The very first snapshot has nothing to compare with.
    expect(first.departures).toEqual([]);
  });

  it('a first page after a reconnect keeps what is shown until the whole list replaces it', () => {
    const before = loaded(req('old'), req('older'));
    const page = inboxReducer(before, {
      type: 'snapshot',
      seq: 30,
      pending: [req('new')],
      total: 3,
    });
    expect([...page.pending.keys()].sort()).toEqual(['new', 'old', 'older']);
    expect(page.partialTotal).toBe(3);
    expect(page.departures).toEqual([]);
    const whole = inboxReducer(page, {
      type: 'snapshot',
      seq: 31,
      pending: [req('new'), req('old')],
    });
    expect([...whole.pending.keys()].sort()).toEqual(['new', 'old']);
    expect(whole.partialTotal).toBeUndefined();
    expect(whole.departures.map((d) => [d.request.id, d.gone])).toEqual([['older', true]]);
  });

  it('a snapshot whose total is all it holds is the whole list (the desktop sends total always)', () => {
    const before = loaded(req('a'), req('b'));
    const whole = inboxReducer(before, {
      type: 'snapshot',
      seq: 40,
      pending: [req('b')],
      total: 1,
    });
    expect(whole.partialTotal).toBeUndefined();
    expect([...whole.pending.keys()]).toEqual(['b']);
    expect(whole.departures.map((d) => [d.request.id, d.gone])).toEqual([['a', true]]);
  });

  it('adds and updates pending requests, ignoring replays at or below the current seq', () => {
    let s = loaded(req('a'));
    s = inboxReducer(s, { type: 'added', seq: 11, request: req('b') });
    s = inboxReducer(s, { type: 'updated', seq: 12, request: req('b', { title: 'T' }) });
    const replay = inboxReducer(s, { type: 'added', seq: 11, request: req('zzz') });
    expect(s.pending.get('b')?.title).toBe('T');
    expect(replay).toBe(s);
    expect(s.seq).toBe(12);
  });

  it('a resolution removes the request and records a departure once', () => {
    let s = loaded(req('a'), req('b'));
    s = inboxReducer(s, {
      type: 'answered',
      seq: 11,
      request: req('a', { status: 'answered', answer: { text: 'x' } }),
    });
    expect(s.pending.has('a')).toBe(false);
    expect(s.departures.map((d) => [d.request.id, d.request.status, d.n])).toEqual([
      ['a', 'answered', 1],
    ]);
    // The same request resolving again (e.g. seen twice) adds nothing.
    const again = inboxReducer(s, {
      type: 'cancelled',
      request: req('a', { status: 'cancelled' }),
    });
    expect(again.departures).toHaveLength(1);
    s = inboxReducer(s, { type: 'expired', seq: 12, request: req('b', { status: 'expired' }) });
    expect(s.departures.at(-1)?.n).toBe(2);
    expect(s.pending.size).toBe(0);
  });

  it('keeps a bounded list of agent messages and merges a loaded list with newer live ones', () => {
    let s = loaded();
    for (let i = 0; i < AGENT_MESSAGE_LIMIT + 5; i++) {
      s = inboxReducer(s, {
        type: 'agent_message',
        agentId: 'x',
        message: { role: 'assistant', content: [], at: i },
      });
    }
    expect(s.agentMessages.get('x')).toHaveLength(AGENT_MESSAGE_LIMIT);
    expect(s.agentMessages.get('x')?.[0]?.at).toBe(5);

    let t = inboxReducer(loaded(), {
      type: 'agent_message',
      agentId: 'y',
      message: { role: 'assistant', content: [], at: 50 },
    });
    t = inboxReducer(t, {
      type: 'agent_messages_loaded',
      agentId: 'y',
      messages: [
        { role: 'user', content: [], at: 10 },
        { role: 'assistant', content: [], at: 20 },
      ],
    });
    expect(t.agentMessages.get('y')?.map((m) => m.at)).toEqual([10, 20, 50]);
  });
});

describe('inboxReducer after a broker restart', () => {
  it('a request back under a new id (same source and key) is not a departure: it is renamed', () => {
    const first = loaded(req('a', { source: 'clarity-file', key: 'deploy' }), req('b'));
    const second = inboxReducer(first, {
      type: 'snapshot',
      seq: 2,
      pending: [req('a2', { source: 'clarity-file', key: 'deploy' }), req('b')],
    });
    expect(second.departures).toEqual([]);
    expect(second.renamed.get('a')).toBe('a2');
    expect(currentId(second, 'a')).toBe('a2');
    expect(currentId(second, 'b')).toBe('b');
    expect(second.seq).toBe(2); // the restarted broker counts from its own seq
  });

  it('a key that came back from another source is still a departure', () => {
    const first = loaded(req('a', { source: 'clarity-file', key: 'deploy' }));
    const second = inboxReducer(first, {
      type: 'snapshot',
      seq: 2,
      pending: [req('a2', { source: 'cueme', key: 'deploy' })],
    });
    expect(second.departures.map((d) => d.request.id)).toEqual(['a']);
    expect(second.renamed.size).toBe(0);
  });
});
