import type { SortOrder } from '@contract/request-order';
import type { RunDetail, RunSummary, RunUpdated } from '@contract/run-schemas';
import type { AgentMessageView } from '@contract/agent-message';
import type { ApprovalRuleView } from '@contract/approval';
import type { AnswerInput, HitlRequest } from '@contract/request';
import type { HitlBridge } from '@contract/ipc/bridge';
import type { IpcEnvelope } from '@contract/ipc/channels';
import {
  InboxClientError,
  type BrokerInfo,
  type ConnectionState,
  type HistoryQuery,
  type InboxClient,
  type InboxEvent,
} from './inbox-client';
import { afterNextPaint } from './first-frames';
import { PagedSnapshot } from './paged-snapshot';
import { RunListeners } from './run-listeners';
import { UnreadableListeners } from './unreadable-listeners';
import type { UnreadableItem } from '@contract/unreadable';

export interface IpcInboxClientOptions {
  /**
   * Start each subscription with only this many requests (the top of the list in `order`) and
   * fetch the rest after they are painted (see PagedSnapshot). Default: the whole list at once
   * (the popover, which opens on the oldest request, needs all of it).
   */
  pageSize?: number;
  /** The list's order, which the first page follows (default: urgent). */
  order?: SortOrder;
  /** When to fetch the rest of a page (default: after the next paint). */
  afterPaint?: (fn: () => void) => void;
  /** Delay before asking again when the list could not be had (ms). */
  retryDelayMs?: number;
}

/**
 * The InboxClient over Electron IPC (the preload's `window.hitl`). Same contract as the HTTP
 * client: the broker lives in the main process, so the connection is always open and every
 * subscriber starts with a snapshot.
 */
export class IpcInboxClient implements InboxClient {
  constructor(
    private readonly bridge: HitlBridge,
    private readonly options: IpcInboxClientOptions = {},
  ) {}

  async listPending(): Promise<{ requests: HitlRequest[]; seq: number }> {
    return unwrap(await this.bridge.listPending({}));
  }

  async history(query: HistoryQuery = {}): Promise<HitlRequest[]> {
    const payload: HistoryQuery = {};
    if (query.q !== undefined) payload.q = query.q;
    if (query.limit !== undefined) payload.limit = query.limit;
    return unwrap(await this.bridge.history(payload)).requests;
  }

  async answer(id: string, input: AnswerInput): Promise<HitlRequest> {
    return unwrap(await this.bridge.answer({ id, input })).request;
  }

  async cancel(id: string, reason?: string): Promise<HitlRequest> {
    return unwrap(await this.bridge.cancel(reason === undefined ? { id } : { id, reason })).request;
  }

  async listFiles(id: string): Promise<string[]> {
    return unwrap(await this.bridge.listFiles({ id })).files;
  }

  async agentMessages(agentId: string): Promise<AgentMessageView[]> {
    return unwrap(await this.bridge.agentMessages({ agentId })).messages;
  }

  async info(): Promise<BrokerInfo> {
    return unwrap(await this.bridge.info());
  }

  async listRuns(): Promise<RunSummary[]> {
    return unwrap(await this.bridge.listRuns()).runs;
  }

  async getRun(id: string): Promise<RunDetail> {
    return unwrap(await this.bridge.getRun({ id }));
  }

  async listRules(): Promise<ApprovalRuleView[]> {
    return unwrap(await this.bridge.listRules()).rules;
  }

  async revokeRule(id: string): Promise<ApprovalRuleView> {
    return unwrap(await this.bridge.revokeRule({ id })).rule;
  }

  subscribeRuns(listener: (update: RunUpdated) => void): () => void {
    // Checked like an SSE event: main is trusted, but the renderer never acts on unchecked data.
    const runs = new RunListeners();
    const off = runs.add(listener);
    const offBridge = this.bridge.onRunUpdated((update) => runs.receive(update));
    return () => {
      off();
      offBridge();
    };
  }

  async listUnreadable(): Promise<UnreadableItem[]> {
    return unwrap(await this.bridge.listUnreadable()).items;
  }

  async dismissUnreadable(id: string): Promise<UnreadableItem[]> {
    return unwrap(await this.bridge.dismissUnreadable({ id })).items;
  }

  subscribeUnreadable(listener: (items: UnreadableItem[]) => void): () => void {
    const lists = new UnreadableListeners();
    const off = lists.add(listener);
    const offBridge = this.bridge.onUnreadableChanged((list) => void lists.receive(list));
    // With its epoch and revision (as over HTTP): a reply older than a change's event loses.
    this.bridge.listUnreadable().then(
      (envelope) => {
        if (envelope.ok) void lists.receive(envelope.value);
      },
      () => undefined,
    );
    return () => {
      off();
      offBridge();
    };
  }

  subscribe(listener: (event: InboxEvent) => void): () => void {
    let live = true;
    let seq = -1;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const buffered: InboxEvent[] = [];
    let ready = false;
    const newer = (event: InboxEvent) =>
      !('seq' in event) || event.seq === undefined || event.seq > seq;
    const paged = new PagedSnapshot({
      emit: (event) => live && listener(event),
      fetchAll: async () => {
        const { requests, seq: at } = await this.listPending();
        return { type: 'snapshot', seq: at, pending: requests };
      },
      afterPaint: this.options.afterPaint ?? ((fn) => afterNextPaint(fn)),
      onFailure: () => later(start),
    });
    const later = (fn: () => void) => {
      if (live) retry = setTimeout(fn, this.options.retryDelayMs ?? 1000);
    };
    const off = this.bridge.onInboxEvent((event) => {
      if (!live) return;
      if (!ready) buffered.push(event);
      else if (newer(event)) paged.accept(event);
    });
    // Snapshot (or its first page) first, then the events that arrived meanwhile and are newer.
    const start = () => {
      ready = false;
      const limit = this.options.pageSize;
      void this.bridge
        .listPending(limit === undefined ? {} : { limit, order: this.options.order ?? 'urgent' })
        .then(unwrap)
        .then(
          ({ requests, seq: at, total }) => {
            if (!live) return;
            seq = at;
            paged.accept({ type: 'snapshot', seq: at, pending: requests, total });
            ready = true;
            for (const event of buffered.splice(0)) if (newer(event)) paged.accept(event);
          },
          () => later(start),
        );
    };
    start();
    return () => {
      live = false;
      clearTimeout(retry);
      paged.reset();
      off();
    };
  }

  onConnectionChange(listener: (state: ConnectionState) => void): () => void {
    listener('open');
    return () => {};
  }
}

function unwrap<T>(envelope: IpcEnvelope<T>): T {
  if (envelope.ok) return envelope.value;
  throw new InboxClientError(envelope.error.message, envelope.error.code, envelope.error.status);
}
