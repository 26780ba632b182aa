import type { FastifyRequest } from 'fastify';
import type { ResolvedByOperator } from '../../broker/broker-types';
import type { Surface } from '@contract/request';

/**
 * Who is calling, as the guard established it. `operator`: the operator's own surfaces (a login
 * session, the operator secret the CLI reads, a named operator token in team mode). `agent`:
 * everyone else the broker lets in (no token configured on loopback, or the shared agent token).
 */
export type Authority =
  | {
      kind: 'operator';
      via: Extract<
        Surface,
        'web-session' | 'cli' | 'desktop' | 'operator-token' | 'phone (paired)'
      >;
      name?: string;
      /** A paired phone's session (its id): what that phone may not do, it is refused. */
      phone?: string;
    }
  | { kind: 'agent' };

const AGENT: Authority = { kind: 'agent' };
const authorityOfRequest = new WeakMap<object, Authority>();

/** Records the caller's authority on the request (the guard does, once per request). */
export function setAuthority(request: FastifyRequest, authority: Authority): void {
  authorityOfRequest.set(request.raw, authority);
}

/** The caller's authority; `agent` when the guard recorded none. */
export function authorityOf(request: FastifyRequest): Authority {
  return authorityOfRequest.get(request.raw) ?? AGENT;
}

/** True when the operator's authority was verified for this request. */
export function isOperator(request: FastifyRequest): boolean {
  return authorityOf(request).kind === 'operator';
}

/**
 * What a resolution made through this request carries into the broker: the operator's authority,
 * surface and name when verified, else the `protocol` surface (a spec or protocol endpoint) and
 * no authority, so the broker refuses it for a coding agent's request.
 */
export function actorOf(request: FastifyRequest): ResolvedByOperator {
  const authority = authorityOf(request);
  if (authority.kind === 'agent') return { via: 'protocol' };
  return {
    authority: 'operator',
    via: authority.via,
    ...(authority.name ? { operator: authority.name } : {}),
  };
}

/** The operator's surface and name for the inbox operations (on operator routes only). */
export function operatorActOf(request: FastifyRequest): { via: Surface; operator?: string } {
  const authority = authorityOf(request);
  if (authority.kind !== 'operator') throw new Error('operatorActOf: not an operator route');
  return { via: authority.via, ...(authority.name ? { operator: authority.name } : {}) };
}
