import type { ServerResponse } from 'node:http';
import type { Broker } from '../broker/broker';
import { withdraw } from '../broker/withdraw';
import { reportWhenSent } from './delivery-on-send';
import type { HitlRequest } from '@contract/request';

/**
 * Holds an HTTP exchange open until the broker resolves request `id`; an answer's delivery is
 * reported when the response carrying it is sent (delivery-on-send.ts). Many thousands can wait at
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
    return sentWith(broker, await broker.waitForResolution(id, gone.signal), response);
  } catch (error) {
    if (!gone.signal.aborted) throw error;
    if (broker.get(id)?.status === 'pending')
      void cancelAsAgent(broker, id, 'the agent disconnected');
    return null;
  } finally {
    response.off('close', onClose);
  }
}

/**
 * Like `waitWhileConnected`, but for at most `waitMs`: resolves with the request once resolved,
 * `'pending'` when the time is up first (the request stays open, for the caller to come back to),
 * or `null` when the caller hung up first; then the request is cancelled only if
 * `cancelOnHangUp` (an ask withdrawn by its agent), not when the caller was only waiting again.
 */
export async function waitAWhile(
  broker: Broker,
  id: string,
  response: ServerResponse,
  waitMs: number,
  cancelOnHangUp: boolean,
): Promise<HitlRequest | 'pending' | null> {
  const stop = new AbortController();
  let hungUp = false;
  const onClose = (): void => {
    if (response.writableFinished) return;
    hungUp = true;
    stop.abort();
  };
  response.once('close', onClose);
  const timer = setTimeout(() => stop.abort(), waitMs);
  try {
    return sentWith(broker, await broker.waitForResolution(id, stop.signal), response);
  } catch (error) {
    if (!stop.signal.aborted) throw error;
    if (!hungUp) return 'pending';
    if (cancelOnHangUp && broker.get(id)?.status === 'pending')
      void cancelAsAgent(broker, id, 'the agent disconnected');
    return null;
  } finally {
    clearTimeout(timer);
    response.off('close', onClose);
  }
}

/** `resolved`, whose answer (if any) goes out on `response`: its delivery is reported then. */
function sentWith(broker: Broker, resolved: HitlRequest, response: ServerResponse): HitlRequest {
  reportWhenSent(broker, resolved, response);
  return resolved;
}

/** Cancels a request whose agent hung up or withdrew it (shared in team mode; see `withdraw`). */
export function cancelAsAgent(broker: Broker, id: string, reason: string): Promise<void> {
  return withdraw(broker, id, { status: 'cancelled', by: 'agent', reason });
}

/**
 * The server's close, for held exchanges: `race(wait)` settles with `wait`'s value, or with
 * `'stopping'` as soon as the HTTP server starts to close, so the close never waits on the
 * operator (the request itself stays as it is, for a retry after the restart). Each race's
 * listener is removed when it settles: a long-running broker keeps nothing per finished wait.
 */
export class ServerStop {
  private readonly waiters = new Set<() => void>();
  private stopped = false;

  constructor(app: { addHook(name: 'preClose', hook: () => Promise<void>): unknown }) {
    app.addHook('preClose', async () => {
      this.stopped = true;
      for (const wake of this.waiters) wake();
      this.waiters.clear();
    });
  }

  /** `wait`'s value, or `'stopping'` when the server starts to close first. */
  async race<T>(wait: Promise<T>): Promise<T | 'stopping'> {
    if (this.stopped) return 'stopping';
    let wake: () => void = () => {};
    const stopping = new Promise<'stopping'>((resolve) => {
      wake = () => resolve('stopping');
      this.waiters.add(wake);
    });
    try {
      return await Promise.race([wait, stopping]);
    } finally {
      this.waiters.delete(wake);
    }
  }

  /** Calls `wake` when the server starts to close (at once if it has); returns the unsubscribe. */
  onStop(wake: () => void): () => void {
    if (this.stopped) {
      wake();
      return () => {};
    }
    this.waiters.add(wake);
    return () => this.waiters.delete(wake);
  }

  /** How many waits are racing now (for tests). */
  get racing(): number {
    return this.waiters.size;
  }
}
