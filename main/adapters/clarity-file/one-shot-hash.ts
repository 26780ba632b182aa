import crypto, { createHash } from 'node:crypto';

type Digest = 'hex' | 'base64';
/** `crypto.hash` (Node 20.12+, 21.7+): one call, no Hash object; about 3× faster on short input. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: Digest) => string })
  .hash;

function sha256(text: string, encoding: Digest): string {
  return oneShot
    ? oneShot('sha256', text, encoding)
    : createHash('sha256').update(text).digest(encoding);
}

/** SHA-256 of `text` (UTF-8) in hex. */
export function sha256Hex(text: string): string {
  return sha256(text, 'hex');
}

/** SHA-256 of `text` (UTF-8) in base64. */
export function sha256Base64(text: string): string {
  return sha256(text, 'base64');
}
