import type { BrokerListener } from '../../broker/broker';
import { NotFoundError } from '../../broker/errors';
import type { AnswerInput, HitlRequest } from '@contract/request';
import { RemoteBroker, type RemoteBrokerTarget } from './remote-broker';

/** A remote broker the operator added (settings): its name is the "where" label. */
export interface RemoteInboxEntry extends RemoteBrokerTarget {
  name: string;
}

/** How a remote broker's connection stands, for the settings view. */
export interface RemoteInboxState {
  name: string;
  url: string;
  connected: boolean;
  /** Named at launch (`--remote`, CLARITY_HITL_REMOTES): followed for this run, not saved. */
  fromLaunch: boolean;
  hasToken: boolean;
}

/** What RemoteInboxes needs of one remote broker (RemoteBroker; a fake in tests). */
export type RemoteBrokerLike = Pick<
  RemoteBroker,
  'connect' | 'close' | 'pending' | 'subscribe' | 'onConnectionChange' | 'answer' | 'cancel'
> & { readonly connected: boolean };

const SEP = '/';

/** A remote request as the desktop inbox shows it: id `<name>/<id>`, labelled with where it lives. */
export function labelRemote(name: string, request: HitlRequest, connected: boolean): HitlRequest {
  return {
    ...request,
    id: `${name}${SEP}${request.id}`,
    // Only the label: whatever else a remote broker sends in meta is not ours to show.
    meta: { where: name, ...(connected ? {} : { whereDisconnected: true }) },
  };
}

interface Followed {
  entry: RemoteInboxEntry;
  broker: RemoteBrokerLike;
  off: () => void;
}

/**
 * The remote brokers of the desktop settings, followed over HTTP + SSE and shown in the one inbox:
 * their requests labelled with where they live, answers and cancels routed back by id. A broker
 * that goes away keeps its requests listed, marked disconnected (no "no longer pending" notices);
 * it reconnects by itself and its next snapshot brings the inbox up to date.
 */
export class RemoteInboxes {
  private readonly followed = new Map<string, Followed>();
  private readonly listeners = new Set<BrokerListener>();
  private readonly stateListeners = new Set<() => void>();

  /**
   * @param create makes the client of one broker (HTTP + SSE; a fake in tests)
   * @param always brokers followed whatever `sync` is given (named at launch); they win over a
   *   saved one of the same name
   */
  constructor(
    private readonly create: (target: RemoteBrokerTarget) => RemoteBrokerLike = (target) =>
      new RemoteBroker(target),
    private readonly always: RemoteInboxEntry[] = [],
  ) {}

  /** Follows exactly these brokers (and the launch ones): new ones connect, gone or changed ones close. */
  sync(saved: RemoteInboxEntry[]): void {
    const wanted = new Map([...saved, ...this.always].map((e) => [e.name, e]));
    const entries = [...wanted.values()];
    for (const [name, followed] of this.followed) {
      const next = wanted.get(name);
      if (next && next.url === followed.entry.url && next.token === followed.entry.token) continue;
      this.drop(name, followed);
    }
    for (const entry of entries) if (!this.followed.has(entry.name)) this.follow(entry);
    this.changed();
  }

  /** Every remote pending request, labelled, oldest first. */
  pending(): HitlRequest[] {
    const all: HitlRequest[] = [];
    for (const { entry, broker } of this.followed.values())
      for (const request of broker.pending())
        all.push(labelRemote(entry.name, request, broker.connected));
    return all.sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Their events, labelled (`seq` is each broker's own). */
  subscribe(listener: BrokerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called when a broker connects, disconnects, is added or removed. */
  onStateChange(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  states(): RemoteInboxState[] {
    const launched = new Set(this.always.map((e) => e.name));
    return [...this.followed.values()].map(({ entry, broker }) => ({
      name: entry.name,
      url: entry.url,
      connected: broker.connected,
      fromLaunch: launched.has(entry.name),
      hasToken: entry.token !== undefined,
    }));
  }

  /** True when `name` was given at launch: a saved broker of that name is not the one followed. */
  isLaunchName(name: string): boolean {
    return this.always.some((e) => e.name === name);
  }

  /** True when `id` names a request of a followed remote broker (`<name>/<id>`). */
  owns(id: string): boolean {
    const cut = id.indexOf(SEP);
    return cut > 0 && this.followed.has(id.slice(0, cut));
  }

  async answer(id: string, input: AnswerInput): Promise<HitlRequest> {
    const { name, broker, remoteId } = this.route(id);
    return labelRemote(name, await broker.answer(remoteId, input), true);
  }

  async cancel(id: string, reason?: string): Promise<HitlRequest> {
    const { name, broker, remoteId } = this.route(id);
    return labelRemote(name, await broker.cancel(remoteId, reason), true);
  }

  close(): void {
    for (const [name, followed] of this.followed) this.drop(name, followed);
  }

  private route(id: string): { name: string; broker: RemoteBrokerLike; remoteId: string } {
    const cut = id.indexOf(SEP);
    const followed = cut > 0 ? this.followed.get(id.slice(0, cut)) : undefined;
    if (!followed) throw new NotFoundError(`request ${id}`);
    return { name: followed.entry.name, broker: followed.broker, remoteId: id.slice(cut + 1) };
  }

  private follow(entry: RemoteInboxEntry): void {
    const broker = this.create({ url: entry.url, ...(entry.token ? { token: entry.token } : {}) });
    const offEvents = broker.subscribe((event) =>
      this.emit({ ...event, request: labelRemote(entry.name, event.request, broker.connected) }),
    );
    const offState = broker.onConnectionChange((connected) => {
      // Its requests stay listed either way; their label says whether the broker is reachable.
      for (const request of broker.pending())
        this.emit({
          type: 'updated',
          seq: 0,
          at: Date.now(),
          request: labelRemote(entry.name, request, connected),
        });
      this.changed();
    });
    this.followed.set(entry.name, {
      entry,
      broker,
      off: () => {
        offEvents();
        offState();
      },
    });
    broker.connect();
  }

  private drop(name: string, followed: Followed): void {
    this.followed.delete(name);
    followed.off();
    followed.broker.close();
    // Its requests leave this inbox with the broker; on the broker they stay as they are.
    for (const request of followed.broker.pending())
      this.emit({
        type: 'cancelled',
        seq: 0,
        at: Date.now(),
        request: {
          ...labelRemote(name, request, false),
          status: 'cancelled',
          cancelReason: `left this inbox: the broker "${name}" was removed in settings`,
        },
      });
  }

  private emit(event: Parameters<BrokerListener>[0]): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private changed(): void {
    for (const listener of [...this.stateListeners]) listener();
  }
}
