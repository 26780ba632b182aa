import Fastify, { type FastifyInstance } from 'fastify';
import { Broker } from '../../../main/broker/broker';
import type { HttpContext, RouteModule } from '../../../main/http/context';

export interface ProtocolTestApp {
  app: FastifyInstance;
  broker: Broker;
  url: string;
  close: () => Promise<void>;
}

/** A bare Fastify app on 127.0.0.1:0 with just the given route modules (no guard, no SSE). */
export async function startProtocolApp(modules: RouteModule[], extra: Partial<HttpContext> = {}): Promise<ProtocolTestApp> {
  const broker = new Broker();
  const app = Fastify();
  const context = { broker, dirs: [], ...extra } as HttpContext;
  for (const register of modules) await register(app, context);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    broker,
    url,
    close: async () => {
      broker.close();
      await app.close();
    },
  };
}

/** Polls `check` until it returns a truthy value or the deadline passes. */
export async function until<T>(check: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<NonNullable<T>> {
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
export async function postJson(url: string, body: unknown, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** GETs JSON. */
export async function getJson(url: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
}
