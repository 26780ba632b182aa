/**
 * `text` copied into one flat string. V8 keeps the result of string concatenation as a tree of
 * pieces (a "cons string"; `crypto.randomUUID()` returns one of about twenty), each piece its own
 * heap object for as long as the string lives. For the id and path every pending file request
 * keeps, that was most of the broker's string objects at 10,000 pending (docs/benchmarks.md).
 */
export function flatString(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
