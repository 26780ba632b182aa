import type { AgentMessage, AgentMessageView } from '@contract/agent-message';

export interface AgentMessageStoreOptions {
  /** Messages kept per agent; older ones are dropped (default 200). */
  perAgent?: number;
  /** Agents kept; the one least recently written is forgotten first (default 500). */
  maxAgents?: number;
  now?: () => number;
}

/** The recent HAPI messages of each agent, in memory and bounded on both axes. */
export class AgentMessageStore {
  private readonly byAgent = new Map<string, AgentMessageView[]>();
  private readonly perAgent: number;
  private readonly maxAgents: number;
  private readonly now: () => number;
  private readonly listeners = new Set<(agentId: string, message: AgentMessageView) => void>();

  constructor(options: AgentMessageStoreOptions = {}) {
    this.perAgent = options.perAgent ?? 200;
    this.maxAgents = options.maxAgents ?? 500;
    this.now = options.now ?? Date.now;
  }

  /** Stores a message for `agentId` and returns it as the UI sees it (with `at`). */
  append(agentId: string, message: AgentMessage): AgentMessageView {
    const view: AgentMessageView = { ...message, at: this.now() };
    const list = this.byAgent.get(agentId) ?? [];
    this.byAgent.delete(agentId); // re-insert: most recently written last
    list.push(view);
    if (list.length > this.perAgent) list.splice(0, list.length - this.perAgent);
    this.byAgent.set(agentId, list);
    if (this.byAgent.size > this.maxAgents) this.byAgent.delete(this.byAgent.keys().next().value!);
    for (const listener of [...this.listeners]) listener(agentId, view);
    return view;
  }

  /** The agent's kept messages, oldest first (the newest `limit` when given). */
  list(agentId: string, limit?: number): AgentMessageView[] {
    const list = this.byAgent.get(agentId) ?? [];
    return limit !== undefined && limit < list.length ? list.slice(list.length - limit) : [...list];
  }

  /** Hears every appended message (SSE clients, desktop windows); returns the unsubscribe function. */
  onAppend(listener: (agentId: string, message: AgentMessageView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get agentCount(): number {
    return this.byAgent.size;
  }
}
