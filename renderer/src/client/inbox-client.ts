import type { RunDetail, RunSummary, RunUpdated } from '@contract/run-schemas';
import type { AgentMessageView } from '@contract/agent-message';
import type { ApprovalRuleView } from '@contract/approval';
import type { AnswerInput, HitlRequest } from '@contract/request';
import type { UnreadableItem } from '@contract/unreadable';

/** What the broker says about itself (GET /api/info). */
export interface BrokerInfo {
  version: string;
  /** Handshake directories being watched (may be empty). */
  dirs: string[];
  tokenRequired: boolean;
  /** The broker's base URL, e.g. http://127.0.0.1:7842 (used in the empty-state instructions). */
  url: string;
  /**
   * Handshake dirs no longer watched because they were replaced or removed while watched (a
   * symlink swapped in, the directory deleted), oldest first; the operator must act on them.
   */
  dirProblems?: DirProblemView[];
}

/** A handshake dir the broker stopped using, and why. */
export interface DirProblemView {
  dir: string;
  message: string;
  /** When it was noticed (epoch ms). */
  at: number;
}

/** Everything that can change the inbox, in the order the broker emitted it. */
export type InboxEvent =
  | {
      type: 'snapshot';
      seq: number;
      pending: HitlRequest[];
      /**
       * How many are pending in all, when `pending` is only the newest page of them (a paged
       * snapshot); the full snapshot follows, with no other event in between.
       */
      total?: number;
    }
  | {
      type: 'added' | 'updated' | 'answered' | 'cancelled' | 'expired';
      seq?: number;
      request: HitlRequest;
    }
  | { type: 'agent_message'; agentId: string; message: AgentMessageView };

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface HistoryQuery {
  /** Searches key, prompt, answer, agent and cancel reason. */
  q?: string;
  limit?: number;
}

/** A failed client call, carrying the broker's `{ error, message }` when there was one. */
export class InboxClientError extends Error {
  constructor(
    message: string,
    /** The broker's error code (e.g. `already_resolved`), or `network`. */
    readonly code: string,
    /** HTTP-like status: 404 unknown, 409 already resolved, 0 when the broker was unreachable. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'InboxClientError';
  }
}

/**
 * The one door between the UI and a broker. The browser uses HTTP + SSE
 * (http-inbox-client.ts), the desktop app IPC; tests and the dev preview an in-memory fake.
 * The UI never knows which.
 */
export interface InboxClient {
  /** Pending requests (oldest first) and the event seq they are current at. */
  listPending(): Promise<{ requests: HitlRequest[]; seq: number }>;
  /** Resolved requests, newest first. */
  history(query?: HistoryQuery): Promise<HitlRequest[]>;
  answer(id: string, input: AnswerInput): Promise<HitlRequest>;
  cancel(id: string, reason?: string): Promise<HitlRequest>;
  /** Files a file-pick request may answer with, relative to its root. */
  listFiles(id: string): Promise<string[]>;
  /** The agent's recent HAPI messages, oldest first. */
  agentMessages(agentId: string): Promise<AgentMessageView[]>;
  info(): Promise<BrokerInfo>;
  /** Agent runs reported by `clarity-hitl run`, newest first. */
  listRuns(): Promise<RunSummary[]>;
  /** One run with its kept entries, oldest first. */
  getRun(id: string): Promise<RunDetail>;
  /** Coding agents' remembered "always allow" rules, oldest first. */
  listRules(): Promise<ApprovalRuleView[]>;
  /** Removes a rule; matching requests are asked again. */
  revokeRule(id: string): Promise<ApprovalRuleView>;
  /**
   * Live run changes (`run_updated`). Over HTTP they share the inbox's stream, so they arrive
   * while `subscribe` has a listener (the app always has one). Returns unsubscribe.
   */
  subscribeRuns(listener: (update: RunUpdated) => void): () => void;
  /** The "could not read" items: what agents sent that the broker could not read. */
  listUnreadable(): Promise<UnreadableItem[]>;
  /** Dismisses one; resolves with the list left. */
  dismissUnreadable(id: string): Promise<UnreadableItem[]>;
  /**
   * The "could not read" list, told to `listener` once known and again after every change (each
   * time the whole list). Returns unsubscribe.
   */
  subscribeUnreadable(listener: (items: UnreadableItem[]) => void): () => void;
  /**
   * Live events. The first event of a subscription is always a `snapshot` (the UI relies on it
   * and does not call listPending), and after a reconnect whenever the client could not resume
   * exactly; listeners replace their pending set with it. Returns unsubscribe.
   */
  subscribe(listener: (event: InboxEvent) => void): () => void;
  /** Connection state changes; called at once with the current state. Returns unsubscribe. */
  onConnectionChange(listener: (state: ConnectionState) => void): () => void;
}
