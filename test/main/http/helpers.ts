import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Broker } from '../../../main/broker/broker';
import {
  createHttpServer,
  type HttpServer,
  type HttpServerOptions,
} from '../../../main/http/server';

export const TEST_PORT = 7999;

export interface TestServer {
  broker: Broker;
  server: HttpServer;
  /** The headers that carry the operator's authority (the operator secret, as the CLI sends it). */
  operator: Record<string, string>;
  /** fastify.inject with this server's own Host header (override by passing headers.host). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  post(
    url: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/**
 * A server that is not listening (inject only), on a fixed nominal port. Requests go as an agent
 * (no credential) unless `as: 'operator'`, which sends the operator secret on every request.
 */
export async function makeServer(
  options: Partial<HttpServerOptions> & { as?: 'operator' | 'agent' } = {},
): Promise<TestServer> {
  const { as = 'agent', ...serverOptions } = options;
  const broker = serverOptions.broker ?? new Broker();
  const server = await createHttpServer({
    rendererDir: null,
    port: TEST_PORT,
    ...serverOptions,
    broker,
  });
  const operator = { authorization: `Bearer ${server.context.operatorSecret}` };
  const inject = (o: InjectOptions) =>
    server.app.inject({
      ...o,
      headers: {
        host: `127.0.0.1:${server.port()}`,
        ...(as === 'operator' ? operator : {}),
        ...(o.headers ?? {}),
      },
    });
  return {
    broker,
    server,
    operator,
    inject,
    post: (url, body, headers = {}) =>
      inject({
        method: 'POST',
        url,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...headers },
      }),
    get: (url, headers = {}) => inject({ method: 'GET', url, headers }),
  };
}

export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/** Polls `check` until it returns a truthy value or the deadline passes. */
export async function until<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as Truthy<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
