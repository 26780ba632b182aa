import type { z } from 'zod';
import type { HitlRequest, NewRequestSchema } from '@contract/request';
import { NOT_STORABLE_MESSAGE, unstorablePath } from '@contract/well-formed';
import { InvalidInputError } from './errors';

/** A new request as its schema gives it (or as a caller that checked it built it). */
export type ParsedNewRequest = z.output<typeof NewRequestSchema>;

/** The input of a request that names none: one shared, frozen object, not one per request. */
const TEXT_INPUT: HitlRequest['input'] = Object.freeze({ kind: 'text' });

/**
 * The pending record of a new request: its id and creation time given or made now, text input by
 * default. Refuses text no store can keep (NUL, an unpaired surrogate), naming the field.
 */
export function pendingRecord(
  parsed: ParsedNewRequest,
  newId: () => string,
  now: () => number,
): HitlRequest {
  const unstorable = unstorablePath(parsed);
  if (unstorable !== undefined)
    throw new InvalidInputError(
      `invalid request: ${unstorable} ${NOT_STORABLE_MESSAGE}`,
      unstorable,
    );
  const { id = newId(), createdAt = now(), input = TEXT_INPUT } = parsed;
  // Not `{ ...parsed, id, … }`: V8 gives each object cloned by a leading spread and then extended
  // a hidden class of its own (~350 bytes more per record, and polymorphic reads of every field).
  return Object.assign({}, parsed, { id, createdAt, input, status: 'pending' as const });
}
