import type { CliSocket, RunningHub } from './hapi-hub';

/** A decision the hub passed to the session (its `permission` RPC). */
export interface HubDecisionSeen {
  id: string;
  approved: boolean;
  decision?: string;
}

type AgentState = {
  requests: Record<string, { tool: string; arguments: unknown; createdAt: number }>;
  completedRequests: Record<string, unknown>;
};

/**
 * A HAPI session the way the real `hapi` CLI makes one (cli/src/api/apiSession.ts): `POST
 * /cli/sessions`, then the hub's `/cli` Socket.IO namespace (session-scoped auth, the
 * `<sid>:permission` RPC, `session-alive`), permission requests in `agentState.requests`, and a
 * decision moving its request to `completedRequests`, as the CLI's permission handler does.
 */
export class HapiCliSession {
  readonly decisions: HubDecisionSeen[] = [];
  private state: AgentState = { requests: {}, completedRequests: {} };
  private version: number;
  private waiters: Array<(d: HubDecisionSeen) => void> = [];

  private constructor(
    readonly id: string,
    version: number,
    private readonly socket: CliSocket,
  ) {
    this.version = version;
  }

  /** Creates the session `name` (working in `dir`, on `host`) and connects it to the hub. */
  static async open(
    hub: RunningHub,
    io: (url: string, options: object) => CliSocket,
    name: string,
    dir: string,
    host: string,
  ): Promise<HapiCliSession> {
    const res = await fetch(`${hub.url}/cli/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hub.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        tag: `test-${name}-${Date.now()}`,
        metadata: { path: dir, host, name, flavor: 'claude' },
        agentState: null,
      }),
    });
    if (!res.ok) throw new Error(`POST /cli/sessions: HTTP ${res.status}`);
    const { session } = (await res.json()) as {
      session: { id: string; agentStateVersion: number };
    };
    const socket = io(`${hub.url}/cli`, {
      auth: { token: hub.token, clientType: 'session-scoped', sessionId: session.id },
      path: '/socket.io/',
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 200,
    });
    const cli = new HapiCliSession(session.id, session.agentStateVersion, socket);
    const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    socket.on('connect', () => cli.announce());
    socket.on(
      'rpc-request',
      ((data: { method: string; params: string }, ack: (r: string) => void) =>
        void cli.onRpc(data, ack)) as never,
    );
    await connected;
    return cli;
  }

  /** Asks the operator, as the CLI does when its agent wants a tool: a new entry in `requests`. */
  async ask(requestId: string, tool: string, args: unknown): Promise<void> {
    const requests = {
      ...this.state.requests,
      [requestId]: { tool, arguments: args, createdAt: Date.now() },
    };
    await this.setState({ ...this.state, requests });
  }

  /** The next decision the hub passes on (or one already received and not taken yet). */
  nextDecision(): Promise<HubDecisionSeen> {
    const seen = this.unseen.shift();
    return seen ? Promise.resolve(seen) : new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Sends a session message, as the CLI does for each transcript line (`message`). */
  say(content: unknown): void {
    this.socket.emit('message', { sid: this.id, message: content });
  }

  /** Ends the session, as the CLI does when its agent exits (`session-end`). */
  end(): void {
    this.socket.emit('session-end', { sid: this.id, time: Date.now() });
  }

  close(): void {
    this.socket.close();
  }

  private readonly unseen: HubDecisionSeen[] = [];

  private announce(): void {
    this.socket.emit('rpc-register', { method: `${this.id}:permission` });
    this.socket.emit('session-alive', { sid: this.id, time: Date.now(), thinking: true });
  }

  private async onRpc(data: { method: string; params: string }, ack: (r: string) => void) {
    if (data.method !== `${this.id}:permission`) return ack(JSON.stringify({ error: 'unknown' }));
    const params = JSON.parse(data.params) as HubDecisionSeen;
    const asked = this.state.requests[params.id];
    if (asked) {
      const { [params.id]: _done, ...rest } = this.state.requests;
      const status = params.approved ? 'approved' : 'denied';
      const completed = { ...asked, status, completedAt: Date.now(), decision: params.decision };
      await this.setState({
        requests: rest,
        completedRequests: { ...this.state.completedRequests, [params.id]: completed },
      });
    }
    const seen = {
      id: params.id,
      approved: params.approved,
      ...(params.decision ? { decision: params.decision } : {}),
    };
    this.decisions.push(seen);
    const waiter = this.waiters.shift();
    if (waiter) waiter(seen);
    else this.unseen.push(seen);
    ack(JSON.stringify({ ok: true }));
  }

  private async setState(next: AgentState): Promise<void> {
    for (;;) {
      const reply = (await this.socket.emitWithAck('update-state', {
        sid: this.id,
        expectedVersion: this.version,
        agentState: next,
      })) as { result: string; version: number };
      this.version = reply.version;
      if (reply.result === 'success') {
        this.state = next;
        return;
      }
      if (reply.result !== 'version-mismatch') throw new Error(`update-state: ${reply.result}`);
    }
  }
}
