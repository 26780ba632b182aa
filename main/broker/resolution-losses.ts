import { basename } from 'node:path';
import type { HitlRequest, Resolver } from '@contract/request';
import type { Broker } from './broker';

/** A resolution that arrived without a caller to tell (an answer file) and lost to another. */
export interface LostResolution {
  /** The resolution that won, as stored (team mode: the shared store's record). */
  winner: HitlRequest;
  /**
   * What lost: its answer text (none for a cancel or expiry), how it came, where from (a file
   * path, or the instance), what was done then, and how the inbox names it (default: the file).
   */
  lost: { text?: string; resolvedBy: Resolver; origin: string; then?: string; label?: string };
}

/** The audit line of a lost resolution (next to the winner's own `answered`/… line). */
export interface LostAuditEntry {
  time: string;
  event: 'answer-lost';
  id: string;
  key: string;
  source: HitlRequest['source'];
  /** The answer that was not used (none for a cancel or expiry), how it came and where from. */
  response?: string;
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
    ...(lost.text !== undefined ? { response: lost.text } : {}),
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
  const name = lost.label ?? `${basename(lost.origin)} not used`;
  const its = lost.text !== undefined ? `, its answer ${quote(lost.text)} lost` : '';
  const then = lost.then ? `; ${lost.then}` : '';
  return `${name}: ${winner.key} was already ${winner.status}${by}${on}${what}${its}${then}`;
}

/** A short one-line quote of an answer. */
function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 60 ? `${flat.slice(0, 59)}…` : flat);
}

/**
 * A resolution made on this instance without the store's decision (a deadline or a withdrawal
 * while the store was unreachable) that the store, once back, found already decided otherwise:
 * told to the server's log, shown in the inbox and audited, since its agent may have been told.
 */
export function reportConflict(
  broker: Broker | undefined,
  local: HitlRequest,
  winner: HitlRequest,
  warn: (message: string) => void,
): void {
  const here = local.resolvedOn ?? 'this instance';
  warn(
    `shared store: request ${local.key} was ${local.status} here but already ${winner.status}${winner.operator ? ` by ${winner.operator}` : ''}${winner.resolvedOn ? ` on ${winner.resolvedOn}` : ''}`,
  );
  if (!broker) return;
  lossesOf(broker).report({
    winner,
    lost: {
      ...(local.answer ? { text: local.answer.text } : {}),
      resolvedBy: local.resolvedBy ?? 'system',
      origin: here,
      label: `${local.key} ${local.status} on ${here} without the team store, not kept`,
      then: `its agent may have been told "${local.status}"`,
    },
  });
}
