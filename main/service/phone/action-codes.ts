import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * One decision a phone button may take: allow once / deny an approval, yes / no to a confirm, or
 * the n-th option of a choice (or of AskUserQuestion's one question). "Always" is never one (it
 * needs the scope chooser).
 */
export type PhoneDecision = 'allow' | 'deny' | 'yes' | 'no' | `option:${number}`;

const DECISION = /^(allow|deny|yes|no|option:[0-9]{1,2})$/;
const B64URL = /^[A-Za-z0-9_-]+$/;

/** Why a code was refused (for the warning; the phone learns nothing either way). */
export type CodeRefusal = 'malformed' | 'tampered' | 'unknown-or-used' | 'other-request';

/** A redeemed code's request and decision, or why it was refused. */
export type Redeemed =
  { ok: true; requestId: string; decision: PhoneDecision } | { ok: false; why: CodeRefusal };

/**
 * Single-use capabilities for phone buttons. A code names one request and one decision, with a
 * nonce, under an HMAC keyed from the operator secret: it can take that decision on that request
 * once and nothing else. A changed request id, decision or nonce breaks the MAC (tampered); a
 * code used once, or whose request was resolved (`forget`), or issued before a restart, is
 * unknown. Codes hold no secret: a leaked one is worth at most its own decision, once.
 *
 * Two forms: `v1.<request id>.<decision>.<nonce>.<mac>` (ntfy: any length) and the compact
 * `t1.<handle>.<decision>.<nonce>.<mac>` (at most 56 bytes, for Telegram's 64-byte
 * `callback_data`), where the handle is a random 8-character name of the request given out with
 * its first code and the MAC (128 bits) still covers the full request id.
 */
export class ActionCodes {
  private readonly key: Buffer;
  /** Outstanding nonces by request id: what each may still decide. */
  private readonly outstanding = new Map<string, Map<string, PhoneDecision>>();
  /** Compact codes' handles, both ways. */
  private readonly handles = new Map<string, string>();
  private readonly byHandle = new Map<string, string>();

  /** `channel` keys the codes apart: a code issued for one channel is tampered on another. */
  constructor(operatorSecret: string, channel = 'phone action codes v1') {
    this.key = Buffer.from(hkdfSync('sha256', operatorSecret, 'clarity-hitl', channel, 32));
  }

  /** A fresh code for `decision` on `requestId` (URL- and header-safe ASCII). */
  issue(requestId: string, decision: PhoneDecision): string {
    const nonce = this.remember(requestId, decision, 16);
    const body = `v1.${Buffer.from(requestId, 'utf8').toString('base64url')}.${decision}.${nonce}`;
    return `${body}.${this.mac(body)}`;
  }

  /** A fresh compact code (≤ 56 ASCII bytes, whatever the request id's length). */
  issueCompact(requestId: string, decision: PhoneDecision): string {
    let handle = this.handles.get(requestId);
    if (handle === undefined) {
      do handle = randomBytes(6).toString('base64url');
      while (this.byHandle.has(handle));
      this.handles.set(requestId, handle);
      this.byHandle.set(handle, requestId);
    }
    const nonce = this.remember(requestId, decision, 8);
    const body = `t1.${handle}.${decision}.${nonce}`;
    return `${body}.${this.mac(body, requestId)}`;
  }

  /**
   * The request and decision of a valid, unused code, using it up (with every other code of its
   * request: a request takes one decision); a refusal otherwise. With `forRequest` (the request
   * whose message the button was pressed on), a valid code of another request is refused unused.
   */
  redeem(code: string, forRequest?: string): Redeemed {
    const parts = code.trim().split('.');
    if (parts.length !== 5 || (parts[0] !== 'v1' && parts[0] !== 't1'))
      return { ok: false, why: 'malformed' };
    const [form, id, decision, nonce, mac] = parts as [string, string, string, string, string];
    if (![id, nonce, mac].every((part) => B64URL.test(part)) || !DECISION.test(decision))
      return { ok: false, why: 'malformed' };
    const body = `${form}.${id}.${decision}.${nonce}`;
    let requestId: string | undefined;
    if (form === 'v1') requestId = Buffer.from(id, 'base64url').toString('utf8');
    else requestId = this.byHandle.get(id);
    // A compact code of a forgotten request cannot be checked any more: it is unknown either way.
    if (requestId === undefined) return { ok: false, why: 'unknown-or-used' };
    const expected = Buffer.from(form === 'v1' ? this.mac(body) : this.mac(body, requestId));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, why: 'tampered' };
    if (forRequest !== undefined && forRequest !== requestId)
      return { ok: false, why: 'other-request' };
    const nonces = this.outstanding.get(requestId);
    if (nonces?.get(nonce) !== decision) return { ok: false, why: 'unknown-or-used' };
    this.forget(requestId);
    return { ok: true, requestId, decision: decision as PhoneDecision };
  }

  /** Voids every code of a request (it was answered, cancelled or expired anywhere). */
  forget(requestId: string): void {
    this.outstanding.delete(requestId);
    const handle = this.handles.get(requestId);
    if (handle === undefined) return;
    this.handles.delete(requestId);
    this.byHandle.delete(handle);
  }

  private remember(requestId: string, decision: PhoneDecision, bytes: number): string {
    const nonce = randomBytes(bytes).toString('base64url');
    let nonces = this.outstanding.get(requestId);
    if (!nonces) this.outstanding.set(requestId, (nonces = new Map()));
    nonces.set(nonce, decision);
    return nonce;
  }

  /** The full HMAC of `body` (v1), or its first 128 bits over the request id too (compact). */
  private mac(body: string, requestId?: string): string {
    const hmac = createHmac('sha256', this.key).update(body);
    if (requestId === undefined) return hmac.digest('base64url');
    return hmac.update(`\0${requestId}`).digest().subarray(0, 16).toString('base64url');
  }
}
