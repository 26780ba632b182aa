import type { HitlRequest } from '@contract/request';

/** A request as it leaves the server: `meta` (adapter-private data) never does. */
export type PublicRequest = Omit<HitlRequest, 'meta'>;

/** Strips adapter-private fields from a request before it is sent to any client. */
export function toPublicRequest(request: HitlRequest): PublicRequest {
  const { meta: _meta, ...rest } = request;
  return rest;
}
