import { describe, expect, it } from 'vitest';
import { CALLS, LISTENS, createBridgeApi, type IpcRendererLike } from '../../preload/bridge-api';
import { IPC_EVENT_CHANNELS, IPC_INVOKE_CHANNELS } from '@contract/ipc/channels';

function fakeIpcRenderer() {
  const invoked: { channel: string; payload: unknown }[] = [];
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const ipc: IpcRendererLike = {
    invoke: async (channel, payload) => {
      invoked.push({ channel, payload });
      return { ok: true, value: null };
    },
    on: (channel, listener) => {
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener));
    },
    removeListener: (channel, listener) => {
      listeners.get(channel)?.delete(listener);
    },
  };
  const emit = (channel: string, payload: unknown) => {
    for (const l of listeners.get(channel) ?? []) l({ sender: 'SECRET' }, payload);
  };
  return { ipc, invoked, emit, listeners };
}

describe('preload bridge', () => {
  it('has one named function per channel and covers every channel exactly once', () => {
    expect(Object.values(CALLS).sort()).toEqual([...IPC_INVOKE_CHANNELS].sort());
    expect(Object.values(LISTENS).sort()).toEqual([...IPC_EVENT_CHANNELS].sort());
    const api = createBridgeApi(fakeIpcRenderer().ipc);
    expect(Object.keys(api).sort()).toEqual(
      [...Object.keys(CALLS), ...Object.keys(LISTENS)].sort(),
    );
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('exposes nothing raw: no invoke/send/on taking a channel name', () => {
    const api = createBridgeApi(fakeIpcRenderer().ipc) as unknown as Record<string, unknown>;
    for (const raw of ['invoke', 'send', 'sendSync', 'on', 'ipcRenderer', 'postMessage'])
      expect(api[raw]).toBeUndefined();
  });

  it('calls pass the one payload to their channel', async () => {
    const { ipc, invoked } = fakeIpcRenderer();
    const api = createBridgeApi(ipc);
    await api.answer({ id: 'r1', input: { text: 'yes' } });
    await api.listPending({ limit: 200 });
    await api.info();
    expect(invoked).toEqual([
      { channel: 'inbox:answer', payload: { id: 'r1', input: { text: 'yes' } } },
      { channel: 'inbox:list-pending', payload: { limit: 200 } },
      { channel: 'inbox:info', payload: undefined },
    ]);
  });

  it('listeners get only the payload (never the event and its sender) and can unsubscribe', () => {
    const { ipc, emit, listeners } = fakeIpcRenderer();
    const api = createBridgeApi(ipc);
    const seen: unknown[][] = [];
    const off = api.onPopoverShowRequest((...args: unknown[]) => seen.push(args));
    emit('popover:show-request', { id: 'r2' });
    off();
    emit('popover:show-request', { id: 'r3' });
    expect(seen).toEqual([[{ id: 'r2' }]]);
    expect(listeners.get('popover:show-request')?.size).toBe(0);
  });
});
