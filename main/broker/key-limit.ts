/**
 * Largest key, in UTF-8 bytes (docs/protocols.md, "Keys"). A key is data, never a path: any
 * non-empty well-formed string up to this size is accepted on every surface. The bound keeps
 * `GET /questions/{key}` URLs (up to 3 bytes of `%XX` per key byte) well inside the server's
 * header limit.
 */
export const MAX_KEY_BYTES = 4096;
