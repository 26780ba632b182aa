import type { RunUpdated } from '@contract/run-schemas';
import type { AnswerInput, HitlRequest } from '@contract/request';
import type { UnreadableItem } from '@contract/unreadable';
import {
  InboxClientError,
  type ConnectionState,
  type HistoryQuery,
  type InboxClient,
  type InboxEvent,
} from './inbox-client';

/** One broker of the merged inbox: a name the operator knows it by, and its own client. */
export interface BrokerEntry {
  /** Shown as the "where" label of its requests; unique, no `/`. */
  name: string;
  client: InboxClient;
}

/** Where a request of the merged inbox lives (`request.meta.where`). */
export function whereOf(request: HitlRequest): string | undefined {
  const where = request.meta?.where;
  return typeof where === 'string' ? where : undefined;
}

/** True when the broker the request lives on cannot be reached now (it stays listed meanwhile). */
export function whereDisconnected(request: HitlRequest): boolean {
  return request.meta?.whereDisconnected === true;
}

const SEP = '/';

/**
 * One InboxClient over several brokers (the local one and remote ones): ids made unique as
 * `<name>/<id>`, every request labelled with where it lives (`meta.where`), calls routed to the
 * broker the id names. A broker that goes away keeps its last requests on show (no false "no longer
 * pending") while its own client reconnects; its next snapshot replaces them.
 */
export class MultiBrokerClient implements InboxClient {
  private readonly byName = new Map<string, BrokerEntry>();
  private readonly pendingOf = new Map<string, HitlRequest[]>();
  private readonly states = new Map<string, ConnectionState>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private readonly brokerStateListeners = new Set<(states: Map<string, ConnectionState>) => void>();

  constructor(private readonly entries: BrokerEntry[]) {
    if (entries.length === 0) throw new Error('MultiBrokerClient needs at least one broker');
    for (const entry of entries) {
      if (entry.name.includes(SEP) || this.byName.has(entry.name))
        throw new Error(`broker name ${JSON.stringify(entry.name)} must be unique and without "/"`);
      this.byName.set(entry.name, entry);
      this.states.set(entry.name, 'connecting');
    }
  }

  /** Each broker's connection state (the settings view and the "where" labels show them). */
  brokerStates(): ReadonlyMap<string, ConnectionState> {
    return this.states;
  }

  /** Per-broker state changes; called at once. Returns unsubscribe. */
  onBrokerStatesChange(listener: (states: Map<string, ConnectionState>) => void): () => void {
    this.brokerStateListeners.add(listener);
    listener(new Map(this.states));
    return () => this.brokerStateListeners.delete(listener);
  }

  async listPending(): Promise<{ requests: HitlRequest[]; seq: number }> {
    const lists = await Promise.all(
      this.entries.map(async (e) => {
        try {
          return (await e.client.listPending()).requests.map((r) => label(e.name, r));
        } catch {
          return this.pendingOf.get(e.name) ?? [];
        }
      }),
    );
    return { requests: byCreated(lists.flat()), seq: 0 };
  }

  async history(query?: HistoryQuery): Promise<HitlRequest[]> {
    const lists = await Promise.allSettled(this.entries.map((e) => e.client.history(query)));
    const merged = lists.flatMap((result, i) =>
      result.status === 'fulfilled' ? result.value.map((r) => label(this.entries[i]!.name, r)) : [],
    );
    merged.sort((a, b) => (b.resolvedAt ?? b.createdAt) - (a.resolvedAt ?? a.createdAt));
    return query?.limit ? merged.slice(0, query.limit) : merged;
  }

  async answer(id: string, input: AnswerInput): Promise<HitlRequest> {
    const [entry, own] = this.route(id);
    return label(entry.name, await entry.client.answer(own, input));
  }

  async cancel(id: string, reason?: string): Promise<HitlRequest> {
    const [entry, own] = this.route(id);
    return label(entry.name, await entry.client.cancel(own, reason));
  }

  listFiles(id: string): Promise<string[]> {
    const [entry, own] = this.route(id);
    return entry.client.listFiles(own);
  }

  agentMessages(agentId: string) {
    return this.primary.agentMessages(agentId);
  }

  info() {
    return this.primary.info();
  }

  listRuns() {
    return this.primary.listRuns();
  }

  getRun(id: string) {
    return this.primary.getRun(id);
  }

  listRules() {
    return this.primary.listRules();
  }

  revokeRule(id: string) {
    return this.primary.revokeRule(id);
  }

  subscribeRuns(listener: (update: RunUpdated) => void): () => void {
    return this.primary.subscribeRuns(listener);
  }

  listUnreadable(): Promise<UnreadableItem[]> {
    return this.primary.listUnreadable();
  }

  dismissUnreadable(id: string): Promise<UnreadableItem[]> {
    return this.primary.dismissUnreadable(id);
  }

  subscribeUnreadable(listener: (items: UnreadableItem[]) => void): () => void {
    return this.primary.subscribeUnreadable(listener);
  }

  /** Every broker's events, relabelled; any broker's snapshot becomes a merged snapshot. */
  subscribe(listener: (event: InboxEvent) => void): () => void {
    let seq = 0;
    const offs = this.entries.map(({ name, client }) =>
      client.subscribe((event) => {
        if (event.type === 'agent_message') return listener(event);
        if (event.type === 'snapshot') {
          // A paged snapshot of one broker: its full one follows, so wait for that.
          if (event.total !== undefined && event.total > event.pending.length) return;
          this.pendingOf.set(
            name,
            event.pending.map((r) => label(name, r)),
          );
          return listener({ type: 'snapshot', seq: ++seq, pending: this.allPending() });
        }
        const request = label(name, event.request);
        const rest = (this.pendingOf.get(name) ?? []).filter((r) => r.id !== request.id);
        this.pendingOf.set(name, request.status === 'pending' ? [...rest, request] : rest);
        listener({ type: event.type, seq: ++seq, request });
      }),
    );
    const stateOffs = this.entries.map(({ name, client }) =>
      client.onConnectionChange((state) => this.setState(name, state)),
    );
    return () => {
      for (const off of [...offs, ...stateOffs]) off();
    };
  }

  onConnectionChange(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    listener(this.overall());
    return () => this.stateListeners.delete(listener);
  }

  private get primary(): InboxClient {
    return this.entries[0]!.client;
  }

  private allPending(): HitlRequest[] {
    return byCreated([...this.pendingOf.values()].flat());
  }

  private route(id: string): [BrokerEntry, string] {
    const at = id.indexOf(SEP);
    const entry = at > 0 ? this.byName.get(id.slice(0, at)) : undefined;
    if (!entry) throw new InboxClientError(`no broker holds request ${id}`, 'not_found', 404);
    return [entry, id.slice(at + 1)];
  }

  private setState(name: string, state: ConnectionState): void {
    if (this.states.get(name) === state) return;
    const before = this.overall();
    this.states.set(name, state);
    for (const listener of [...this.brokerStateListeners]) listener(new Map(this.states));
    const after = this.overall();
    if (after !== before) for (const listener of [...this.stateListeners]) listener(after);
  }

  /** Open only when every broker is; otherwise the least connected state among them. */
  private overall(): ConnectionState {
    const order: ConnectionState[] = ['closed', 'reconnecting', 'connecting', 'open'];
    const states = [...this.states.values()];
    return order.find((s) => states.includes(s)) ?? 'open';
  }
}

function label(name: string, request: HitlRequest): HitlRequest {
  return { ...request, id: `${name}${SEP}${request.id}`, meta: { ...request.meta, where: name } };
}

function byCreated(requests: HitlRequest[]): HitlRequest[] {
  return requests.sort((a, b) => a.createdAt - b.createdAt);
}
