import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { ZodType, type z } from 'zod';
import { parseOrThrow } from '../../broker/validation';

/**
 * Fastify's type provider for zod schemas: a route's `schema.params`, `querystring`, `body` and
 * `response` are zod types, and its handler sees their parsed types. (The same two lines as
 * fastify-type-provider-zod's; that package's runtime, which needs @fastify/swagger, is not used.)
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** What a failed check of each part of a request is called in its 400 message. */
const PART_NAMES: Record<string, string> = {
  body: 'body',
  params: 'path parameter',
  querystring: 'query',
  headers: 'header',
};

/**
 * Validates a route's params, query and body with its zod schema, the broker's one validator: the
 * value the handler sees is zod's output (defaults applied, unknown keys as the schema says), and a
 * failure is the broker's own 400 `{error: "invalid", message, field}` naming the field. The
 * schema's `description` (zod's `.describe()`), when set, names the value in that message.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({
  schema,
  httpPart,
  method,
  url,
}) => {
  if (!(schema instanceof ZodType))
    throw new Error(`${method} ${url}: route schemas are zod types (its ${httpPart} is not one)`);
  const what = schema.description ?? PART_NAMES[httpPart ?? ''] ?? 'request';
  // An absent body is checked as `{}`, so the 400 names the first missing field.
  const orEmpty = httpPart === 'body' ? (data: unknown) => data ?? {} : (data: unknown) => data;
  return (data: unknown) => {
    try {
      return { value: parseOrThrow(schema, orEmpty(data), what) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};

/**
 * Replies are written as plain JSON: a route's response schema documents the reply (and the
 * OpenAPI document) and types the handler's return value; it is not re-checked on every reply.
 */
export function jsonSerializerCompiler(): (data: unknown) => string {
  return (data) => JSON.stringify(data);
}
