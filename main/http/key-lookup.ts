import type { Broker } from '../broker/broker';
import { SourceSchema, type HitlRequest, type Source } from '@contract/request';

/** Sources in the order a bare key is resolved: the Clarity sources first, then the rest. */
export const KEY_PREFERENCE: readonly Source[] = [
  'clarity-http',
  'clarity-file',
  ...SourceSchema.options.filter((s) => s !== 'clarity-http' && s !== 'clarity-file'),
];

/** The pending request with this key, preferring Clarity sources when several sources have it. */
export function findPendingByKey(broker: Broker, key: string): HitlRequest | undefined {
  for (const source of KEY_PREFERENCE) {
    const found = broker.findPending(source, key);
    if (found) return found;
  }
  return undefined;
}

/**
 * The request a key refers to: a pending one first (Clarity sources preferred), else the newest
 * resolved one still known (again Clarity first).
 */
export function findByKey(broker: Broker, key: string): HitlRequest | undefined {
  return (
    findPendingByKey(broker, key) ??
    broker.findByKey(key, ['clarity-http', 'clarity-file']) ??
    broker.findByKey(key)
  );
}

export type KeyStatus = HitlRequest['status'] | 'missing';

/** The spec's `{ key, status, response? }` view of a key. */
export function keyStatus(
  broker: Broker,
  key: string,
): { key: string; status: KeyStatus; response?: string } {
  const request = findByKey(broker, key);
  if (!request) return { key, status: 'missing' };
  if (request.status === 'answered')
    return { key, status: 'answered', response: request.answer?.text ?? '' };
  return { key, status: request.status };
}
