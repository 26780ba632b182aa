import { basename } from 'node:path';
import type { HitlRequest, Resolver } from '@contract/request';
import type { Broker } from './broker';

/** A resolution that arrived without a caller to tell (an answer file) and lost to another. */
export interface LostResolution {
  /** The resolution that won, as stored (team mode: the shared store's record). */
  winner: HitlRequest;
  /** The answer that lost: its text, how it came, where from (a file path), what was done then. */
  lost: { text: string; resolvedBy: Resolver; origin: string; then?: string };
}

/** The audit line of a lost resolution (next to the winner's own `answered`/… line). */
export interface LostAuditEntry {
  time: string;
  event: 'answer-lost';
  id: string;
  key: string;
  source: HitlRequest['source'];
  /** The answer that was not used, how it came and where from. */
  response: string;
  resolvedBy: Resolver;
  origin: string;
  /** What won: its status, answer, and who gave it where. */
  winner: Pick<HitlRequest, 'status' | 'resolvedBy' | 'operator' | 'resolvedOn'> & {
    response?: string;
  };
}

export type LossListener = (loss: LostResolution, at: number) => void;

/**
 * The losses of one broker: each is shown in the inbox (a "could not read" item naming the file,
 * what won and what was not used) and told to the listeners (the audit log), not only to stderr.
 */
export class ResolutionLosses {
  private readonly listeners = new Set<LossListener>();

  constructor(private readonly broker: Broker) {}

  /** Shows `loss` in the inbox and tells every listener. */
  report(loss: LostResolution): void {
    const { winner, lost } = loss;
    this.broker.unreadable.report({
      id: `lost:${winner.id}:${lost.origin}`,
      source: winner.source,
      origin: lost.origin,
      reason: lossReason(loss),
    });
    const at = Date.now();
    for (const listener of [...this.listeners]) listener(loss, at);
  }

  /** Called with every loss; returns the unsubscribe function. */
  subscribe(listener: LossListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const hubs = new WeakMap<Broker, ResolutionLosses>();

/** The losses hub of `broker` (one per broker, made on first use). */
export function lossesOf(broker: Broker): ResolutionLosses {
  let hub = hubs.get(broker);
  if (!hub) hubs.set(broker, (hub = new ResolutionLosses(broker)));
  return hub;
}

/** The audit line for `loss`. */
export function lostAuditEntry({ winner, lost }: LostResolution, at: number): LostAuditEntry {
  return {
    time: new Date(at).toISOString(),
    event: 'answer-lost',
    id: winner.id,
    key: winner.key,
    source: winner.source,
    response: lost.text,
    resolvedBy: lost.resolvedBy,
    origin: lost.origin,
    winner: {
      status: winner.status,
      ...(winner.answer ? { response: winner.answer.text } : {}),
      ...(winner.resolvedBy ? { resolvedBy: winner.resolvedBy } : {}),
      ...(winner.operator ? { operator: winner.operator } : {}),
      ...(winner.resolvedOn ? { resolvedOn: winner.resolvedOn } : {}),
    },
  };
}

/** `deploy.answer not used: deploy was already answered by alice on host-b ("no"); …`. */
function lossReason({ winner, lost }: LostResolution): string {
  const by = winner.operator ? ` by ${winner.operator}` : '';
  const on = winner.resolvedOn ? ` on ${winner.resolvedOn}` : '';
  const what = winner.answer ? ` (${quote(winner.answer.text)})` : '';
  const then = lost.then ? `; ${lost.then}` : '';
  return `${basename(lost.origin)} not used: ${winner.key} was already ${winner.status}${by}${on}${what}, its answer ${quote(lost.text)} lost${then}`;
}

/** A short one-line quote of an answer. */
function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 60 ? `${flat.slice(0, 59)}…` : flat);
}
