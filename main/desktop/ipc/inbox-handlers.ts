import type { IpcBrokerInfo } from '@contract/ipc/channels';
import type { HitlRequest } from '@contract/request';
import type { InboxOperations } from '../../operations/inbox-operations';
import { InvalidInputError } from '../../broker/errors';
import type { SettingsStore } from '../settings/settings-store';
import type { RemoteBrokerStore } from '../settings/remote-broker-store';
import type { RemoteInboxes } from '../attach/remote-inboxes';
import { registerPhoneIpc, type PhoneIpcDeps } from './phone-handlers';
import { registerRemoteBrokerIpc } from './remote-broker-handlers';
import { isSafeExternalUrl } from '../security/external-links';
import type { IpcRouter } from './ipc-router';

export interface DesktopIpcDeps {
  /** The service's inbox operations: the same object its HTTP /api routes call. */
  operations: InboxOperations;
  info: () => IpcBrokerInfo;
  settings: SettingsStore;
  /** The remote brokers of the settings (tokens encrypted with safeStorage). */
  remoteBrokers?: RemoteBrokerStore;
  /** Who answers from this app (team mode: recorded with each answer and cancel); none solo. */
  operatorName?: string;
  /** Pairing phones with the own broker (absent while attached to another broker). */
  phone?: PhoneIpcDeps;
  /** The remote brokers followed in the inbox: their requests listed, answered and cancelled here. */
  remotes?: RemoteInboxes;
  /** shell.openExternal; only ever called with a checked http(s) URL. */
  openExternal: (url: string) => void;
  hidePopover: () => void;
  openInWindow: (id: string | null) => void;
}

/**
 * Registers every IPC channel: the inbox ones call the service's inbox operations (main/operations),
 * the same object the HTTP /api routes call, and resolve with the same shape; the rest are
 * desktop-only.
 */
export function registerDesktopIpc(router: IpcRouter, deps: DesktopIpcDeps): void {
  const ops = deps.operations;
  const remotes = deps.remotes;
  // The desktop app's own renderer is the operator (IpcRouter checks the sending frame).
  const who = { via: 'desktop' as const, operator: deps.operatorName };
  router.handle('inbox:list-pending', ({ limit, order }) =>
    withRemote(ops.listPending(limit, order), remotes),
  );
  router.handle('inbox:history', ({ q, limit }) => ops.history(q, limit));
  router.handle('inbox:get', ({ id }) => ops.get(id));
  router.handle('inbox:answer', ({ id, input }) =>
    remotes?.owns(id)
      ? remotes.answer(id, input).then((request) => ({ request }))
      : ops.answer(id, input, who),
  );
  router.handle('inbox:cancel', ({ id, reason }) =>
    remotes?.owns(id)
      ? remotes.cancel(id, reason).then((request) => ({ request }))
      : ops.cancel(id, reason, who),
  );
  router.handle('inbox:list-files', ({ id }) => ops.listFiles(id));
  router.handle('inbox:agent-messages', ({ agentId, limit }) => ops.agentMessages(agentId, limit));
  router.handle('inbox:info', () => deps.info());
  router.handle('unreadable:list', () => ops.listUnreadable());
  router.handle('unreadable:dismiss', ({ id }) => ops.dismissUnreadable(id));
  router.handle('runs:list', () => ops.listRuns());
  router.handle('runs:get', ({ id }) => ops.getRun(id));
  router.handle('rules:list', () => ops.listRules());
  router.handle('rules:revoke', ({ id }) => ops.revokeRule(id, who));
  router.handle('settings:get', () => deps.settings.get());
  router.handle('settings:update', (patch) => deps.settings.update(patch));
  if (deps.remoteBrokers) registerRemoteBrokerIpc(router, deps.remoteBrokers, remotes);
  if (deps.phone) registerPhoneIpc(router, deps.phone);
  router.handle('shell:open-external', ({ url }) => {
    if (!isSafeExternalUrl(url))
      throw new InvalidInputError(`invalid url: only http(s) links open in the browser`);
    deps.openExternal(url);
    return null;
  });
  router.handle('popover:hide', () => {
    deps.hidePopover();
    return null;
  });
  router.handle('window:open-request', ({ id }) => {
    deps.openInWindow(id);
    return null;
  });
}

/** The own broker's pending list with the remote brokers' requests added (all of them). */
function withRemote<T extends { requests: HitlRequest[]; total: number }>(
  own: T,
  remotes: RemoteInboxes | undefined,
): T {
  const remote = remotes?.pending() ?? [];
  if (remote.length === 0) return own;
  return { ...own, requests: [...own.requests, ...remote], total: own.total + remote.length };
}
