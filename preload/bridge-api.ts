import type { HitlBridge } from './ipc/bridge';
import type { IpcEventChannel, IpcInvokeChannel } from './ipc/channels';

/** The slice of ipcRenderer the preload uses (injected, so tests need no Electron). */
export interface IpcRendererLike {
  invoke(channel: string, payload?: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): void;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): void;
}

type CallName = { [K in keyof HitlBridge]: K extends `on${string}` ? never : K }[keyof HitlBridge];
type ListenName = Exclude<keyof HitlBridge, CallName>;

/** Which channel each bridge function calls. */
export const CALLS: Record<CallName, IpcInvokeChannel> = {
  listPending: 'inbox:list-pending',
  history: 'inbox:history',
  answer: 'inbox:answer',
  cancel: 'inbox:cancel',
  listFiles: 'inbox:list-files',
  agentMessages: 'inbox:agent-messages',
  info: 'inbox:info',
  listUnreadable: 'unreadable:list',
  dismissUnreadable: 'unreadable:dismiss',
  listRuns: 'runs:list',
  getRun: 'runs:get',
  listRules: 'rules:list',
  revokeRule: 'rules:revoke',
  getSettings: 'settings:get',
  updateSettings: 'settings:update',
  listBrokers: 'brokers:list',
  saveBroker: 'brokers:save',
  removeBroker: 'brokers:remove',
  openExternal: 'shell:open-external',
  hidePopover: 'popover:hide',
  openInWindow: 'window:open-request',
};

/** Which event channel each listener function follows. */
export const LISTENS: Record<ListenName, IpcEventChannel> = {
  onInboxEvent: 'inbox:event',
  onPopoverShowRequest: 'popover:show-request',
  onWindowShowRequest: 'window:show-request',
  onSettingsChanged: 'settings:changed',
  onRunUpdated: 'runs:updated',
  onUnreadableChanged: 'unreadable:changed',
};

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
