import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientOnFakeStreams, unreadableItem as item } from './fixtures';
import { UnreadableListeners } from '../../../renderer/src/client/unreadable-listeners';
import { waitFor } from '../../support/wait-for';

function heard(listeners: UnreadableListeners): string[][] {
  const lists: string[][] = [];
  listeners.add((items) => lists.push(items.map((i) => i.id)));
  return lists;
}

describe('UnreadableListeners', () => {
  it('drops a list older than one already passed on from the same broker run', async () => {
    const listeners = new UnreadableListeners();
    const lists = heard(listeners);
    await listeners.receive({ items: [item('a')], epoch: 'run-1', revision: 4 });
    // A GET reply the server made before that change, arriving after its event.
    await listeners.receive({ items: [], epoch: 'run-1', revision: 3 });
    await listeners.receive(JSON.stringify({ items: [], epoch: 'run-1', revision: 5 }));
    expect(lists).toEqual([['a'], []]);
  });

  it('takes any list from a new broker run, and lists without a revision in arrival order', async () => {
    const listeners = new UnreadableListeners();
    const lists = heard(listeners);
    await listeners.receive({ items: [item('a')], epoch: 'run-1', revision: 9 });
    await listeners.receive({ items: [item('b')], epoch: 'run-2', revision: 1 });
    await listeners.receive({ items: [] });
    await listeners.receive({ items: [item('c')] });
    expect(lists).toEqual([['a'], ['b'], [], ['c']]);
  });

  it('tells a late listener the newest list at once', async () => {
    const listeners = new UnreadableListeners();
    await listeners.receive({ items: [item('a')], epoch: 'run-1', revision: 2 });
    await listeners.receive({ items: [], epoch: 'run-1', revision: 1 });
    expect(heard(listeners)).toEqual([['a']]);
  });
});

describe('HttpInboxClient "could not read" list', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps an item whose event arrived before the older GET /api/unreadable reply', async () => {
    let answerGet: (body: unknown) => void = () => undefined;
    const fetchImpl = ((url: string) =>
      url.endsWith('/api/unreadable')
        ? new Promise<Response>((resolve) => {
            answerGet = (body) => resolve(Response.json(body));
          })
        : Promise.resolve(Response.json({}))) as typeof fetch;
    const received = vi.spyOn(UnreadableListeners.prototype, 'receive');
    const { client, streams } = clientOnFakeStreams(fetchImpl);
    client.subscribe(() => undefined);
    const lists: string[][] = [];
    client.subscribeUnreadable((items) => lists.push(items.map((i) => i.id)));
    // The server answered the GET (nothing unreadable yet), then a bad file arrived and its
    // event overtook the reply.
    streams[0]!.emit('unreadable', { items: [item('bad')], epoch: 'run-1', revision: 1 });
    await waitFor(() => lists.length === 1, 'the event passed on');
    const stale = { items: [], epoch: 'run-1', revision: 0 };
    answerGet(stale);
    // The client has handed the reply to its listeners, and they are done with it.
    const call = await waitFor(
      () => received.mock.calls.findIndex(([data]) => (data as typeof stale).revision === 0) + 1,
      'the GET reply received',
    );
    await received.mock.results[call - 1]!.value;
    expect(lists).toEqual([['bad']]);
  });
});
