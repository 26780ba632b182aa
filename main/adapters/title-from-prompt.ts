/**
 * A short card title from a markdown prompt: its first non-empty line without heading/list/quote
 * markers or emphasis, cut at `max` characters. Protocols without a title field use it so the
 * inbox shows words, not a generated key.
 */
export function titleFromPrompt(prompt: string, max = 80): string | undefined {
  const line = prompt
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('```'));
  if (!line) return undefined;
  const plain = line
    .replace(/^(#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)/, '')
    .replace(/[*_`]+/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim();
  if (!plain) return undefined;
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
