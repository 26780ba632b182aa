import type { Broker } from './broker';
import { AlreadyResolvedError, StoreUnreachableError } from './errors';
import type { Resolver } from '@contract/request';

/** How a request leaves when its agent or its source gave up on it. */
export interface Withdrawal {
  status: 'cancelled' | 'expired';
  by: Resolver;
  reason?: string;
}

/** While the team store is unreachable, a withdrawal is tried again after this long (doubling). */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15_000;

/**
 * Takes back a pending request its agent or source gave up on (a hang-up, a deleted question
 * file, a cue answered in another console). In team mode the shared store decides, so an answer
 * given on another instance a moment before stays the answer everywhere; while the store cannot
 * be reached the request stays pending and the withdrawal is tried again until the store decides
 * (nobody waits on it: its agent is gone). Without a shared store it leaves at once. Never throws.
 */
export async function withdraw(
  broker: Broker,
  id: string,
  how: Withdrawal,
  retryMs = RETRY_FIRST_MS,
): Promise<void> {
  if (broker.get(id)?.status !== 'pending') return;
  try {
    if (how.status === 'expired') await broker.expireShared(id, how.by);
    else
      await broker.cancelShared(id, { by: how.by, ...(how.reason ? { reason: how.reason } : {}) });
  } catch (error) {
    if (error instanceof AlreadyResolvedError || broker.get(id)?.status !== 'pending') return;
    if (error instanceof StoreUnreachableError) {
      const next = Math.min(retryMs * 2, RETRY_MAX_MS);
      setTimeout(() => void withdraw(broker, id, how, next), retryMs).unref();
      return;
    }
    // Not the store being away (a bug): the agent is gone, so the request leaves here.
    if (how.status === 'expired') broker.expire(id, how.by);
    else broker.cancel(id, { by: how.by, ...(how.reason ? { reason: how.reason } : {}) });
  }
}
