import type { HitlBridge } from '@contract/ipc/bridge';
import {
  IPC_EVENTS,
  IPC_INVOKE,
  type IpcEventChannel,
  type IpcInvokeChannel,
} from '@contract/ipc/channels';

/** The slice of ipcRenderer the preload uses (injected, so tests need no Electron). */
export interface IpcRendererLike {
  invoke(channel: string, payload?: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): void;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): void;
}

/** Which channel each bridge function calls (from the contract's one declaration). */
export const CALLS: Record<string, IpcInvokeChannel> = Object.fromEntries(
  Object.entries(IPC_INVOKE).map(([channel, { bridge }]) => [bridge, channel as IpcInvokeChannel]),
);

/** Which event channel each listener function follows. */
export const LISTENS: Record<string, IpcEventChannel> = Object.fromEntries(
  Object.entries(IPC_EVENTS).map(([channel, { bridge }]) => [bridge, channel as IpcEventChannel]),
);

/**
 * Builds `window.hitl`: one named function per channel. Calls pass exactly one payload argument;
 * listeners get only the payload (never the IpcRendererEvent, which would leak `sender`).
 */
export function createBridgeApi(ipc: IpcRendererLike): HitlBridge {
  const api: Record<string, unknown> = {};
  for (const [name, channel] of Object.entries(CALLS)) {
    api[name] = (payload?: unknown) => ipc.invoke(channel, payload);
  }
  for (const [name, channel] of Object.entries(LISTENS)) {
    api[name] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${name} needs a listener function`);
      const wrapped = (_event: unknown, payload: unknown) => listener(payload);
      ipc.on(channel, wrapped);
      return () => ipc.removeListener(channel, wrapped);
    };
  }
  return Object.freeze(api) as unknown as HitlBridge;
}
