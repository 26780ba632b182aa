import { createHash, randomBytes } from 'node:crypto';

/** How long a login link from `clarity-hitl open` (or the desktop app) works: 10 minutes. */
export const LOGIN_CODE_TTL_MS = 10 * 60_000;
/** Most unused codes kept at once (older ones are forgotten first). */
const MAX_CODES = 64;

/**
 * One-time login codes for the web inbox (Jupyter-style login links). A code is redeemed once;
 * only its hash is kept, so a heap dump or a debug print holds no usable code.
 */
export class LoginCodes {
  private readonly codes = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A fresh code, valid once, until `ttlMs` from now (Infinity: until used or the broker stops). */
  issue(ttlMs: number = LOGIN_CODE_TTL_MS): string {
    const code = randomBytes(24).toString('base64url');
    this.codes.set(hash(code), this.now() + ttlMs);
    while (this.codes.size > MAX_CODES) this.codes.delete(this.codes.keys().next().value!);
    return code;
  }

  /** True once for a live code issued here; the code stops working either way. */
  redeem(code: string): boolean {
    if (!/^[A-Za-z0-9_-]{32}$/.test(code)) return false;
    const key = hash(code);
    const expires = this.codes.get(key);
    this.codes.delete(key);
    return expires !== undefined && expires >= this.now();
  }
}

function hash(code: string): string {
  return createHash('sha256').update(code).digest('base64url');
}
