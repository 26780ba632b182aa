import { z } from 'zod';
import { InvalidInputError } from './errors';

/** Turns a zod error into one line naming each bad field, e.g. `key: required; timeout: expected number`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** The path of the first bad field of a zod error (`key`, `input.options.0`), if any. */
export function firstField(error: z.ZodError): string | undefined {
  return error.issues[0]?.path.map(String).join('.') || undefined;
}

/** `{ field }` for a reply body, from a zod error or an InvalidInputError that knows its field. */
export function fieldOf(error: unknown): { field?: string } {
  const field =
    error instanceof z.ZodError
      ? firstField(error)
      : error instanceof InvalidInputError
        ? error.field
        : undefined;
  return field ? { field } : {};
}

/** Parses `value` with `schema`, throwing an InvalidInputError that names the field (prefixed by `what`). */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new InvalidInputError(
      `invalid ${what}: ${describeZodError(result.error)}`,
      firstField(result.error),
    );
  }
  return result.data;
}
