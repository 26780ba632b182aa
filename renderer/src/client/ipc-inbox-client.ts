import type {
  RunDetail,
  RunSummary,
  RunUpdated,
} from '../../../main/adapters/tool-server-lite/run-schemas';
import type { AgentMessageView } from '../../../main/broker/agent-message';
import type { AnswerInput, HitlRequest } from '../../../main/broker/request';
import type { HitlBridge } from '../../../preload/ipc/bridge';
import type { IpcEnvelope } from '../../../preload/ipc/channels';
import {
  InboxClientError,
  type BrokerInfo,
  type ConnectionState,
  type HistoryQuery,
  type InboxClient,
  type InboxEvent,
} from './inbox-client';
import { RunListeners } from './run-listeners';

/**
 * The InboxClient over Electron IPC (the preload's `window.hitl`). Same contract as the HTTP
 * client: the broker lives in the main process, so the connection is always open and every
 * subscriber starts with a snapshot.
 */
export class IpcInboxClient implements InboxClient {
  constructor(private readonly bridge: HitlBridge) {}

  async listPending(): Promise<{ requests: HitlRequest[]; seq: number }> {
    return unwrap(await this.bridge.listPending());
  }

  async history(query: HistoryQuery = {}): Promise<HitlRequest[]> {
    const payload: HistoryQuery = {};
    if (query.q !== undefined) payload.q = query.q;
    if (query.limit !== undefined) payload.limit = query.limit;
    return unwrap(await this.bridge.history(payload));
  }

  async answer(id: string, input: AnswerInput): Promise<HitlRequest> {
    return unwrap(await this.bridge.answer({ id, input }));
  }

  async cancel(id: string, reason?: string): Promise<HitlRequest> {
    return unwrap(await this.bridge.cancel(reason === undefined ? { id } : { id, reason }));
  }

  async listFiles(id: string): Promise<string[]> {
    return unwrap(await this.bridge.listFiles({ id }));
  }

  async agentMessages(agentId: string): Promise<AgentMessageView[]> {
    return unwrap(await this.bridge.agentMessages({ agentId }));
  }

  async info(): Promise<BrokerInfo> {
    return unwrap(await this.bridge.info());
  }

  async listRuns(): Promise<RunSummary[]> {
    return unwrap(await this.bridge.listRuns());
  }

  async getRun(id: string): Promise<RunDetail> {
    return unwrap(await this.bridge.getRun({ id }));
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

  subscribe(listener: (event: InboxEvent) => void): () => void {
    let live = true;
    let seq = -1;
    const buffered: InboxEvent[] = [];
    let ready = false;
    const off = this.bridge.onInboxEvent((event) => {
      if (!live) return;
      if (!ready) buffered.push(event);
      else if (!('seq' in event) || event.seq === undefined || event.seq > seq) listener(event);
    });
    // Snapshot first, then the events that arrived meanwhile and are newer than it.
    void this.listPending().then(
      ({ requests, seq: at }) => {
        if (!live) return;
        seq = at;
        listener({ type: 'snapshot', seq: at, pending: requests });
        ready = true;
        for (const event of buffered.splice(0))
          if (!('seq' in event) || event.seq === undefined || event.seq > seq) listener(event);
      },
      () => {
        ready = true;
      },
    );
    return () => {
      live = false;
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
