import { checkPickedFile } from '../adapters/file-pick/check-picked-file';
import { listFiles } from '../adapters/file-pick/list-files';
import { RuleNotFoundError, type RuleStore } from '../adapters/coding-agents/rule-store';
import { RunNotFoundError, type RunStore } from '../adapters/tool-server-lite/run-store';
import type { Broker } from '../broker/broker';
import { InvalidInputError, NotFoundError } from '../broker/errors';
import type { SortOrder } from '@contract/request-order';
import { firstPage } from '../broker/first-page';
import type { AgentMessageView } from '@contract/agent-message';
import type { ApprovalRuleView } from '@contract/approval';
import { searchHistory, HISTORY_DEFAULT_LIMIT } from '@contract/history-search';
import type { AnswerInput, HitlRequest, Surface } from '@contract/request';
import type { RunDetail, RunSummary } from '@contract/run-schemas';
import type { UnreadableItem } from '@contract/unreadable';
import { toPublicRequest } from './public-request';

/** Who acts through the operations: the surface, and the operator's name in team mode. */
export interface OperatorAct {
  via: Surface;
  operator?: string;
}

/** Most files one file_pick listing returns (then `truncated` is true). */
export const FILES_LIST_MAX = 5000;

export interface InboxOperationsDeps {
  broker: Broker;
  /** Resolved requests, oldest first (the persisted history). */
  history: () => HitlRequest[];
  /** Recent HAPI messages of one agent. */
  agentMessages: (agentId: string) => AgentMessageView[];
  /** Agent runs (`clarity-hitl run`); none when absent. */
  runs?: Pick<RunStore, 'list' | 'get'>;
  /** Coding-agent "always allow" rules; none when absent. */
  rules?: Pick<RuleStore, 'list' | 'revoke'>;
}

/**
 * The operator's inbox operations, once for every transport: the HTTP routes and the desktop IPC
 * handlers both call these, so each behaviour and limit exists in one place. Errors are
 * BrokerErrors (not_found, invalid, already_resolved) each transport maps to its own status.
 */
export interface InboxOperations {
  /**
   * The pending list; with `limit`, only its first page (without `order` the newest, oldest
   * first; with one the top of the list in that order, see firstPage); `total` counts all.
   */
  listPending(
    limit?: number,
    order?: SortOrder,
  ): { requests: HitlRequest[]; seq: number; total: number };
  /** One request by id (pending or resolved while the broker remembers it). */
  get(id: string): HitlRequest;
  /**
   * Answers as the operator; a picked file is checked against the request's root first. In team
   * mode the shared store decides the winner; `who` names the surface and, in team mode, the
   * operator (from their token). Only transports that verified the operator's authority call it.
   */
  answer(id: string, input: AnswerInput, who: OperatorAct): Promise<HitlRequest>;
  cancel(id: string, reason: string | undefined, who: OperatorAct): Promise<HitlRequest>;
  history(q?: string, limit?: number): HitlRequest[];
  /** Files a file_pick request offers, at most {@link FILES_LIST_MAX}. */
  listFiles(id: string): Promise<{ files: string[]; truncated: boolean }>;
  agentMessages(agentId: string): AgentMessageView[];
  listRuns(): RunSummary[];
  getRun(id: string): RunDetail;
  listRules(): ApprovalRuleView[];
  /** Revokes a rule; the audit log says through which surface (and by whom, in team mode). */
  revokeRule(id: string, who: OperatorAct): ApprovalRuleView;
  listUnreadable(): UnreadableItem[];
  /** Dismisses one "could not read" item; the list left. */
  dismissUnreadable(id: string): UnreadableItem[];
}

/** Builds the inbox operations over a broker and its stores (no Electron, no Fastify). */
export function createInboxOperations(deps: InboxOperationsDeps): InboxOperations {
  const { broker } = deps;
  const find = (id: string): HitlRequest => {
    const request = broker.get(id);
    if (!request) throw new NotFoundError(`with id ${id}`);
    return request;
  };
  return {
    listPending(limit, order) {
      const all = broker.pending();
      const requests = limit === undefined ? all : firstPage(all, limit, order);
      return { requests: requests.map(toPublicRequest), seq: broker.lastSeq, total: all.length };
    },
    get: (id) => toPublicRequest(find(id)),
    async answer(id, input, who) {
      const request = find(id);
      const checked = await checkPickedFile(request, input);
      const by = who.via === 'cli' ? 'cli' : 'ui';
      return toPublicRequest(
        await broker.answerShared(request.id, checked, by, { ...who, authority: 'operator' }),
      );
    },
    async cancel(id, reason, who) {
      const target = find(id).id;
      const by = who.via === 'cli' ? 'cli' : 'ui';
      return toPublicRequest(
        await broker.cancelShared(target, { reason, by, ...who, authority: 'operator' }),
      );
    },
    history: (q, limit = HISTORY_DEFAULT_LIMIT) =>
      searchHistory(deps.history(), q, limit).map(toPublicRequest),
    async listFiles(id) {
      const request = find(id);
      if (request.input.kind !== 'file') {
        throw new InvalidInputError(
          `request ${request.key} does not ask for a file (input.kind is ${request.input.kind})`,
        );
      }
      const { files, truncated } = await listFiles(request.input.root, request.input.pattern, {
        max: FILES_LIST_MAX,
      });
      return { files, truncated };
    },
    agentMessages: (agentId) => deps.agentMessages(agentId),
    listRuns: () => deps.runs?.list() ?? [],
    getRun(id) {
      if (!deps.runs) throw new RunNotFoundError(id);
      return deps.runs.get(id);
    },
    listRules: () => deps.rules?.list() ?? [],
    revokeRule(id, who) {
      if (!deps.rules) throw new RuleNotFoundError(id);
      return deps.rules.revoke(id, who.operator ? `${who.operator} (${who.via})` : who.via);
    },
    listUnreadable: () => broker.unreadable.list(),
    dismissUnreadable(id) {
      if (!broker.unreadable.dismiss(id)) throw new NotFoundError(`"could not read" item ${id}`);
      return broker.unreadable.list();
    },
  };
}
