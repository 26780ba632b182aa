import type { IpcEnvelope, IpcEventMap, IpcInvokeMap } from './channels';

type Call<C extends keyof IpcInvokeMap> = IpcInvokeMap[C]['payload'] extends undefined
  ? () => Promise<IpcEnvelope<IpcInvokeMap[C]['result']>>
  : (payload: IpcInvokeMap[C]['payload']) => Promise<IpcEnvelope<IpcInvokeMap[C]['result']>>;

type Listen<C extends keyof IpcEventMap> = (
  listener: (payload: IpcEventMap[C]) => void,
) => () => void;

/**
 * What the preload exposes as `window.hitl`: one named function per channel, nothing raw
 * (no ipcRenderer, no generic send). Listener functions return their unsubscribe.
 */
export interface HitlBridge {
  listPending: Call<'inbox:list-pending'>;
  history: Call<'inbox:history'>;
  answer: Call<'inbox:answer'>;
  cancel: Call<'inbox:cancel'>;
  listFiles: Call<'inbox:list-files'>;
  agentMessages: Call<'inbox:agent-messages'>;
  info: Call<'inbox:info'>;
  listUnreadable: Call<'unreadable:list'>;
  dismissUnreadable: Call<'unreadable:dismiss'>;
  listRuns: Call<'runs:list'>;
  getRun: Call<'runs:get'>;
  listRules: Call<'rules:list'>;
  revokeRule: Call<'rules:revoke'>;
  getSettings: Call<'settings:get'>;
  updateSettings: Call<'settings:update'>;
  listBrokers: Call<'brokers:list'>;
  saveBroker: Call<'brokers:save'>;
  removeBroker: Call<'brokers:remove'>;
  openExternal: Call<'shell:open-external'>;
  hidePopover: Call<'popover:hide'>;
  openInWindow: Call<'window:open-request'>;
  onInboxEvent: Listen<'inbox:event'>;
  onPopoverShowRequest: Listen<'popover:show-request'>;
  onWindowShowRequest: Listen<'window:show-request'>;
  onSettingsChanged: Listen<'settings:changed'>;
  onRunUpdated: Listen<'runs:updated'>;
  onUnreadableChanged: Listen<'unreadable:changed'>;
}
