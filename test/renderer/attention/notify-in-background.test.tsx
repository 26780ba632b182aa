// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HitlRequest, InputSpec } from '@contract/request';
import { useAttention } from '../../../renderer/src/attention/use-attention';
import { initialInboxState, type InboxState } from '../../../renderer/src/state/inbox-state';

/** A stand-in for the browser's Notification: permission granted, every one shown recorded. */
class RecordingNotification {
  static permission: NotificationPermission = 'granted';
  static shown: string[] = [];
  onclick: (() => void) | null = null;
  constructor(title: string) {
    RecordingNotification.shown.push(title);
  }
  close(): void {}
}

const NOTICES: Record<string, InputSpec> = {
  finished: { kind: 'notice', session: 'finished' },
  failed: { kind: 'notice', session: 'failed' },
  waiting: { kind: 'notice' },
};

/** A confirm, or a coding session's notice when `id` starts with finished/failed/waiting. */
const request = (id: string): HitlRequest => ({
  id,
  source: 'cueme',
  key: id,
  prompt: 'Go on?',
  input: NOTICES[id.split('-')[0]!] ?? { kind: 'confirm' },
  createdAt: Date.now(),
  status: 'pending',
  agent: { id: `agent-${id}` },
});

const withPending = (ids: string[]): InboxState => ({
  ...initialInboxState,
  loaded: true,
  pending: new Map(ids.map((id) => [id, request(id)])),
});

let focused = true;
let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  RecordingNotification.shown = [];
  focused = true;
  visibility = 'visible';
  vi.stubGlobal('Notification', RecordingNotification);
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  localStorage.setItem('hitl.attention.v1', JSON.stringify({ notify: true, sound: false }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('browser notifications', () => {
  it('none while the tab is visible and focused; one for each arrival while hidden or unfocused', async () => {
    const { rerender } = renderHook(
      ({ state }) => useAttention(state, state.pending.size, () => {}),
      {
        initialProps: { state: withPending([]) },
      },
    );
    act(() => rerender({ state: withPending(['a']) }));
    focused = false;
    act(() => rerender({ state: withPending(['a', 'b']) }));
    // Announced in arrival order: had 'a' been notified, it would come first.
    await vi.waitFor(() => expect(RecordingNotification.shown).toEqual(['agent-b']));
    focused = true;
    visibility = 'hidden';
    act(() => rerender({ state: withPending(['a', 'b', 'c']) }));
    await vi.waitFor(() => expect(RecordingNotification.shown).toEqual(['agent-b', 'agent-c']));
  });

  it('which events notify: questions always; finished, failed and waiting sessions as chosen', async () => {
    localStorage.setItem(
      'hitl.attention.v1',
      JSON.stringify({ notify: true, events: { finished: false, failed: true, waiting: false } }),
    );
    visibility = 'hidden';
    const { result, rerender } = renderHook(
      ({ state }) => useAttention(state, state.pending.size, () => {}),
      { initialProps: { state: withPending([]) } },
    );
    expect(result.current.events).toEqual({ finished: false, failed: true, waiting: false });
    const ids = ['finished-1', 'waiting-1', 'failed-1', 'q-1'];
    for (let n = 1; n <= ids.length; n += 1)
      act(() => rerender({ state: withPending(ids.slice(0, n)) }));
    await vi.waitFor(() =>
      expect(RecordingNotification.shown).toEqual(['agent-failed-1', 'agent-q-1']),
    );
    act(() => result.current.setEvents({ finished: true, failed: false, waiting: true }));
    expect(JSON.parse(localStorage.getItem('hitl.attention.v1')!).events).toEqual({
      finished: true,
      failed: false,
      waiting: true,
    });
    const more = [...ids, 'finished-2', 'failed-2', 'waiting-2', 'q-2'];
    for (let n = ids.length + 1; n <= more.length; n += 1)
      act(() => rerender({ state: withPending(more.slice(0, n)) }));
    await vi.waitFor(() =>
      expect(RecordingNotification.shown).toEqual([
        'agent-failed-1',
        'agent-q-1',
        'agent-finished-2',
        'agent-waiting-2',
        'agent-q-2',
      ]),
    );
  });

  it('every event notifies when nothing was chosen (or the stored choice is unreadable)', () => {
    localStorage.setItem('hitl.attention.v1', JSON.stringify({ notify: true, events: 'all' }));
    const { result } = renderHook(() => useAttention(withPending([]), 0, () => {}));
    expect(result.current.events).toEqual({ finished: true, failed: true, waiting: true });
  });
});
