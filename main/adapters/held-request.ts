import type { ServerResponse } from 'node:http';
import type { Broker } from '../broker/broker';
import type { HitlRequest } from '../broker/request';

/**
 * Holds an HTTP exchange open until the broker resolves request `id`. Many thousands can wait at
 * once: each costs one listener, no timer and no polling. When the caller hangs up first, the
 * request is cancelled (by `agent`, "the agent disconnected") so it disappears from every inbox,
 * and `null` is returned: there is nobody left to answer.
 */
export async function waitWhileConnected(
  broker: Broker,
  id: string,
  response: ServerResponse,
): Promise<HitlRequest | null> {
  const gone = new AbortController();
  const onClose = (): void => {
    if (!response.writableFinished) gone.abort();
  };
  response.once('close', onClose);
  try {
    return await broker.waitForResolution(id, gone.signal);
  } catch (error) {
    if (!gone.signal.aborted) throw error;
    const current = broker.get(id);
    if (current?.status === 'pending')
      broker.cancel(id, { reason: 'the agent disconnected', by: 'agent' });
    return null;
  } finally {
    response.off('close', onClose);
  }
}
