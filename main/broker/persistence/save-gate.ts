import type { HitlRequest } from '@contract/request';
import type { ResolutionGate } from '../broker-types';
import { NotSavedError } from '../errors';

/** What the gate needs of the store. */
export interface SaveGateOptions {
  /** Writes the resolved record to the journal at once; throws when it could not be written. */
  save: (record: HitlRequest) => void;
  /** True for a request whose pending state is on disk (it would come back pending after a restart). */
  durable: (record: HitlRequest) => boolean;
  stateDir: string;
  /** Told a write failure that did not stop the resolution. */
  onError?: (error: unknown) => void;
}

/**
 * A solo broker's resolution gate (the team store is the gate in team mode): the operator's
 * answer or cancel of a request kept on disk is journaled before the broker resolves it, and
 * refused with NotSavedError (507 on a full disk) when it cannot be, so an acknowledged answer
 * never comes back pending after a restart. An agent's withdrawal or a deadline still resolves
 * (nobody is told it happened; the request may come back after a restart and is withdrawn again).
 * The first claim of a request wins, as in team mode; later ones get the winner.
 */
export class SaveGate implements ResolutionGate {
  private readonly claims = new Map<string, HitlRequest>();

  constructor(private readonly options: SaveGateOptions) {}

  async claim(proposed: HitlRequest): Promise<{ won: boolean; winner: HitlRequest }> {
    const claimed = this.claims.get(proposed.id);
    if (claimed) return { won: false, winner: claimed };
    try {
      this.options.save(proposed);
    } catch (error) {
      const byAgentOrClock = proposed.resolvedBy === 'system' || proposed.resolvedBy === 'timeout';
      if (this.options.durable(proposed) && !byAgentOrClock) {
        const what = proposed.status === 'answered' ? 'The answer' : `The ${proposed.status} state`;
        throw new NotSavedError(`${what} of request ${proposed.key}`, this.options.stateDir, error);
      }
      this.options.onError?.(error);
    }
    this.claims.set(proposed.id, proposed);
    return { won: true, winner: proposed };
  }

  /** The request is resolved in the broker: its claim is no longer needed. */
  settled(id: string): void {
    this.claims.delete(id);
  }
}
