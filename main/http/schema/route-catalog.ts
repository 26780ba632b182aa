import type { FastifyInstance, FastifySchema } from 'fastify';

/** One route as registered: its method, its URL pattern and the schema it declared. */
declare module 'fastify' {
  /** What a route's schema carries besides its zod types, for the OpenAPI document. */
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: string[];
  }
}

export interface CatalogRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

/**
 * Records every route registered on `app` from now on (install it before the route modules), so
 * the OpenAPI document lists each one, schema or not. HEAD twins of GET routes are left out.
 */
export function catalogRoutes(app: FastifyInstance): readonly CatalogRoute[] {
  const routes: CatalogRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, ...(route.schema ? { schema: route.schema } : {}) });
    }
  });
  return routes;
}
