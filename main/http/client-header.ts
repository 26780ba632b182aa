import type { Resolver } from '@contract/request';

/**
 * The header `clarity-hitl answer|cancel` sends when it resolves through the broker, so the
 * inbox can say "answered in the terminal" rather than "through the HTTP API". Display only:
 * it grants nothing.
 */
export const CLIENT_HEADER = 'x-hitl-client';

/** Who resolved a request that came in over the broker's HTTP API: the CLI, or an HTTP client. */
export function resolverOf(request: {
  headers: Record<string, string | string[] | undefined>;
}): Resolver {
  return request.headers[CLIENT_HEADER] === 'cli' ? 'cli' : 'http';
}
