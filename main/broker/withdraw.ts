import type { Broker } from './broker';
import { AlreadyResolvedError } from './errors';
import type { Resolver } from '@contract/request';

/** How a request leaves when its agent or its source gave up on it. */
export interface Withdrawal {
  status: 'cancelled' | 'expired';
  by: Resolver;
  reason?: string;
}

/**
 * Takes back a pending request its agent or source gave up on (a hang-up, a deleted question
 * file, a cue answered in another console). In team mode the shared store decides, so an answer
 * given on another instance a moment before stays the answer everywhere; without a shared store,
 * or when it cannot be reached, the request leaves here at once. Never throws.
 */
export async function withdraw(broker: Broker, id: string, how: Withdrawal): Promise<void> {
  if (broker.get(id)?.status !== 'pending') return;
  try {
    if (how.status === 'expired') await broker.expireShared(id, how.by);
    else
      await broker.cancelShared(id, { by: how.by, ...(how.reason ? { reason: how.reason } : {}) });
  } catch (error) {
    if (error instanceof AlreadyResolvedError || broker.get(id)?.status !== 'pending') return;
    if (how.status === 'expired') broker.expire(id, how.by);
    else broker.cancel(id, { by: how.by, ...(how.reason ? { reason: how.reason } : {}) });
  }
}
