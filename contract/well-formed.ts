/** A UTF-16 surrogate with no partner (with the `u` flag, a proper pair is one code point and does not match). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/**
 * `String.prototype.isWellFormed` (ES2024: Node 20, Chromium 111), else the same verdict by a
 * regular expression. The built-in answers a one-byte string (no surrogate fits in one) without
 * looking at it; a start-up scan checks every text of 10,000 requests.
 */
const nativeWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;

export const NOT_WELL_FORMED_MESSAGE = 'must be well-formed Unicode (no unpaired UTF-16 surrogate)';

/**
 * True when `text` is well-formed UTF-16 (`String.prototype.isWellFormed`). Ids that end up in
 * URLs, headers or file names must be: `encodeURIComponent` throws on an unpaired surrogate and
 * UTF-8 turns it into U+FFFD, so the id read back would not be the id that was given.
 */
export function isWellFormed(text: string): boolean {
  return nativeWellFormed ? nativeWellFormed.call(text) : !LONE_SURROGATE.test(text);
}

export const NOT_STORABLE_MESSAGE =
  'must not contain NUL (U+0000) or an unpaired UTF-16 surrogate (text the store cannot keep)';

/**
 * True when `text` can be kept as it is by every store the broker has: PostgreSQL's text and
 * jsonb refuse NUL, and UTF-8 turns an unpaired surrogate into U+FFFD. One rule in local and
 * team mode, so a request is never accepted by one instance and lost on the way to another.
 */
export function isStorable(text: string): boolean {
  return !text.includes('\0') && isWellFormed(text);
}

/**
 * The path (`prompt`, `input.options.0.label`, `meta.note`) of the first string in `value`, key
 * or value, that is not storable; undefined when there is none.
 */
export function unstorablePath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorable(value) ? undefined : path || '(value)';
  if (typeof value !== 'object' || value === null) return undefined;
  // for…in over own keys, not Object.entries: no [key, value] array per field of every request.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!isStorable(key)) return path ? `${path}.${key}` : key;
    const item = (value as Record<string, unknown>)[key];
    // Numbers, booleans and storable strings have nothing below them: no path built for them.
    if (typeof item === 'string' ? isStorable(item) : typeof item !== 'object' || item === null)
      continue;
    const found = unstorablePath(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}
