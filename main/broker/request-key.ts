import { z } from 'zod';
import {
  isStorable,
  isWellFormed,
  NOT_STORABLE_MESSAGE,
  NOT_WELL_FORMED_MESSAGE,
} from '@contract/well-formed';
import { MAX_KEY_BYTES } from './key-limit';

export { MAX_KEY_BYTES };

const encoder = new TextEncoder();

/** A request key as the Clarity protocols carry it: paths, dots, Unicode, control characters other than NUL are all fine. */
export const RequestKeySchema = z
  .string()
  .min(1, 'must not be empty')
  .refine(isWellFormed, NOT_WELL_FORMED_MESSAGE)
  .refine(isStorable, NOT_STORABLE_MESSAGE)
  .refine(
    (key) => key.length <= MAX_KEY_BYTES && encoder.encode(key).length <= MAX_KEY_BYTES,
    `must be at most ${MAX_KEY_BYTES} bytes in UTF-8`,
  );
