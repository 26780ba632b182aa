import { sha256Hex } from './one-shot-hash';
import type { FileSignature } from './plain-question';

/**
 * The request id of a question file: the same for the same file (directory, name, inode, mtime,
 * content) on every broker start, so a restarted broker re-reads a pending question under the id
 * the inbox already shows (its open card, its draft). UUID-shaped (version 8: name-based).
 */
export function stableFileRequestId(
  dir: string,
  base: string,
  signature: Pick<FileSignature, 'ino' | 'mtimeMs'>,
  fingerprint: string,
): string {
  const hex = sha256Hex(JSON.stringify([dir, base, signature.ino, signature.mtimeMs, fingerprint]));
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  // Array.join gives one flat string (a template literal would be a tree of eight pieces, kept
  // for as long as the request lives: see flatString).
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    '8' + hex.slice(13, 16),
    variant + hex.slice(17, 20),
    hex.slice(20, 32),
  ].join('-');
}
