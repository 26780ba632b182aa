import { z } from 'zod';
import { AgentIdSchema } from '../agent-id';
import type { AgentMessageView } from '../agent-message';
import type {
  AgentMessageList,
  FileList,
  PendingList,
  RequestList,
  RequestResult,
  RuleList,
  RuleResult,
  RunList,
} from '../inbox-results';
import { DesktopSettingsPatchSchema, type DesktopSettings } from '../desktop-settings';
import { HISTORY_MAX_LIMIT, HISTORY_QUERY_MAX } from '../history-search';
import { AnswerInputSchema, type HitlRequest } from '../request';
import { SORT_ORDERS } from '../request-order';
import type { PairingLink, PhoneSessionList } from '../phone-pairing';
import type { RunDetail, RunUpdated } from '../run-schemas';
import type { UnreadableList } from '../unreadable';

/** A type carried by a declaration (results and pushed events are built by main, not parsed). */
export interface Carries<T> {
  readonly __type?: T;
}
const carries = <T>(): Carries<T> => ({});

/** What the broker says about itself (same shape as GET /api/info). */
export interface IpcBrokerInfo {
  version: string;
  dirs: string[];
  tokenRequired: boolean;
  url: string;
  /** Handshake dirs dropped because they were replaced or removed while watched. */
  dirProblems?: { dir: string; message: string; at: number }[];
}

/** The remote brokers the operator added, as the settings view shows them. */
export interface RemoteBrokersView {
  brokers: {
    name: string;
    url: string;
    hasToken: boolean;
    tokenSaved: boolean;
    /** Whether its stream is up now (absent before the app has tried). */
    connected?: boolean;
    /** Named on the command line or in the environment for this run: not saved, not removable here. */
    fromLaunch?: boolean;
  }[];
  /** False where the OS offers no safeStorage: tokens are kept for this session only. */
  canSaveTokens: boolean;
}

/** An inbox change pushed to every window (same shapes as the renderer's InboxEvent). */
export type IpcInboxEvent =
  | { type: 'snapshot'; seq: number; pending: HitlRequest[] }
  | {
      type: 'added' | 'updated' | 'answered' | 'cancelled' | 'expired';
      /** The own broker's event number; absent on a remote broker's event (its own numbering). */
      seq?: number;
      request: HitlRequest;
    }
  | { type: 'agent_message'; agentId: string; message: AgentMessageView };

const Id = z.string().min(1).max(200);
const Nothing = z.undefined();

/**
 * Every renderer → main call, declared ONCE: its `window.hitl` function name, the zod schema main
 * checks the payload with (the payload type is derived from it) and the result type. The preload
 * bridge, the main router's validation and the TypeScript types all follow from this table. An
 * inbox operation's result is its one shape (contract/inbox-results.ts), as its HTTP route's.
 */
export const IPC_INVOKE = {
  'inbox:list-pending': {
    bridge: 'listPending',
    payload: z
      .object({
        limit: z.number().int().min(1).max(100_000).optional(),
        /** With `limit`: the top of the list in this order (default: the newest, oldest first). */
        order: z.enum(SORT_ORDERS).optional(),
      })
      .strict(),
    result: carries<PendingList>(),
  },
  'inbox:history': {
    bridge: 'history',
    payload: z
      .object({
        q: z.string().max(HISTORY_QUERY_MAX).optional(),
        limit: z.number().int().min(1).max(HISTORY_MAX_LIMIT).optional(),
      })
      .strict(),
    result: carries<RequestList>(),
  },
  /** One request by id (pending, or resolved while the broker remembers it). */
  'inbox:get': {
    bridge: 'getRequest',
    payload: z.object({ id: Id }).strict(),
    result: carries<RequestResult>(),
  },
  'inbox:answer': {
    bridge: 'answer',
    payload: z.object({ id: Id, input: AnswerInputSchema }).strict(),
    result: carries<RequestResult>(),
  },
  'inbox:cancel': {
    bridge: 'cancel',
    payload: z.object({ id: Id, reason: z.string().max(10_000).optional() }).strict(),
    result: carries<RequestResult>(),
  },
  /** The files a file_pick request offers (at most 5,000; `truncated` when there were more). */
  'inbox:list-files': {
    bridge: 'listFiles',
    payload: z.object({ id: Id }).strict(),
    result: carries<FileList>(),
  },
  'inbox:agent-messages': {
    bridge: 'agentMessages',
    /** `limit`: the last so many (as `GET /api/agents/{id}/messages?limit=`). */
    payload: z
      .object({ agentId: AgentIdSchema, limit: z.number().int().min(1).max(1000).optional() })
      .strict(),
    result: carries<AgentMessageList>(),
  },
  'inbox:info': { bridge: 'info', payload: Nothing, result: carries<IpcBrokerInfo>() },
  /** The "could not read" items (what agents sent that the broker could not read). */
  'unreadable:list': {
    bridge: 'listUnreadable',
    payload: Nothing,
    result: carries<UnreadableList>(),
  },
  'unreadable:dismiss': {
    bridge: 'dismissUnreadable',
    payload: z.object({ id: z.string().min(1).max(10_000) }).strict(),
    result: carries<UnreadableList>(),
  },
  'runs:list': { bridge: 'listRuns', payload: Nothing, result: carries<RunList>() },
  'runs:get': {
    bridge: 'getRun',
    payload: z.object({ id: Id }).strict(),
    result: carries<RunDetail>(),
  },
  'rules:list': { bridge: 'listRules', payload: Nothing, result: carries<RuleList>() },
  'rules:revoke': {
    bridge: 'revokeRule',
    payload: z.object({ id: Id }).strict(),
    result: carries<RuleResult>(),
  },
  'settings:get': { bridge: 'getSettings', payload: Nothing, result: carries<DesktopSettings>() },
  'settings:update': {
    bridge: 'updateSettings',
    payload: DesktopSettingsPatchSchema,
    result: carries<DesktopSettings>(),
  },
  'shell:open-external': {
    bridge: 'openExternal',
    payload: z.object({ url: z.string().min(1).max(8192) }).strict(),
    result: carries<null>(),
  },
  /** Remote brokers of the settings; tokens go in (kept with safeStorage) and never come back. */
  'brokers:list': { bridge: 'listBrokers', payload: Nothing, result: carries<RemoteBrokersView>() },
  'brokers:save': {
    bridge: 'saveBroker',
    payload: z
      .object({
        name: z.string().min(1).max(40),
        url: z.string().min(1).max(2048),
        token: z.string().max(4096).optional(),
      })
      .strict(),
    result: carries<RemoteBrokersView>(),
  },
  'brokers:remove': {
    bridge: 'removeBroker',
    payload: z.object({ name: z.string().min(1).max(40) }).strict(),
    result: carries<RemoteBrokersView>(),
  },
  /** Pairing a phone with the own broker: a one-time link's QR code, the paired phones, Revoke. */
  'phone:pairing-link': {
    bridge: 'createPairingLink',
    payload: Nothing,
    result: carries<PairingLink>(),
  },
  'phone:sessions': {
    bridge: 'listPhoneSessions',
    payload: Nothing,
    result: carries<PhoneSessionList>(),
  },
  'phone:revoke': {
    bridge: 'revokePhoneSession',
    payload: z.object({ id: z.string().min(1).max(64) }).strict(),
    result: carries<PhoneSessionList>(),
  },
  'popover:hide': { bridge: 'hidePopover', payload: Nothing, result: carries<null>() },
  'window:open-request': {
    bridge: 'openInWindow',
    payload: z.object({ id: Id.nullable() }).strict(),
    result: carries<null>(),
  },
} as const;

/** Every main → renderer event, declared ONCE: its `window.hitl` listener name and payload type. */
export const IPC_EVENTS = {
  'inbox:event': { bridge: 'onInboxEvent', payload: carries<IpcInboxEvent>() },
  /** The popover should show this request (null: the oldest pending, or the empty state). */
  'popover:show-request': {
    bridge: 'onPopoverShowRequest',
    payload: carries<{ id: string | null }>(),
  },
  /** The main window should select this request. */
  'window:show-request': { bridge: 'onWindowShowRequest', payload: carries<{ id: string }>() },
  'settings:changed': { bridge: 'onSettingsChanged', payload: carries<DesktopSettings>() },
  /** A remote broker was added, removed, connected or disconnected. */
  'brokers:changed': { bridge: 'onBrokersChanged', payload: carries<RemoteBrokersView>() },
  /** An agent run changed (same shape as the SSE `run_updated` event). */
  'runs:updated': { bridge: 'onRunUpdated', payload: carries<RunUpdated>() },
  /** The "could not read" list changed (the whole list, as the SSE `unreadable` event). */
  'unreadable:changed': {
    bridge: 'onUnreadableChanged',
    payload: carries<UnreadableList>(),
  },
} as const;
