// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HitlRequest } from '@contract/request';
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

const request = (id: string): HitlRequest => ({
  id,
  source: 'cueme',
  key: id,
  prompt: 'Go on?',
  input: { kind: 'confirm' },
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
  it('none while the tab is visible and focused; one for each arrival while hidden or unfocused', () => {
    const { rerender } = renderHook(
      ({ state }) => useAttention(state, state.pending.size, () => {}),
      {
        initialProps: { state: withPending([]) },
      },
    );
    act(() => rerender({ state: withPending(['a']) }));
    expect(RecordingNotification.shown).toEqual([]);
    focused = false;
    act(() => rerender({ state: withPending(['a', 'b']) }));
    expect(RecordingNotification.shown).toEqual(['agent-b']);
    focused = true;
    visibility = 'hidden';
    act(() => rerender({ state: withPending(['a', 'b', 'c']) }));
    expect(RecordingNotification.shown).toEqual(['agent-b', 'agent-c']);
  });
});
