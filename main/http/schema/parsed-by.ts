import { z } from 'zod';

const documentedAs = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A route schema for a body a protocol's own parser reads (several wire shapes, its own error
 * wording): Fastify runs `parse` as the route's validation (its InvalidInputError is the 400), and
 * the OpenAPI document shows `shape`, the zod schema(s) of what is accepted.
 */
export function parsedBy<T>(parse: (raw: unknown) => T, shape: z.ZodType): z.ZodType<T> {
  const schema = z.unknown().transform((raw) => parse(raw));
  documentedAs.set(schema, shape);
  return schema;
}

/** The schema the OpenAPI document shows for `schema` (itself unless made by parsedBy). */
export function documentedShape(schema: z.ZodType): z.ZodType {
  return documentedAs.get(schema) ?? schema;
}

/**
 * A body the handler itself checks, in its protocol's own error convention (Tool Server Lite
 * answers failures as `{success: false, error}`): Fastify passes it through unchanged, and the
 * OpenAPI document shows `shape`.
 */
export function checkedByHandler(shape: z.ZodType): z.ZodType<unknown> {
  return parsedBy((raw) => raw, shape);
}
