import type { FastifyRequest } from 'fastify';

const rawBodies = new WeakMap<FastifyRequest, string>();

/** Keeps a JSON body's text as it came (the parser calls this), for routes that forward it. */
export function rememberRawBody(request: FastifyRequest, text: string): void {
  rawBodies.set(request, text);
}

/** The body's text exactly as the sender sent it, if it had one. */
export function rawBodyOf(request: FastifyRequest): string | undefined {
  return rawBodies.get(request);
}
