import type { HitlRequest, Surface } from '@contract/request';

export type BrokerEventType = 'added' | 'updated' | 'answered' | 'cancelled' | 'expired';

/** One change to one request. `seq` increases by one per event, broker-wide. */
export interface BrokerEvent {
  seq: number;
  type: BrokerEventType;
  at: number;
  request: HitlRequest;
}

export type BrokerListener = (event: BrokerEvent) => void;

export interface BrokerOptions {
  now?: () => number;
  newId?: () => string;
  /** How many resolved requests stay queryable in memory (status look-ups by key). */
  resolvedMemory?: number;
  /** Called when a listener throws; the broker itself keeps going. */
  onListenerError?: (error: unknown) => void;
  /**
   * Where event numbering starts (the first event is firstSeq + 1; default 0). A long-running
   * broker passes a per-run base (its start time), so a `Last-Event-ID` or seq a client kept
   * from an earlier run never matches this run's events: it gets a fresh snapshot instead.
   */
  firstSeq?: number;
  /** This instance's name (team mode: the host), recorded on what it resolves. */
  instanceName?: string;
}

/** The display fields `Broker.update` may change. */
export type DisplayPatch = Partial<
  Pick<HitlRequest, 'title' | 'prompt' | 'input' | 'context' | 'agent' | 'meta' | 'expiresAt'>
>;

/** Who a person resolving a request is (team mode: the operator named by the token used). */
export interface ResolvedByOperator {
  operator?: string;
  /**
   * Set only by surfaces that verified the operator's authority (a login session, the desktop
   * app, the operator secret, a named operator token): a coding agent's request can be answered
   * only with it (or by a rule the operator made).
   */
  authority?: 'operator';
  /** The surface the resolution came through, for the audit log. */
  via?: Surface;
}

/**
 * Decides, in a store shared by several broker instances, whether a proposed resolution wins.
 * `claim` resolves with the winner: the proposed record (it won) or the one already stored.
 */
export interface ResolutionGate {
  claim(proposed: HitlRequest): Promise<{ won: boolean; winner: HitlRequest }>;
}
