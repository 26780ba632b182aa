import { checkPickedFile } from '../adapters/file-pick/check-picked-file';
import { listFiles } from '../adapters/file-pick/list-files';
import { RuleNotFoundError, type RuleStore } from '../adapters/coding-agents/rule-store';
import { RunNotFoundError, type RunStore } from '../adapters/tool-server-lite/run-store';
import type { Broker } from '../broker/broker';
import { InvalidInputError, NotFoundError } from '../broker/errors';
import type { SortOrder } from '@contract/request-order';
import { firstPage } from '../broker/first-page';
import type { AgentMessageView } from '@contract/agent-message';
import type {
  AgentMessageList,
  FileList,
  PendingList,
  RequestList,
  RequestResult,
  RuleList,
  RuleResult,
  RunList,
} from '@contract/inbox-results';
import { searchHistory, HISTORY_DEFAULT_LIMIT } from '@contract/history-search';
import type { AnswerInput, HitlRequest, Surface } from '@contract/request';
import type { RunDetail } from '@contract/run-schemas';
import type { UnreadableList } from '@contract/unreadable';
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
  /** Recent HAPI messages of one agent (the last `limit`, default the store's own). */
  agentMessages: (agentId: string, limit?: number) => AgentMessageView[];
  /** Agent runs (`clarity-hitl run`); none when absent. */
  runs?: Pick<RunStore, 'list' | 'get'>;
  /** Coding-agent "always allow" rules; none when absent. */
  rules?: Pick<RuleStore, 'list' | 'revoke'>;
}

/**
 * The operator's inbox operations, built ONCE by the service and handed to every transport: the
 * HTTP routes and the desktop IPC handlers both call these and send what they return as it is, so
 * each behaviour, limit and result shape (contract/inbox-results.ts) exists in one place. Errors
 * are BrokerErrors (not_found, invalid, already_resolved) each transport maps to its own status.
 */
export interface InboxOperations {
  /**
   * The pending list; with `limit`, only its first page (without `order` the newest, oldest
   * first; with one the top of the list in that order, see firstPage); `total` counts all.
   */
  listPending(limit?: number, order?: SortOrder): PendingList;
  /** One request by id (pending or resolved while the broker remembers it). */
  get(id: string): RequestResult;
  /**
   * Answers as the operator; a picked file is checked against the request's root first. In team
   * mode the shared store decides the winner; `who` names the surface and, in team mode, the
   * operator (from their token). Only transports that verified the operator's authority call it.
   */
  answer(id: string, input: AnswerInput, who: OperatorAct): Promise<RequestResult>;
  cancel(id: string, reason: string | undefined, who: OperatorAct): Promise<RequestResult>;
  /** Resolved requests, newest first, optionally searched (contract/history-search.ts). */
  history(q?: string, limit?: number): RequestList;
  /** Answered requests whose answer has not reached the agent yet, each with its `delivery`. */
  listUndelivered(): RequestList;
  /** Files a file_pick request offers, at most {@link FILES_LIST_MAX}. */
  listFiles(id: string): Promise<FileList>;
  /** An agent's recent HAPI messages (the last `limit`, default the store's own). */
  agentMessages(agentId: string, limit?: number): AgentMessageList;
  listRuns(): RunList;
  getRun(id: string): RunDetail;
  listRules(): RuleList;
  /** Revokes a rule; the audit log says through which surface (and by whom, in team mode). */
  revokeRule(id: string, who: OperatorAct): RuleResult;
  /** The "could not read" list with its epoch and revision (what the SSE event carries too). */
  listUnreadable(): UnreadableList;
  /** Dismisses one "could not read" item; the list left. */
  dismissUnreadable(id: string): UnreadableList;
}

/** Builds the inbox operations over a broker and its stores (no Electron, no Fastify). */
export function createInboxOperations(deps: InboxOperationsDeps): InboxOperations {
  const { broker } = deps;
  const find = (id: string): HitlRequest => {
    const request = broker.get(id);
    if (!request) throw new NotFoundError(`with id ${id}`);
    return request;
  };
  const ui = (who: OperatorAct) => (who.via === 'cli' ? ('cli' as const) : ('ui' as const));
  return {
    listPending(limit, order) {
      const all = broker.pending();
      const requests = limit === undefined ? all : firstPage(all, limit, order);
      return { requests: requests.map(toPublicRequest), seq: broker.lastSeq, total: all.length };
    },
    get: (id) => ({ request: toPublicRequest(find(id)) }),
    async answer(id, input, who) {
      const request = find(id);
      const checked = await checkPickedFile(request, input);
      const act = { ...who, authority: 'operator' as const };
      const answered = await broker.answerShared(request.id, checked, ui(who), act);
      return { request: toPublicRequest(answered) };
    },
    async cancel(id, reason, who) {
      const target = find(id).id;
      const act = { reason, by: ui(who), ...who, authority: 'operator' as const };
      return { request: toPublicRequest(await broker.cancelShared(target, act)) };
    },
    history: (q, limit = HISTORY_DEFAULT_LIMIT) => ({
      requests: searchHistory(deps.history(), q, limit).map(toPublicRequest),
    }),
    listUndelivered: () => ({ requests: broker.deliveries.undelivered().map(toPublicRequest) }),
    listFiles: (id) => filesOf(find(id)),
    agentMessages: (agentId, limit) => ({ messages: deps.agentMessages(agentId, limit) }),
    listRuns: () => ({ runs: deps.runs?.list() ?? [] }),
    getRun(id) {
      if (!deps.runs) throw new RunNotFoundError(id);
      return deps.runs.get(id);
    },
    listRules: () => ({ rules: deps.rules?.list() ?? [] }),
    revokeRule(id, who) {
      if (!deps.rules) throw new RuleNotFoundError(id);
      const by = who.operator ? `${who.operator} (${who.via})` : who.via;
      return { rule: deps.rules.revoke(id, by) };
    },
    listUnreadable: () => broker.unreadable.snapshot(),
    dismissUnreadable(id) {
      if (!broker.unreadable.dismiss(id)) throw new NotFoundError(`"could not read" item ${id}`);
      return broker.unreadable.snapshot();
    },
  };
}

/** The files a file_pick request offers (at most {@link FILES_LIST_MAX}). */
async function filesOf(request: HitlRequest): Promise<FileList> {
  if (request.input.kind !== 'file') {
    throw new InvalidInputError(
      `request ${request.key} does not ask for a file (input.kind is ${request.input.kind})`,
    );
  }
  const { root, pattern } = request.input;
  const { files, truncated } = await listFiles(root, pattern, { max: FILES_LIST_MAX });
  return { files, truncated };
}
