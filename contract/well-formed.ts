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

/** NUL, or a UTF-16 surrogate with no partner. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const UNSTORABLE = /\u0000|[\ud800-\udfff]/u;

export const NOT_STORABLE_MESSAGE =
  'must not contain NUL (U+0000) or an unpaired UTF-16 surrogate (text the store cannot keep)';

/**
 * True when `text` can be kept as it is by every store the broker has: PostgreSQL's text and
 * jsonb refuse NUL, and UTF-8 turns an unpaired surrogate into U+FFFD. One rule in local and
 * team mode, so a request is never accepted by one instance and lost on the way to another.
 */
export function isStorable(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The path (`prompt`, `input.options.0.label`, `meta.note`) of the first string in `value`, key
 * or value, that is not storable; undefined when there is none.
 */
export function unstorablePath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorable(value) ? undefined : path || '(value)';
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isStorable(key)) return at;
    const found = unstorablePath(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}
