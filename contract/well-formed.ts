/** A UTF-16 surrogate with no partner (with the `u` flag, a proper pair is one code point and does not match). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

export const NOT_WELL_FORMED_MESSAGE = 'must be well-formed Unicode (no unpaired UTF-16 surrogate)';

/**
 * True when `text` is well-formed UTF-16 (`String.prototype.isWellFormed`). Ids that end up in
 * URLs, headers or file names must be: `encodeURIComponent` throws on an unpaired surrogate and
 * UTF-8 turns it into U+FFFD, so the id read back would not be the id that was given.
 */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}
