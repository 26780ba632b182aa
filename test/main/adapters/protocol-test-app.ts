import type { FastifyInstance } from 'fastify';
import { Broker } from '../../../main/broker/broker';
import type { HttpContext, RouteModule } from '../../../main/http/context';
import { createHttpServer, type HttpServerOptions } from '../../../main/http/server';

export interface ProtocolTestApp {
  app: FastifyInstance;
  broker: Broker;
  context: HttpContext;
  /** Base URL without the trailing slash. */
  url: string;
  /** The headers that carry the operator's authority (the operator secret, as the CLI sends it). */
  operator: Record<string, string>;
  close: () => Promise<void>;
}

/** The real broker HTTP server (guards, JSON errors, SSE) on 127.0.0.1:0 with just these route modules. */
export async function startProtocolApp(
  modules: RouteModule[],
  options: Partial<HttpServerOptions> = {},
): Promise<ProtocolTestApp> {
  const broker = new Broker();
  const server = await createHttpServer({
    broker,
    port: 0,
    rendererDir: null,
    routes: modules,
    ...options,
  });
  const url = (await server.listen()).replace(/\/$/, '');
  return {
    app: server.app,
    broker,
    context: server.context,
    url,
    operator: { authorization: `Bearer ${server.context.operatorSecret}` },
    close: async () => {
      await server.close();
      broker.close();
    },
  };
}

/** Polls `check` until it returns a truthy value or the deadline passes. */
export async function until<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Response bodies in tests are read field by field, so they stay loosely typed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** POSTs JSON and returns status + parsed body. */
export async function postJson(
  url: string,
  body: unknown,
  init: RequestInit = {},
): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** GETs JSON (with `headers`, e.g. the operator's). */
export async function getJson(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, { headers });
  return { status: res.status, body: await res.json() };
}
