import type { z } from 'zod';
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

/** Parses `value` with `schema`, throwing an InvalidInputError that names the field (prefixed by `what`). */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new InvalidInputError(`invalid ${what}: ${describeZodError(result.error)}`);
  return result.data;
}
