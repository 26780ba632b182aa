import { describe, expect, it } from 'vitest';
import { NewRequestTracker } from '../../../renderer/src/attention/new-requests';
import { notificationBody, notificationTitle } from '../../../renderer/src/attention/announce';
import { inboxReducer, initialInboxState } from '../../../renderer/src/state/inbox-state';
import { pendingRequest } from '../client/fixtures';

describe('NewRequestTracker', () => {
  it('nothing is new on the first whole list; arrivals after it are', () => {
    const tracker = new NewRequestTracker();
    let state = inboxReducer(initialInboxState, {
      type: 'snapshot',
      seq: 1,
      pending: [pendingRequest('a')],
      total: 3,
    });
    expect(tracker.next(state)).toEqual([]); // a first page: wait for the rest
    state = inboxReducer(state, {
      type: 'snapshot',
      seq: 1,
      pending: [pendingRequest('a'), pendingRequest('b'), pendingRequest('c')],
    });
    expect(tracker.next(state)).toEqual([]);
    state = inboxReducer(state, { type: 'added', seq: 2, request: pendingRequest('d') });
    expect(tracker.next(state).map((r) => r.id)).toEqual(['d']);
    expect(tracker.next(state)).toEqual([]);
  });

  it('a request a restarted broker re-read under a new id is not new', () => {
    const tracker = new NewRequestTracker();
    let state = inboxReducer(initialInboxState, {
      type: 'snapshot',
      seq: 5,
      pending: [pendingRequest('a', { key: 'deploy' })],
    });
    tracker.next(state);
    state = inboxReducer(state, {
      type: 'snapshot',
      seq: 1,
      pending: [pendingRequest('a2', { key: 'deploy' }), pendingRequest('fresh')],
    });
    expect(tracker.next(state).map((r) => r.id)).toEqual(['fresh']);
  });
});

describe('notification words', () => {
  it('title: the agent, else the protocol; body: the first line of the question', () => {
    const request = pendingRequest('r', {
      agent: { id: 'agent-7', name: 'release-bot' },
      prompt: '\n## Deploy **v2** to `prod`?\n\nMore detail here.',
    });
    expect(notificationTitle(request)).toBe('release-bot');
    expect(notificationTitle(pendingRequest('r', { agent: { id: 'agent-7' } }))).toBe('agent-7');
    expect(notificationTitle(pendingRequest('r'))).toBe('clarity-http');
    expect(notificationBody(request, 'New question')).toBe('Deploy v2 to prod?');
    expect(notificationBody(pendingRequest('r', { prompt: '' }), 'New question')).toBe('r');
    expect(notificationBody(pendingRequest('r', { prompt: 'x'.repeat(300) }), '')).toHaveLength(
      200,
    );
  });
});
