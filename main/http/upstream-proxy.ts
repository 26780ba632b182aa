import http from 'node:http';
import https from 'node:https';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { leaveUnreported } from './bad-request-report';
import type { ServerStop } from '../adapters/held-request';

/** An upstream base URL: http(s), no credentials, no query (they would leak into every call). */
export const UpstreamUrlSchema = z
  .string()
  .url()
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === 'http:' || url.protocol === 'https:', 'must be http(s)://')
  .refine((url) => !url.username && !url.password, 'must not carry a user name or password')
  .refine((url) => !url.search && !url.hash, 'must not carry a query or fragment');

/** Request headers passed on: what the body is and what the caller accepts; never credentials. */
const REQUEST_HEADERS = ['content-type', 'accept', 'accept-language', 'user-agent'] as const;

/** Reply headers kept back: hop-by-hop ones, and cookies the upstream would set on our origin. */
const DROPPED_REPLY_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'set-cookie',
]);

export interface ProxyOptions {
  /** The upstream's base URL (its path is prefixed to the forwarded one). */
  base: URL;
  /** The body bytes exactly as the agent sent them (undefined: none). */
  body: string | undefined;
  /** Status of the `{success: false, error}` reply when the upstream cannot be reached. */
  downStatus: number;
  /** Builds the reply body for an upstream that cannot be reached. */
  downBody: (message: string) => unknown;
  /** The broker stopping: the forwarded call is given up. */
  stop: Pick<ServerStop, 'onStop'>;
  /** The reply body when the broker stops mid-call. */
  stoppingBody: unknown;
}

/**
 * Forwards the request (method, path and query as sent, the body's exact bytes, its content
 * headers but no credentials) to the upstream and streams its status, headers and body back.
 * The agent hanging up aborts the upstream call. Nothing is logged: bodies may hold secrets.
 */
export function forwardToUpstream(
  req: FastifyRequest,
  reply: FastifyReply,
  options: ProxyOptions,
): Promise<FastifyReply> {
  leaveUnreported(req);
  const target = upstreamTarget(options.base, req.raw.url ?? req.url);
  const headers: http.OutgoingHttpHeaders = {};
  for (const name of REQUEST_HEADERS) if (req.headers[name]) headers[name] = req.headers[name];
  if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let agentGone = false;
    const call = transport.request(target, { method: req.method, headers }, (res) => {
      reply.code(res.statusCode ?? 502);
      for (const [name, value] of Object.entries(res.headers))
        if (value !== undefined && !DROPPED_REPLY_HEADERS.has(name)) reply.header(name, value);
      resolve(reply.send(res));
    });
    call.on('error', (error: NodeJS.ErrnoException) => {
      if (agentGone || reply.sent || reply.raw.headersSent) return;
      const why = error.code ? `${error.code}: ${error.message}` : error.message;
      const message = `the tool server upstream ${options.base.origin} could not be reached (${why}); the HITL broker forwards every tool but human_in_loop there`;
      resolve(reply.code(options.downStatus).send(options.downBody(message)));
    });
    const forget = options.stop.onStop(() => {
      if (agentGone || reply.sent || reply.raw.headersSent) return;
      call.destroy();
      resolve(reply.code(503).send(options.stoppingBody));
    });
    // The agent gave up (or the reply is done): nothing more to wait for upstream.
    reply.raw.on('close', () => {
      forget();
      agentGone = true;
      call.destroy();
      resolve(reply);
    });
    call.end(options.body);
  });
}

/** The upstream URL for a request URL as the agent sent it (path kept percent-encoded). */
export function upstreamTarget(base: URL, requestUrl: string): URL {
  const at = requestUrl.indexOf('?');
  const path = at === -1 ? requestUrl : requestUrl.slice(0, at);
  const target = new URL(base);
  target.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  target.search = at === -1 ? '' : requestUrl.slice(at);
  return target;
}
