import type { HitlRequest } from '@contract/request';

/** How long after its resolution an outcome no execute returned is handed to a retry. */
const RETRY_WINDOW_MS = 15 * 60 * 1000;
const REMEMBERED = 10_000;

/**
 * The execute calls of this instance: which requests one is waiting on now, and which outcomes
 * one has returned. A retried execute (its waiter died: the agent's connection, the broker
 * stopping, the instance that held it in team mode) re-attaches to its request: a pending one it
 * waits on again, one answered (or cancelled by the operator) meanwhile it gets at once, once.
 */
export class ExecuteWaiters {
  private readonly waiting = new Map<string, number>();
  private readonly returned = new Set<string>();

  /** Counts a waiter on `id` until the returned function is called. */
  wait(id: string): () => void {
    this.waiting.set(id, (this.waiting.get(id) ?? 0) + 1);
    return () => {
      const left = (this.waiting.get(id) ?? 1) - 1;
      if (left > 0) this.waiting.set(id, left);
      else this.waiting.delete(id);
    };
  }

  /** An execute call returned the outcome of `id`: a later call with its hil_id is a new question. */
  returnedOutcome(id: string): void {
    this.returned.add(id);
    if (this.returned.size > REMEMBERED) this.returned.delete(this.returned.values().next().value!);
  }

  /** A pending request no execute waits on (its waiter died), asked with the same instruction. */
  orphaned(existing: HitlRequest, instruction: string): boolean {
    return !this.waiting.has(existing.id) && existing.meta?.instruction === instruction;
  }

  /**
   * The outcome of an earlier request for this hil_id that no execute returned, when the retry
   * asks the same and it was decided by a person within the window; else undefined.
   */
  unreturned(
    earlier: HitlRequest | undefined,
    instruction: string,
    now: number,
  ): HitlRequest | undefined {
    if (!earlier || this.returned.has(earlier.id) || this.waiting.has(earlier.id)) return undefined;
    if (earlier.meta?.instruction !== instruction) return undefined;
    const byPerson =
      earlier.resolvedBy === 'ui' || earlier.resolvedBy === 'cli' || earlier.resolvedBy === 'http';
    const decided = earlier.status === 'answered' || (earlier.status === 'cancelled' && byPerson);
    if (!decided || now - (earlier.resolvedAt ?? 0) > RETRY_WINDOW_MS) return undefined;
    return earlier;
  }
}
