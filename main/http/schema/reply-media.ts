import { z } from 'zod';

/** How a reply that is not JSON is documented: its media types, or none (no body) with headers. */
export interface ReplyMedia {
  /** The media types the body may have; empty for a reply without a body (a redirect). */
  mediaTypes: readonly string[];
  /** The headers the reply carries that matter to the caller (name → what it holds). */
  headers?: Readonly<Record<string, string>>;
}

const mediaOf = new WeakMap<z.ZodType, ReplyMedia>();

/**
 * A route's reply that is not JSON (an HTML page, an SSE stream, a file), for `schema.response`:
 * the OpenAPI document shows `schema` (default: a string) under each of `mediaTypes`, described as
 * `description`. It documents only: Fastify sends a string with its own non-JSON content type, a
 * buffer or a stream as the handler gives it, never through the JSON serializer.
 */
export function mediaReply(
  description: string,
  mediaTypes: readonly string[],
  schema: z.ZodType = z.string(),
): z.ZodType {
  const documented = schema.describe(description);
  mediaOf.set(documented, { mediaTypes });
  return documented;
}

/**
 * A reply without a body (a redirect), for `schema.response`: the OpenAPI document shows its
 * `description` and `headers` (name → what it holds), and no content.
 */
export function emptyReply(
  description: string,
  headers: Readonly<Record<string, string>> = {},
): z.ZodType<undefined> {
  const documented = z.undefined().describe(description);
  mediaOf.set(documented, { mediaTypes: [], headers });
  return documented;
}

/** How `schema` was declared by mediaReply / emptyReply; undefined for a JSON reply. */
export function replyMediaOf(schema: unknown): ReplyMedia | undefined {
  return schema instanceof z.ZodType ? mediaOf.get(schema) : undefined;
}
