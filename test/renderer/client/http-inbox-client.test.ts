import { describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait-for';
import type { ConnectionState, InboxEvent } from '../../../renderer/src/client/inbox-client';
import { clientOnFakeStreams, fakeFetch, pendingRequest } from './fixtures';

const req = (id: string) => pendingRequest(id);

function setup(responses: Record<string, { status: number; body: unknown }> = {}) {
  const { fetchImpl, calls } = fakeFetch(responses);
  const { client, streams } = clientOnFakeStreams(fetchImpl, { retryDelayMs: 10 });
  return { client, streams, calls };
}

describe('HttpInboxClient', () => {
  it('maps SSE events to InboxEvents, validating them and dropping malformed ones', async () => {
    const { client, streams } = setup();
    const events: InboxEvent[] = [];
    const states: ConnectionState[] = [];
    client.onConnectionChange((s) => states.push(s));
    const off = client.subscribe((e) => events.push(e));
    const s = streams[0]!;
    expect(s.url).toBe('http://broker/events');
    s.open();
    s.emit('snapshot', { seq: 3, pending: [req('a')] }, '3');
    s.emit('new_question', { type: 'new_question', id: 'b', key: 'b', request: req('b') }, '4');
    s.emit(
      'answered',
      { request: { ...req('a'), status: 'answered', answer: { text: 'x' } } },
      '5',
    );
    s.emit('new_question', { request: { id: 'broken' } }, '6');
    s.emit('new_question', 'not json', '7');
    s.emit('agent_message', {
      agentId: 'ag',
      message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }], at: 1 },
    });
    // Checked with zod, which loads lazily: the events come through in arrival order.
    await waitFor(() => events.length === 4, 'events.length === 4');
    expect(events.map((e) => e.type)).toEqual(['snapshot', 'added', 'answered', 'agent_message']);
    expect(events[1]).toMatchObject({ seq: 4 });
    expect(states).toEqual(['closed', 'connecting', 'open']);
    off();
    expect(s.closed).toBe(true);
    expect(states.at(-1)).toBe('closed');
  });

  it('shows reconnecting while the browser retries, and reopens a stream the browser gave up on', async () => {
    const { client, streams } = setup();
    const states: ConnectionState[] = [];
    client.onConnectionChange((s) => states.push(s));
    const events: InboxEvent[] = [];
    client.subscribe((e) => events.push(e));
    streams[0]!.open();
    streams[0]!.fail(0); // CONNECTING: EventSource retries by itself with Last-Event-ID
    expect(states.at(-1)).toBe('reconnecting');
    expect(streams).toHaveLength(1);
    streams[0]!.fail(2); // CLOSED: it gave up; we open a new stream after the delay
    await waitFor(() => streams.length === 2, 'streams.length === 2');
    expect(streams[0]!.closed).toBe(true);
    streams[1]!.open();
    streams[1]!.emit('snapshot', { seq: 9, pending: [] }, '9'); // the fresh stream re-syncs
    await waitFor(() => events.length > 0, 'events.length > 0');
    expect(states.at(-1)).toBe('open');
    expect(events.at(-1)).toEqual({ type: 'snapshot', seq: 9, pending: [] });
  });

  it('a second subscriber gets its own snapshot from the pending list', async () => {
    const { client, streams } = setup({
      'GET http://broker/api/requests': { status: 200, body: { requests: [req('a')], seq: 4 } },
    });
    client.subscribe(() => undefined);
    streams[0]!.open();
    const second: InboxEvent[] = [];
    client.subscribe((e) => second.push(e));
    await waitFor(() => second.length === 1, 'second.length === 1');
    expect(second[0]).toMatchObject({ type: 'snapshot', seq: 4, pending: [{ id: 'a' }] });
    expect(streams).toHaveLength(1);
  });
});
