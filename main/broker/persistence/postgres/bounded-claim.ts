import { StoreUnreachableError } from '../../errors';
import { isTransient, retrying } from './retrying';

/** What one claim needs from the store that runs it. */
export interface BoundedClaim<T> {
  /** The request's key (named in the refusal). */
  key: string;
  /** How long the caller may wait for the decision. */
  waitMs: number;
  /** Queues `op` behind the request's earlier writes (in order per request). */
  enqueue: (op: () => Promise<T>) => Promise<T>;
  /** One attempt at the transaction that decides. */
  attempt: () => Promise<T>;
  /** The store is closing: stop retrying. */
  closed: () => boolean;
  /** Told the driver's own words when the store could not be reached (for the server log). */
  onUnreachable: (error: unknown) => void;
}

/**
 * Runs a claim (the store's decision on one resolution) within `waitMs`: retried while the
 * database is away, then refused with StoreUnreachableError, never the driver's error. A claim
 * still queued when the time is up (behind a write that waits for the database) is dropped
 * unrun, so nothing is decided after its caller was told "retry". One already running finishes
 * its current attempt (bounded by the pool's connection timeout) and reports that outcome.
 */
export function boundedClaim<T>(claim: BoundedClaim<T>): Promise<T> {
  const deadline = Date.now() + claim.waitMs;
  let started = false;
  let dropped = false;
  const run = claim.enqueue(async () => {
    if (dropped || claim.closed()) throw new StoreUnreachableError(claim.key);
    started = true;
    try {
      return await retrying(claim.attempt, {
        until: () => claim.closed() || Date.now() > deadline,
      });
    } catch (error) {
      if (!isTransient(error)) throw error;
      claim.onUnreachable(error);
      throw new StoreUnreachableError(claim.key);
    }
  });
  let timer: NodeJS.Timeout | undefined;
  const queuedTooLong = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      if (started) return;
      dropped = true;
      reject(new StoreUnreachableError(claim.key));
    }, claim.waitMs);
  });
  return Promise.race([run, queuedTooLong]).finally(() => clearTimeout(timer));
}
