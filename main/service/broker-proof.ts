import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * `<stateDir>/hook-proof.key` (0600): a key derived from the operator secret that the broker uses
 * to prove to the coding-agent hook that it is the operator's own broker. The hook reads only
 * this key (never the operator secret), so a hook or agent that leaks it can impersonate the
 * broker to its own hook but cannot act as the operator. Kept free of zod: the hook loads it on
 * every tool call.
 */
export const HOOK_PROOF_FILE = 'hook-proof.key';

/** The proof key for an operator secret (HMAC-SHA256 of a fixed label, base64url). */
export function deriveProofKey(operatorSecret: string): string {
  return createHmac('sha256', operatorSecret)
    .update('clarity-hitl hook proof v1')
    .digest('base64url');
}

/** Writes the proof key file atomically with mode 0600; returns its path. */
export function writeProofKey(stateDir: string, operatorSecret: string): string {
  const file = path.join(stateDir, HOOK_PROOF_FILE);
  const temp = path.join(stateDir, `.${HOOK_PROOF_FILE}.${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(temp, `${deriveProofKey(operatorSecret)}\n`, { mode: 0o600 });
  renameSync(temp, file);
  return file;
}

/**
 * The proof key in `stateDir`, undefined when there is none (no broker ever started there) or when
 * it cannot be trusted: not a regular file of this user (a symlink is not followed), or open to
 * others (whoever could write it could pass for the broker).
 */
export function readProofKey(stateDir: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(
      path.join(stateDir, HOOK_PROOF_FILE),
      constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
    );
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    if (process.platform !== 'win32') {
      if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return undefined;
      if ((stat.mode & 0o077) !== 0) return undefined;
    }
    const key = readFileSync(fd, 'utf8').trim();
    return /^[A-Za-z0-9_-]{43}$/.test(key) ? key : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The proof of `purpose` for `nonce` and `body`: HMAC-SHA256(key, purpose NUL nonce NUL body),
 * base64url. The hook sends a fresh nonce; the broker answers with the proof; a squatter on the
 * port, without the key, cannot produce it.
 */
export function proofOf(key: string, purpose: string, nonce: string, body = ''): string {
  return createHmac('sha256', key).update(`${purpose}\0${nonce}\0${body}`).digest('base64url');
}

/** Checks a proof in constant time. */
export function proofMatches(
  key: string,
  purpose: string,
  nonce: string,
  body: string,
  given: unknown,
): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(proofOf(key, purpose, nonce, body));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
