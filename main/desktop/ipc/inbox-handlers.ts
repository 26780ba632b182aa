import { checkPickedFile } from '../../adapters/file-pick/check-picked-file';
import type { IpcBrokerInfo } from '../../../preload/ipc/channels';
import { listFiles } from '../../adapters/file-pick/list-files';
import { RunNotFoundError, type RunStore } from '../../adapters/tool-server-lite/run-store';
import { RuleNotFoundError, type RuleStore } from '../../adapters/coding-agents/rule-store';
import type { AgentMessageView } from '../../broker/agent-message';
import type { Broker } from '../../broker/broker';
import { InvalidInputError, NotFoundError } from '../../broker/errors';
import { newestRequests } from '../../broker/newest-requests';
import type { HitlRequest } from '../../broker/request';
import { toPublicRequest } from '../../http/views';
import type { SettingsStore } from '../settings/settings-store';
import type { RemoteBrokerStore } from '../settings/remote-broker-store';
import { registerRemoteBrokerIpc } from './remote-broker-handlers';
import { isSafeExternalUrl } from '../security/external-links';
import type { IpcRouter } from './ipc-router';

export interface DesktopIpcDeps {
  broker: Broker;
  /** Resolved requests, oldest first (the persisted history). */
  history: () => HitlRequest[];
  agentMessages: (agentId: string) => AgentMessageView[];
  info: () => IpcBrokerInfo;
  /** Agent runs (`clarity-hitl run`); none when absent. */
  runs?: Pick<RunStore, 'list' | 'get'>;
  /** Coding-agent "always allow" rules; none when absent. */
  rules?: Pick<RuleStore, 'list' | 'revoke'>;
  settings: SettingsStore;
  /** The remote brokers of the settings (tokens encrypted with safeStorage). */
  remoteBrokers?: RemoteBrokerStore;
  /** shell.openExternal; only ever called with a checked http(s) URL. */
  openExternal: (url: string) => void;
  hidePopover: () => void;
  openInWindow: (id: string | null) => void;
}

/** Default and largest history page. */
const HISTORY_LIMIT = 500;

/** Registers every IPC channel (the same operations as the HTTP /api routes, plus desktop ones). */
export function registerDesktopIpc(router: IpcRouter, deps: DesktopIpcDeps): void {
  const { broker } = deps;
  const requireRequest = (id: string): HitlRequest => {
    const request = broker.get(id);
    if (!request) throw new NotFoundError(`with id ${id}`);
    return request;
  };

  router.handle('inbox:list-pending', ({ limit }) => {
    const all = broker.pending();
    const requests = limit === undefined ? all : newestRequests(all, limit);
    return { requests: requests.map(toPublicRequest), seq: broker.lastSeq, total: all.length };
  });
  router.handle('inbox:history', ({ q, limit }) =>
    searchHistory(deps.history(), q, limit ?? HISTORY_LIMIT).map(toPublicRequest),
  );
  router.handle('inbox:answer', async ({ id, input }) => {
    const request = requireRequest(id);
    return toPublicRequest(broker.answer(request.id, await checkPickedFile(request, input), 'ui'));
  });
  router.handle('inbox:cancel', ({ id, reason }) =>
    toPublicRequest(broker.cancel(requireRequest(id).id, { reason, by: 'ui' })),
  );
  router.handle('inbox:list-files', async ({ id }) => {
    const request = requireRequest(id);
    if (request.input.kind !== 'file') {
      throw new InvalidInputError(
        `request ${request.key} does not ask for a file (input.kind is ${request.input.kind})`,
      );
    }
    return (await listFiles(request.input.root, request.input.pattern)).files;
  });
  router.handle('inbox:agent-messages', ({ agentId }) => deps.agentMessages(agentId));
  router.handle('inbox:info', () => deps.info());
  router.handle('unreadable:list', () => broker.unreadable.list());
  router.handle('unreadable:dismiss', ({ id }) => {
    if (!broker.unreadable.dismiss(id)) throw new NotFoundError(`"could not read" item ${id}`);
    return broker.unreadable.list();
  });
  router.handle('runs:list', () => deps.runs?.list() ?? []);
  router.handle('runs:get', ({ id }) => {
    if (!deps.runs) throw new RunNotFoundError(id);
    return deps.runs.get(id);
  });
  router.handle('rules:list', () => deps.rules?.list() ?? []);
  router.handle('rules:revoke', ({ id }) => {
    if (!deps.rules) throw new RuleNotFoundError(id);
    return deps.rules.revoke(id);
  });
  router.handle('settings:get', () => deps.settings.get());
  router.handle('settings:update', (patch) => deps.settings.update(patch));
  if (deps.remoteBrokers) registerRemoteBrokerIpc(router, deps.remoteBrokers);
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

/** Resolved requests newest first, filtered by a case-insensitive search of key, prompt, answer and agent. */
export function searchHistory(
  all: HitlRequest[],
  q: string | undefined,
  limit: number,
): HitlRequest[] {
  const needle = q?.trim().toLowerCase();
  const out: HitlRequest[] = [];
  for (let i = all.length - 1; i >= 0 && out.length < limit; i -= 1) {
    const item = all[i]!;
    const fields = [
      item.key,
      item.prompt,
      item.title,
      item.answer?.text,
      item.agent?.id,
      item.agent?.name,
    ];
    if (!needle || fields.some((f) => f?.toLowerCase().includes(needle))) out.push(item);
  }
  return out;
}
