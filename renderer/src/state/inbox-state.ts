import type { AgentMessageView } from '@contract/agent-message';
import type { HitlRequest } from '@contract/request';
import type { InboxEvent } from '../client/inbox-client';

/** How many HAPI messages per agent the UI keeps. */
export const AGENT_MESSAGE_LIMIT = 200;

/** A request that left the inbox, for the "answered elsewhere" notice. */
export interface Departure {
  /** As it left; for `gone`, as it was last seen (still `pending`). */
  request: HitlRequest;
  /**
   * It was missing from a fresh snapshot (resolved while the page was disconnected or loading):
   * how it was resolved is not known.
   */
  gone?: boolean;
  /** Monotonic counter so the UI can tell new departures from ones it has already shown. */
  n: number;
}

export interface InboxState {
  pending: ReadonlyMap<string, HitlRequest>;
  /** The broker seq the state is current at (events at or below it are replays and ignored). */
  seq: number;
  /** Whether a snapshot or list has arrived yet. */
  loaded: boolean;
  /**
   * How many are pending in all while `pending` holds only the newest page of them (a paged
   * snapshot whose rest is being fetched); undefined once the list is whole.
   */
  partialTotal?: number;
  agentMessages: ReadonlyMap<string, readonly AgentMessageView[]>;
  departures: readonly Departure[];
  /**
   * Requests that came back under a new id (a restarted broker re-read them), old id → new id,
   * matched by source + protocol key, so the open card, its draft and the notices follow them.
   */
  renamed: ReadonlyMap<string, string>;
}

export type InboxAction =
  InboxEvent | { type: 'agent_messages_loaded'; agentId: string; messages: AgentMessageView[] };

export const initialInboxState: InboxState = {
  pending: new Map(),
  seq: 0,
  loaded: false,
  agentMessages: new Map(),
  departures: [],
  renamed: new Map(),
};

/** Applies one broker event (or a loaded message list) to the inbox. Pure. */
export function inboxReducer(state: InboxState, action: InboxAction): InboxState {
  switch (action.type) {
    case 'snapshot': {
      const fresh = new Map(action.pending.map((r) => [r.id, r]));
      // A page of a longer list (the whole list follows), or the whole list at once.
      const partialTotal =
        action.total !== undefined && action.total > action.pending.length
          ? action.total
          : undefined;
      if (partialTotal !== undefined && state.loaded) {
        // A first page after a reconnect: keep what is shown (an open card stays put) until the
        // whole list that follows says what is still pending.
        return {
          ...state,
          seq: action.seq,
          pending: new Map([...state.pending, ...fresh]),
          partialTotal,
        };
      }
      const missing =
        partialTotal === undefined
          ? [...state.pending.values()].filter((r) => !fresh.has(r.id))
          : [];
      const { gone, renamed } = matchRenamed(state, missing, action.pending);
      return {
        ...state,
        loaded: true,
        seq: action.seq,
        pending: fresh,
        partialTotal,
        departures: gone.length ? withDepartures(state, gone, true) : state.departures,
        renamed,
      };
    }
    case 'added':
    case 'updated': {
      if (isReplay(state, action.seq)) return state;
      if (action.request.status !== 'pending') return withSeq(state, action.seq);
      const pending = new Map(state.pending);
      pending.set(action.request.id, action.request);
      return { ...withSeq(state, action.seq), pending };
    }
    case 'answered':
    case 'cancelled':
    case 'expired': {
      if (isReplay(state, action.seq)) return state;
      if (!state.pending.has(action.request.id)) return withSeq(state, action.seq);
      const pending = new Map(state.pending);
      pending.delete(action.request.id);
      const departures = withDepartures(state, [action.request], false);
      return { ...withSeq(state, action.seq), pending, departures };
    }
    case 'agent_message': {
      const list = [...(state.agentMessages.get(action.agentId) ?? []), action.message];
      return { ...state, agentMessages: withAgent(state, action.agentId, list) };
    }
    case 'agent_messages_loaded': {
      // Live messages that arrived while loading are newer than the loaded list: keep them after it.
      const loaded = action.messages;
      const lastAt = loaded.at(-1)?.at ?? -Infinity;
      const live = (state.agentMessages.get(action.agentId) ?? []).filter((m) => m.at > lastAt);
      return { ...state, agentMessages: withAgent(state, action.agentId, [...loaded, ...live]) };
    }
  }
}

/** The inbox count: every pending request, including those of a paged snapshot not loaded yet. */
export function pendingCount(state: InboxState): number {
  return state.partialTotal ?? state.pending.size;
}

/**
 * Splits requests missing from a fresh snapshot into those really gone and those still pending
 * under a new id (same source and key, an id the inbox did not know).
 */
function matchRenamed(
  state: InboxState,
  missing: HitlRequest[],
  fresh: HitlRequest[],
): { gone: HitlRequest[]; renamed: ReadonlyMap<string, string> } {
  if (!missing.length) return { gone: missing, renamed: state.renamed };
  const newcomers = new Map<string, string>();
  for (const r of fresh) {
    if (!state.pending.has(r.id)) newcomers.set(sourceKey(r), r.id);
  }
  const renamed = new Map(state.renamed);
  const gone: HitlRequest[] = [];
  for (const r of missing) {
    const id = newcomers.get(sourceKey(r));
    if (id === undefined) gone.push(r);
    else {
      renamed.delete(r.id);
      renamed.set(r.id, id);
      newcomers.delete(sourceKey(r));
    }
  }
  while (renamed.size > RENAMED_LIMIT) renamed.delete(renamed.keys().next().value!);
  return { gone, renamed };
}

const RENAMED_LIMIT = 500;

function sourceKey(request: HitlRequest): string {
  return `${request.source}\u0000${request.key}`;
}

/** Where a request id now lives: itself, or the id it came back under after a broker restart. */
export function currentId(state: InboxState, id: string): string {
  return state.renamed.get(id) ?? id;
}

/** The last 20 departures, these added (numbered on from the last). */
function withDepartures(state: InboxState, left: HitlRequest[], gone: boolean): Departure[] {
  let n = state.departures.at(-1)?.n ?? 0;
  const added = left.map((request) => ({ request, n: ++n, ...(gone ? { gone } : {}) }));
  return [...state.departures, ...added].slice(-20);
}

function isReplay(state: InboxState, seq: number | undefined): boolean {
  return seq !== undefined && state.loaded && seq <= state.seq;
}

function withSeq(state: InboxState, seq: number | undefined): InboxState {
  return seq !== undefined && seq > state.seq ? { ...state, seq } : state;
}

function withAgent(
  state: InboxState,
  agentId: string,
  list: AgentMessageView[],
): Map<string, AgentMessageView[]> {
  const map = new Map(state.agentMessages) as Map<string, AgentMessageView[]>;
  map.set(agentId, list.slice(-AGENT_MESSAGE_LIMIT));
  return map;
}
