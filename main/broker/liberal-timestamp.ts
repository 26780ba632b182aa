import { z } from 'zod';
import { toMilliseconds } from './epoch-milliseconds';

export { toMilliseconds };

/**
 * When the question was asked, read liberally: milliseconds or seconds since the epoch (a number
 * below 1e11 is seconds: 1e11 ms is 1973), as a number or a numeric string, or an ISO 8601 date.
 * Always milliseconds after parsing.
 */
export const TimestampSchema = z.union(
  [
    z.number().transform(toMilliseconds),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/)
      .transform((text) => toMilliseconds(Number(text))),
    z.iso.datetime({ offset: true, local: true }).transform((text) => Date.parse(text)),
  ],
  { error: 'must be a time: milliseconds or seconds since 1970, or an ISO 8601 date' },
);
