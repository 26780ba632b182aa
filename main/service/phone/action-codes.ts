import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * One decision a phone button may take: allow once / deny an approval, yes / no to a confirm, or
 * the n-th option of a choice. "Always" is never one (it needs the scope chooser).
 */
export type PhoneDecision = 'allow' | 'deny' | 'yes' | 'no' | `option:${number}`;

const DECISION = /^(allow|deny|yes|no|option:[0-9]{1,2})$/;
const B64URL = /^[A-Za-z0-9_-]+$/;

/** Why a code was refused (for the warning; the phone learns nothing either way). */
export type CodeRefusal = 'malformed' | 'tampered' | 'unknown-or-used';

/**
 * Single-use capabilities for phone buttons. A code names one request and one decision, with a
 * nonce, under an HMAC keyed from the operator secret: it can take that decision on that request
 * once and nothing else. A changed request id, decision or nonce breaks the MAC (tampered); a
 * code used once, or whose request was resolved (`forget`), or issued before a restart, is
 * unknown. Codes hold no secret: a leaked one is worth at most its own decision, once.
 */
export class ActionCodes {
  private readonly key: Buffer;
  /** Outstanding nonces by request id: what each may still decide. */
  private readonly outstanding = new Map<string, Map<string, PhoneDecision>>();

  constructor(operatorSecret: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', operatorSecret, 'clarity-hitl', 'phone action codes v1', 32),
    );
  }

  /** A fresh code for `decision` on `requestId` (URL- and header-safe ASCII). */
  issue(requestId: string, decision: PhoneDecision): string {
    const nonce = randomBytes(16).toString('base64url');
    const id = Buffer.from(requestId, 'utf8').toString('base64url');
    const body = `v1.${id}.${decision}.${nonce}`;
    let nonces = this.outstanding.get(requestId);
    if (!nonces) this.outstanding.set(requestId, (nonces = new Map()));
    nonces.set(nonce, decision);
    return `${body}.${this.mac(body)}`;
  }

  /**
   * The request and decision of a valid, unused code, using it up (with every other code of its
   * request: a request takes one decision); a refusal otherwise.
   */
  redeem(
    code: string,
  ): { ok: true; requestId: string; decision: PhoneDecision } | { ok: false; why: CodeRefusal } {
    const parts = code.trim().split('.');
    if (parts.length !== 5 || parts[0] !== 'v1') return { ok: false, why: 'malformed' };
    const [, id, decision, nonce, mac] = parts as [string, string, string, string, string];
    if (![id, nonce, mac].every((part) => B64URL.test(part)) || !DECISION.test(decision))
      return { ok: false, why: 'malformed' };
    const expected = Buffer.from(this.mac(`v1.${id}.${decision}.${nonce}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, why: 'tampered' };
    const requestId = Buffer.from(id, 'base64url').toString('utf8');
    const nonces = this.outstanding.get(requestId);
    if (nonces?.get(nonce) !== decision) return { ok: false, why: 'unknown-or-used' };
    this.outstanding.delete(requestId);
    return { ok: true, requestId, decision: decision as PhoneDecision };
  }

  /** Voids every code of a request (it was answered, cancelled or expired anywhere). */
  forget(requestId: string): void {
    this.outstanding.delete(requestId);
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
