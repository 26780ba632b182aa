import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { openApiDocument } from './openapi-document';
import type { CatalogRoute } from './route-catalog';

/**
 * `GET /openapi.json`: the broker's OpenAPI 3.1 document, built once on first request from the
 * routes registered (so it never drifts from them).
 */
export function registerOpenApiRoute(
  app: FastifyInstance,
  routes: readonly CatalogRoute[],
  version: string,
): void {
  let document: Record<string, unknown> | undefined;
  const schema = {
    summary: 'This document (OpenAPI 3.1)',
    response: { 200: z.record(z.string(), z.unknown()).describe('this OpenAPI 3.1 document') },
  };
  app.get('/openapi.json', { schema }, async () => {
    document ??= openApiDocument(routes, version);
    return document;
  });
}
