/**
 * The one typed IPC contract between the desktop main process, the preload and the renderer
 * (after Electron Fiddle / Heroic: an interface keyed by channel name). Types only, plus the
 * channel-name lists the preload and main iterate over.
 */
import type {
  RunDetail,
  RunSummary,
  RunUpdated,
} from '../../main/adapters/tool-server-lite/run-schemas';
import type { AgentMessageView } from '../../main/broker/agent-message';
import type { ApprovalRuleView } from '../../main/broker/approval';
import type { AnswerInput, HitlRequest } from '../../main/broker/request';
import type { UnreadableItem } from '../../main/broker/unreadable';
import type { DesktopSettings, DesktopSettingsPatch } from './desktop-settings';

/** The remote brokers the operator added, as the settings view shows them. */
export interface RemoteBrokersView {
  brokers: { name: string; url: string; hasToken: boolean; tokenSaved: boolean }[];
  /** False where the OS offers no safeStorage: tokens are kept for this session only. */
  canSaveTokens: boolean;
}

/** What the broker says about itself (same shape as GET /api/info). */
export interface IpcBrokerInfo {
  version: string;
  dirs: string[];
  tokenRequired: boolean;
  url: string;
  /** Handshake dirs dropped because they were replaced or removed while watched. */
  dirProblems?: { dir: string; message: string; at: number }[];
}

/** Renderer → main calls (ipcRenderer.invoke / ipcMain.handle): payload in, result out. */
export interface IpcInvokeMap {
  /** The pending list, or with `limit` only its newest `limit` (oldest first); `total` counts all. */
  'inbox:list-pending': {
    payload: { limit?: number };
    result: { requests: HitlRequest[]; seq: number; total: number };
  };
  'inbox:history': { payload: { q?: string; limit?: number }; result: HitlRequest[] };
  'inbox:answer': { payload: { id: string; input: AnswerInput }; result: HitlRequest };
  'inbox:cancel': { payload: { id: string; reason?: string }; result: HitlRequest };
  'inbox:list-files': { payload: { id: string }; result: string[] };
  'inbox:agent-messages': { payload: { agentId: string }; result: AgentMessageView[] };
  'inbox:info': { payload: undefined; result: IpcBrokerInfo };
  /** The "could not read" items (what agents sent that the broker could not read). */
  'unreadable:list': { payload: undefined; result: UnreadableItem[] };
  'unreadable:dismiss': { payload: { id: string }; result: UnreadableItem[] };
  'runs:list': { payload: undefined; result: RunSummary[] };
  'runs:get': { payload: { id: string }; result: RunDetail };
  'rules:list': { payload: undefined; result: ApprovalRuleView[] };
  'rules:revoke': { payload: { id: string }; result: ApprovalRuleView };
  'settings:get': { payload: undefined; result: DesktopSettings };
  'settings:update': { payload: DesktopSettingsPatch; result: DesktopSettings };
  /** Remote brokers of the settings; tokens never come back to the renderer. */
  'brokers:list': { payload: undefined; result: RemoteBrokersView };
  'brokers:save': {
    payload: { name: string; url: string; token?: string };
    result: RemoteBrokersView;
  };
  'brokers:remove': { payload: { name: string }; result: RemoteBrokersView };
  'shell:open-external': { payload: { url: string }; result: null };
  'popover:hide': { payload: undefined; result: null };
  'window:open-request': { payload: { id: string | null }; result: null };
}

/** An inbox change pushed to every window (same shapes as the renderer's InboxEvent). */
export type IpcInboxEvent =
  | { type: 'snapshot'; seq: number; pending: HitlRequest[] }
  | {
      type: 'added' | 'updated' | 'answered' | 'cancelled' | 'expired';
      seq: number;
      request: HitlRequest;
    }
  | { type: 'agent_message'; agentId: string; message: AgentMessageView };

/** Main → renderer events (webContents.send / ipcRenderer.on). */
export interface IpcEventMap {
  'inbox:event': IpcInboxEvent;
  /** The popover should show this request (null: the oldest pending, or the empty state). */
  'popover:show-request': { id: string | null };
  /** The main window should select this request. */
  'window:show-request': { id: string };
  'settings:changed': DesktopSettings;
  /** An agent run changed (same shape as the SSE `run_updated` event). */
  'runs:updated': RunUpdated;
  /** The "could not read" list changed (the whole list, as the SSE `unreadable` event). */
  'unreadable:changed': { items: UnreadableItem[] };
}

export type IpcInvokeChannel = keyof IpcInvokeMap;
export type IpcEventChannel = keyof IpcEventMap;
export type IpcPayload<C extends IpcInvokeChannel> = IpcInvokeMap[C]['payload'];
export type IpcResult<C extends IpcInvokeChannel> = IpcInvokeMap[C]['result'];

/** Every invoke result travels in this envelope so the renderer keeps the error code and status. */
export type IpcEnvelope<T> =
  { ok: true; value: T } | { ok: false; error: { code: string; message: string; status: number } };

/** All invoke channels (main registers exactly these; a test checks both sides agree). */
export const IPC_INVOKE_CHANNELS = [
  'inbox:list-pending',
  'inbox:history',
  'inbox:answer',
  'inbox:cancel',
  'inbox:list-files',
  'inbox:agent-messages',
  'inbox:info',
  'unreadable:list',
  'unreadable:dismiss',
  'runs:list',
  'runs:get',
  'rules:list',
  'rules:revoke',
  'settings:get',
  'settings:update',
  'brokers:list',
  'brokers:save',
  'brokers:remove',
  'shell:open-external',
  'popover:hide',
  'window:open-request',
] as const satisfies readonly IpcInvokeChannel[];

export const IPC_EVENT_CHANNELS = [
  'inbox:event',
  'popover:show-request',
  'window:show-request',
  'settings:changed',
  'runs:updated',
  'unreadable:changed',
] as const satisfies readonly IpcEventChannel[];

/** The name the preload exposes its API under: `window.hitl`. */
export const BRIDGE_NAME = 'hitl';
