import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { InboxClientError, type InboxEvent } from '../../../renderer/src/client/inbox-client';
import { IpcInboxClient } from '../../../renderer/src/client/ipc-inbox-client';
import type { HitlBridge } from '@contract/ipc/bridge';
import type { IpcInboxEvent } from '@contract/ipc/channels';

const request = (id: string): HitlRequest => ({
  id,
  source: 'clarity-file',
  key: id,
  prompt: `${id}?`,
  input: { kind: 'text' },
  createdAt: 1,
  status: 'pending',
});

function fakeBridge() {
  let inbox: ((e: IpcInboxEvent) => void) | undefined;
  const lists: { payload: unknown; resolve: (value: unknown) => void }[] = [];
  const calls: unknown[][] = [];
  const bridge = {
    listPending: (payload: unknown) =>
      new Promise((resolve) => {
        lists.push({ payload, resolve });
      }),
    answer: async (payload: unknown) => {
      calls.push(['answer', payload]);
      return {
        ok: false,
        error: { code: 'already_resolved', message: 'request a is already answered', status: 409 },
      };
    },
    history: async (payload: unknown) => {
      calls.push(['history', payload]);
      return { ok: true, value: { requests: [] } };
    },
    cancel: async (payload: unknown) => {
      calls.push(['cancel', payload]);
      return { ok: true, value: { request: request('a') } };
    },
    onInboxEvent: (listener: (e: IpcInboxEvent) => void) => {
      inbox = listener;
      return () => (inbox = undefined);
    },
  } as unknown as HitlBridge;
  return {
    bridge,
    calls,
    emit: (e: IpcInboxEvent) => inbox?.(e),
    /** Answers the oldest unanswered listPending call with these pending requests. */
    release: (requests = [request('a')], seq = 5, total = requests.length) =>
      lists.shift()?.resolve({ ok: true, value: { requests, seq, total } }),
    fail: () =>
      lists.shift()?.resolve({ ok: false, error: { code: 'internal', message: 'x', status: 500 } }),
    lists,
    subscribed: () => !!inbox,
  };
}

describe('IpcInboxClient', () => {
  it('starts every subscriber with a snapshot, then only events newer than it (in order)', async () => {
    const { bridge, emit, release, subscribed } = fakeBridge();
    const client = new IpcInboxClient(bridge);
    const seen: InboxEvent[] = [];
    const off = client.subscribe((e) => seen.push(e));
    emit({ type: 'added', seq: 5, request: request('a') }); // already in the snapshot
    emit({ type: 'added', seq: 6, request: request('b') });
    release();
    await expect.poll(() => seen.length).toBe(2);
    emit({ type: 'answered', seq: 7, request: { ...request('b'), status: 'answered' } });
    expect(
      seen.map((e) =>
        e.type === 'snapshot' ? `snapshot@${e.seq}` : `${e.type}@${'seq' in e ? e.seq : ''}`,
      ),
    ).toEqual(['snapshot@5', 'added@6', 'answered@7']);
    off();
    expect(subscribed()).toBe(false);
  });

  it('with a page size: the top of the inbox order first, the whole list after it is painted, events held between', async () => {
    const { bridge, emit, release, lists } = fakeBridge();
    let paint: (() => void) | undefined;
    const client = new IpcInboxClient(bridge, { pageSize: 2, afterPaint: (fn) => (paint = fn) });
    const seen: InboxEvent[] = [];
    client.subscribe((e) => seen.push(e));
    expect(lists.map((l) => l.payload)).toEqual([{ limit: 2, order: 'urgent' }]);
    release([request('y'), request('z')], 9, 3);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toMatchObject({ type: 'snapshot', seq: 9, total: 3 });
    emit({ type: 'added', seq: 10, request: request('new') }); // held until the whole list is in
    expect(seen).toHaveLength(1);
    paint!();
    expect(lists.map((l) => l.payload)).toEqual([{}]);
    release([request('x'), request('y'), request('z')], 9);
    await expect.poll(() => seen.length).toBe(3);
    expect(
      seen.map((e) =>
        e.type === 'snapshot' ? `snapshot:${e.pending.map((r) => r.id).join('')}` : e.type,
      ),
    ).toEqual(['snapshot:yz', 'snapshot:xyz', 'added']);
  });

  it('asks again when the list cannot be had, instead of never showing the inbox', async () => {
    const { bridge, release, fail, lists } = fakeBridge();
    const client = new IpcInboxClient(bridge, { retryDelayMs: 10 });
    const seen: InboxEvent[] = [];
    const off = client.subscribe((e) => seen.push(e));
    fail();
    await expect.poll(() => lists.length).toBe(1);
    release();
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toMatchObject({ type: 'snapshot', seq: 5 });
    off();
  });

  it('turns an error envelope into an InboxClientError with code and status', async () => {
    const client = new IpcInboxClient(fakeBridge().bridge);
    const error = await client.answer('a', { text: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxClientError);
    expect(error).toMatchObject({
      code: 'already_resolved',
      status: 409,
      message: 'request a is already answered',
    });
  });

  it('sends only the fields given (the main process rejects unknown or undefined ones strictly)', async () => {
    const { bridge, calls } = fakeBridge();
    const client = new IpcInboxClient(bridge);
    await client.history();
    await client.history({ q: 'deploy' });
    await client.cancel('a');
    expect(calls).toEqual([
      ['history', {}],
      ['history', { q: 'deploy' }],
      ['cancel', { id: 'a' }],
    ]);
  });

  it('is always connected (the broker is in the same app)', () => {
    const states: string[] = [];
    new IpcInboxClient(fakeBridge().bridge).onConnectionChange((s) => states.push(s));
    expect(states).toEqual(['open']);
  });
});
