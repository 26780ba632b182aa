import type { Broker } from '../broker/broker';
import { keyStatus, type KeyStatus } from './key-lookup';

/** Longest `?wait=` honoured, in seconds (larger values are clamped). */
export const MAX_WAIT_SECONDS = 300;

/**
 * Resolves with the key's status as soon as it differs from `initial` (or when `waitMs` passes,
 * or `signal` aborts: then with the status as it is).
 */
export function waitForKeyStatusChange(
  broker: Broker,
  key: string,
  initial: KeyStatus,
  waitMs: number,
  signal: AbortSignal,
): Promise<ReturnType<typeof keyStatus>> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', finish);
      resolve(keyStatus(broker, key));
    };
    const unsubscribe = broker.subscribe((event) => {
      if (event.request.key === key && keyStatus(broker, key).status !== initial) finish();
    });
    const timer = setTimeout(finish, waitMs);
    if (signal.aborted) finish();
    else signal.addEventListener('abort', finish, { once: true });
  });
}
