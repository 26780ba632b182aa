import { z } from 'zod';
import { ROUTE_CLASSES, type RouteClass } from '../guards/route-authority';
import { OPERATOR_COOKIE } from '../guards/operator-credentials';
import { documentedShape } from './parsed-by';
import { replyMediaOf } from './reply-media';
import type { CatalogRoute } from './route-catalog';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const ERROR_BODY: JsonSchema = {
  type: 'object',
  description:
    'Every error: a stable code, a sentence saying what is wrong, the field when one is.',
  properties: { error: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } },
  required: ['error', 'message'],
};

/** Who may call each class of route, as OpenAPI security requirements (any one suffices). */
const SECURITY: Record<RouteClass, Record<string, string[]>[]> = {
  operator: [{ operatorSession: [] }, { operatorToken: [] }],
  agent: [{}, { agentToken: [] }],
  'protocol-answer': [{}, { agentToken: [] }, { operatorToken: [] }],
  page: [{}],
};

/** `schema` (a zod type) as JSON Schema 2020-12, the dialect of OpenAPI 3.1. */
function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(documentedShape(schema), {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** Fastify's `/a/:id/*` as OpenAPI's `/a/{id}/{path}`, with the parameter names in order. */
export function openApiPath(url: string): { path: string; names: string[] } {
  const names: string[] = [];
  const path = url
    .replace(/:([A-Za-z_][\w]*)/g, (_m, name: string) => (names.push(name), `{${name}}`))
    .replace(/\*$/, () => (names.push('path'), '{path}'));
  return { path, names };
}

/** The parameters of one route: every path parameter, then the query schema's properties. */
function parameters(route: CatalogRoute, names: string[]): Operation[] {
  const params = jsonSchema(route.schema?.params, 'input');
  const pathProps = (params?.properties ?? {}) as Record<string, JsonSchema>;
  const out: Operation[] = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: pathProps[name] ?? { type: 'string' },
  }));
  const query = jsonSchema(route.schema?.querystring, 'input');
  const required = new Set((query?.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries(
    (query?.properties ?? {}) as Record<string, JsonSchema>,
  ))
    out.push({ name, in: 'query', required: required.has(name), schema });
  return out;
}

/** One declared reply: JSON unless declared by mediaReply / emptyReply (reply-media.ts). */
function reply(schema: unknown): Operation {
  const description = (schema as z.ZodType).description ?? 'reply';
  const body = jsonSchema(schema, 'output');
  const media = replyMediaOf(schema);
  const mediaTypes = media?.mediaTypes ?? ['application/json'];
  const headers = Object.entries(media?.headers ?? {}).map(([name, what]) => [
    name,
    { description: what, schema: { type: 'string' } },
  ]);
  return {
    description,
    ...(headers.length ? { headers: Object.fromEntries(headers) } : {}),
    ...(body && mediaTypes.length
      ? { content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: body }])) }
      : {}),
  };
}

/** The documented replies of one route: its response schemas, and the shared error body. */
function responses(route: CatalogRoute): Operation {
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  const out: Operation = {};
  for (const [status, schema] of Object.entries(declared)) out[status] = reply(schema);
  if (Object.keys(out).length === 0) out.default = { description: 'the route’s reply' };
  out['4XX'] = {
    description: 'a client error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  return out;
}

/** One route as an OpenAPI operation. */
function operation(route: CatalogRoute, names: string[]): Operation {
  const routeClass = ROUTE_CLASSES[`${route.method} ${route.url}`] ?? 'operator';
  const body = jsonSchema(route.schema?.body, 'input');
  const params = parameters(route, names);
  return {
    operationId: `${route.method.toLowerCase()} ${route.url}`,
    summary: route.schema?.summary ?? `${route.method} ${route.url}`,
    ...(route.schema?.description ? { description: route.schema.description } : {}),
    tags: route.schema?.tags ?? [routeClass],
    'x-hitl-authority': routeClass,
    security: SECURITY[routeClass],
    ...(params.length ? { parameters: params } : {}),
    ...(body
      ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } }
      : {}),
    responses: responses(route),
  };
}

/**
 * The broker's OpenAPI 3.1 document, built from the routes as registered (each route's zod
 * schemas converted by zod's own JSON Schema output): every route is listed, with who may call it.
 */
export function openApiDocument(routes: readonly CatalogRoute[], version: string): JsonSchema {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const { path, names } = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, names);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'HITL Broker',
      version,
      description: 'The broker’s HTTP API: the protocols agents speak and the operator’s inbox.',
    },
    paths,
    components: {
      schemas: { Error: ERROR_BODY },
      securitySchemes: {
        agentToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'the agents’ shared token, when one is set',
        },
        operatorToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'the operator secret or a named operator’s token',
        },
        operatorSession: { type: 'apiKey', in: 'cookie', name: OPERATOR_COOKIE },
      },
    },
  };
}
