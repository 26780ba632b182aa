import type { HitlRequest } from '@contract/request';

/** What a bulk run did. */
export interface BulkOutcome {
  resolved: number;
  failed: number;
  /** The first failure's message. */
  error?: string;
}

/** How many calls are in flight at once (1,000 at a time would queue in the broker anyway). */
const PARALLEL = 8;

/**
 * Runs `act` on each request, a few at a time; `onResolving` just before each call,
 * `onResolveFailed` when one fails (e.g. answered elsewhere meanwhile), `onStep` after each.
 */
export async function runBulk(
  requests: readonly HitlRequest[],
  act: (request: HitlRequest) => Promise<unknown>,
  hooks: {
    onResolving: (id: string, bulk: boolean) => void;
    onResolveFailed: (id: string) => void;
    onStep: () => void;
  },
): Promise<BulkOutcome> {
  const result: BulkOutcome = { resolved: 0, failed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      hooks.onResolving(request.id, true);
      try {
        await act(request);
        result.resolved += 1;
      } catch (e: unknown) {
        hooks.onResolveFailed(request.id);
        result.failed += 1;
        result.error ??= e instanceof Error ? e.message : String(e);
      }
      hooks.onStep();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, requests.length) }, worker));
  return result;
}
