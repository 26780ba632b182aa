import { expect } from 'vitest';
import type { z } from 'zod';
import type { RouteModule } from '../../../../main/http/context';
import { catalogRoutes, type CatalogRoute } from '../../../../main/http/schema/route-catalog';
import { replyMediaOf } from '../../../../main/http/schema/reply-media';

/** A route module that only records the routes registered after it (put it first). */
export function recordingCatalog(): { module: RouteModule; routes: () => readonly CatalogRoute[] } {
  let routes: readonly CatalogRoute[] = [];
  return {
    module: (app) => {
      routes = catalogRoutes(app);
    },
    routes: () => routes,
  };
}

/** The zod schema `route` declares for `status`; fails when it declares none. */
function declaredSchema(route: CatalogRoute | undefined, key: string, status: number): z.ZodType {
  expect(route, `${key} is registered`).toBeDefined();
  const declared = (route!.schema?.response ?? {}) as Record<string, z.ZodType>;
  const schema = declared[String(status)];
  expect(schema, `${key} declares its ${status} reply`).toBeDefined();
  return schema!;
}

/** The media type of a reply, without parameters (`text/html; charset=utf-8` → `text/html`). */
function mediaTypeOf(res: Response): string {
  return (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Checks a real reply against what its route declares (found in the route catalog by method and
 * Fastify URL pattern): the status is declared, the media type is the documented one, and the
 * body parses with the declared zod schema to itself (nothing stripped: the schema names every
 * field). A reply declared without a body has none, and has the headers it documents. `body`
 * reads the body (default: all of it; a stream passes its first chunk).
 */
export async function expectDeclaredReply(
  routes: readonly CatalogRoute[],
  method: string,
  url: string,
  res: Response,
  body: (res: Response) => Promise<string> = (r) => r.text(),
): Promise<unknown> {
  const key = `${method} ${url} → ${res.status}`;
  const route = routes.find((r) => r.method === method && r.url === url);
  const schema = declaredSchema(route, `${method} ${url}`, res.status);
  const media = replyMediaOf(schema);
  const mediaTypes = media?.mediaTypes ?? ['application/json'];
  const text = await body(res);
  if (mediaTypes.length === 0) {
    expect(text, `${key}: no body`).toBe('');
    for (const header of Object.keys(media?.headers ?? {}))
      expect(res.headers.has(header), `${key}: header ${header}`).toBe(true);
    return undefined;
  }
  const type = mediaTypeOf(res);
  expect(
    mediaTypes.some((m) => m === '*/*' || m === type),
    `${key}: ${type} is one of ${mediaTypes.join(', ')}`,
  ).toBe(true);
  const value: unknown = type === 'application/json' ? JSON.parse(text) : text;
  const parsed = schema.safeParse(value);
  expect(parsed.error, `${key}: ${text.slice(0, 300)}`).toBeUndefined();
  expect(parsed.data, `${key}: every field is declared`).toEqual(value);
  return value;
}
