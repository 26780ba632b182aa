import type { FastifyInstance } from 'fastify';
import type { Broker } from '../broker/broker';

/** What every route module gets besides the Fastify app. */
export interface HttpContext {
  broker: Broker;
  /** Handshake directories being watched (may be empty: HTTP-only broker). */
  dirs: string[];
}

/** A route module: registers its routes on the (already guarded) app. */
export type RouteModule = (app: FastifyInstance, context: HttpContext) => void | Promise<void>;
