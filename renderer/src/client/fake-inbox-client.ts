import type { ApprovalRuleView } from '@contract/approval';
import type { RunDetail, RunSummary, RunUpdated } from '@contract/run-schemas';
import type { AgentMessageView } from '@contract/agent-message';
import { formatAnswerText } from '@contract/answer-text';
import { searchHistory } from '@contract/history-search';
import type { AnswerInput, HitlRequest, NewRequest } from '@contract/request';
import {
  InboxClientError,
  type BrokerInfo,
  type ConnectionState,
  type HistoryQuery,
  type InboxClient,
  type InboxEvent,
} from './inbox-client';
import { mergeRunUpdate } from './run-merge';
import { RunListeners } from './run-listeners';
import type { UnreadableItem } from '@contract/unreadable';

/** A request the fake opens: the broker's NewRequest with the fields the fake fills in optional. */
export type FakeRequestInput = Omit<NewRequest, 'source'> & { source?: HitlRequest['source'] };

/**
 * An in-memory InboxClient: the whole broker state machine in miniature (first resolution wins,
 * every listener hears every event). Used by component tests and the dev preview (`?preview`).
 */
export class FakeInboxClient implements InboxClient {
  private readonly pending = new Map<string, HitlRequest>();
  private readonly resolved: HitlRequest[] = [];
  private readonly messages = new Map<string, AgentMessageView[]>();
  private readonly files = new Map<string, string[]>();
  private readonly runs = new Map<string, RunDetail>();
  /** Remembered rules; tests and the preview put some in. */
  readonly rules: ApprovalRuleView[] = [];
  private readonly runListeners = new RunListeners();
  private unreadable: UnreadableItem[] = [];
  private readonly unreadableListeners = new Set<(items: UnreadableItem[]) => void>();
  private readonly listeners = new Set<(event: InboxEvent) => void>();
  private readonly connectionListeners = new Set<(state: ConnectionState) => void>();
  private state: ConnectionState = 'open';
  private seq = 0;
  private nextId = 1;
  /** Every answer the UI sent, in order (tests assert on these). */
  readonly sentAnswers: { id: string; input: AnswerInput }[] = [];

  constructor(
    private readonly now: () => number = Date.now,
    private readonly brokerInfo?: Partial<BrokerInfo>,
  ) {}

  /** Opens a pending request, as an agent would. */
  add(input: FakeRequestInput): HitlRequest {
    const request: HitlRequest = {
      ...input,
      source: input.source ?? 'clarity-http',
      id: input.id ?? `req-${this.nextId++}`,
      createdAt: input.createdAt ?? this.now(),
      input: (input.input as HitlRequest['input'] | undefined) ?? { kind: 'text' },
      status: 'pending',
    } as HitlRequest;
    this.pending.set(request.id, request);
    this.emit({ type: 'added', seq: ++this.seq, request });
    return request;
  }

  /** Resolves a request as another client (terminal, agent) would. */
  resolveElsewhere(
    id: string,
    how: 'answered' | 'cancelled' | 'expired' = 'answered',
    text = 'done',
  ): HitlRequest {
    const request = this.take(id);
    const done: HitlRequest = {
      ...request,
      status: how,
      resolvedAt: this.now(),
      resolvedBy: how === 'expired' ? 'timeout' : 'cli',
      ...(how === 'answered' ? { answer: { text } } : {}),
    };
    return this.finish(done, how);
  }

  /** Adds a HAPI message to an agent's context. */
  postAgentMessage(agentId: string, message: Omit<AgentMessageView, 'at'> & { at?: number }): void {
    const view: AgentMessageView = { ...message, at: message.at ?? this.now() };
    this.messages.set(agentId, [...(this.messages.get(agentId) ?? []), view]);
    this.emit({ type: 'agent_message', agentId, message: view });
  }

  /** Reports a run change, as `clarity-hitl run` would: the run as it is now and its new entries. */
  updateRun(update: RunUpdated): void {
    const kept = this.runs.get(update.run.id);
    this.runs.delete(update.run.id); // re-insert: most recently started last
    this.runs.set(update.run.id, mergeRunUpdate(kept, update));
    this.runListeners.emit(update);
  }

  setFiles(id: string, files: string[]): void {
    this.files.set(id, files);
  }

  setConnection(state: ConnectionState): void {
    this.state = state;
    for (const listener of [...this.connectionListeners]) listener(state);
  }

  async listPending(): Promise<{ requests: HitlRequest[]; seq: number }> {
    return { requests: [...this.pending.values()], seq: this.seq };
  }

  async history(query: HistoryQuery = {}): Promise<HitlRequest[]> {
    return searchHistory(this.resolved, query.q, query.limit ?? 200);
  }

  async answer(id: string, input: AnswerInput): Promise<HitlRequest> {
    const request = this.take(id);
    if (input.text === undefined && input.value === undefined) {
      throw new InboxClientError('an answer needs `text` or `value`', 'invalid', 400);
    }
    this.sentAnswers.push({ id, input });
    const text = input.text ?? formatAnswerText(input.value!, request.input);
    return this.finish(
      {
        ...request,
        status: 'answered',
        answer: input.value ? { text, value: input.value } : { text },
        resolvedAt: this.now(),
        resolvedBy: 'ui',
      },
      'answered',
    );
  }

  async cancel(id: string, reason?: string): Promise<HitlRequest> {
    const request = this.take(id);
    return this.finish(
      {
        ...request,
        status: 'cancelled',
        resolvedAt: this.now(),
        resolvedBy: 'ui',
        ...(reason ? { cancelReason: reason } : {}),
      },
      'cancelled',
    );
  }

  async listFiles(id: string): Promise<string[]> {
    return this.files.get(id) ?? [];
  }

  async agentMessages(agentId: string): Promise<AgentMessageView[]> {
    return this.messages.get(agentId) ?? [];
  }

  async info(): Promise<BrokerInfo> {
    return {
      version: 'preview',
      dirs: ['.clarity-hitl'],
      tokenRequired: false,
      url: 'http://127.0.0.1:7842',
      ...this.brokerInfo,
    };
  }

  async listRuns(): Promise<RunSummary[]> {
    return [...this.runs.values()].map((r) => r.run).sort((a, b) => b.startedAt - a.startedAt);
  }

  async getRun(id: string): Promise<RunDetail> {
    const run = this.runs.get(id);
    if (!run) throw new InboxClientError(`no run with id ${id}`, 'not_found', 404);
    return { run: run.run, entries: [...run.entries] };
  }

  async listRules(): Promise<ApprovalRuleView[]> {
    return [...this.rules];
  }

  async revokeRule(id: string): Promise<ApprovalRuleView> {
    const index = this.rules.findIndex((r) => r.id === id);
    if (index < 0) throw new InboxClientError(`no rule ${id}`, 'not_found', 404);
    return this.rules.splice(index, 1)[0]!;
  }

  subscribeRuns(listener: (update: RunUpdated) => void): () => void {
    return this.runListeners.add(listener);
  }

  /** Shows a "could not read" item (replacing one with the same id), as the broker would. */
  addUnreadable(item: UnreadableItem): void {
    this.setUnreadable([...this.unreadable.filter((i) => i.id !== item.id), item]);
  }

  async listUnreadable(): Promise<UnreadableItem[]> {
    return [...this.unreadable];
  }

  async dismissUnreadable(id: string): Promise<UnreadableItem[]> {
    if (!this.unreadable.some((i) => i.id === id))
      throw new InboxClientError(`no "could not read" item ${id}`, 'not_found', 404);
    this.setUnreadable(this.unreadable.filter((i) => i.id !== id));
    return [...this.unreadable];
  }

  subscribeUnreadable(listener: (items: UnreadableItem[]) => void): () => void {
    this.unreadableListeners.add(listener);
    listener([...this.unreadable]);
    return () => this.unreadableListeners.delete(listener);
  }

  subscribe(listener: (event: InboxEvent) => void): () => void {
    this.listeners.add(listener);
    listener({ type: 'snapshot', seq: this.seq, pending: [...this.pending.values()] });
    return () => this.listeners.delete(listener);
  }

  onConnectionChange(listener: (state: ConnectionState) => void): () => void {
    this.connectionListeners.add(listener);
    listener(this.state);
    return () => this.connectionListeners.delete(listener);
  }

  private setUnreadable(items: UnreadableItem[]): void {
    this.unreadable = items;
    for (const listener of [...this.unreadableListeners]) listener([...items]);
  }

  private take(id: string): HitlRequest {
    const request = this.pending.get(id);
    if (request) return request;
    if (this.resolved.some((r) => r.id === id))
      throw new InboxClientError(`request ${id} is already resolved`, 'already_resolved', 409);
    throw new InboxClientError(`no request with id ${id}`, 'not_found', 404);
  }

  private finish(done: HitlRequest, type: 'answered' | 'cancelled' | 'expired'): HitlRequest {
    this.pending.delete(done.id);
    this.resolved.push(done);
    this.emit({ type, seq: ++this.seq, request: done });
    return done;
  }

  private emit(event: InboxEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
