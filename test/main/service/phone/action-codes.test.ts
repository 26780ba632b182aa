import { describe, expect, it } from 'vitest';
import { ActionCodes } from '../../../../main/service/phone/action-codes';

const SECRET = 'operator-secret-'.repeat(4);

/** The same base64url text with its first character changed: always another value. */
const altered = (text: string): string => `${text[0] === 'A' ? 'B' : 'A'}${text.slice(1)}`;

describe('phone action codes', () => {
  it('a code takes its one decision on its one request, once', () => {
    const codes = new ActionCodes(SECRET);
    const allow = codes.issue('req-1', 'allow');
    const deny = codes.issue('req-1', 'deny');
    expect(codes.redeem(allow)).toEqual({ ok: true, requestId: 'req-1', decision: 'allow' });
    expect(codes.redeem(allow)).toEqual({ ok: false, why: 'unknown-or-used' });
    // The request took its decision: its other button is void too.
    expect(codes.redeem(deny)).toEqual({ ok: false, why: 'unknown-or-used' });
  });

  it('compact codes fit Telegram callback_data (64 bytes) whatever the request id', () => {
    const codes = new ActionCodes(SECRET, 'telegram');
    const id = 'x'.repeat(500);
    const code = codes.issueCompact(id, 'option:12');
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(56);
    expect(code).not.toContain('xxx');
    expect(codes.redeem(code)).toEqual({ ok: true, requestId: id, decision: 'option:12' });
    expect(codes.redeem(code)).toEqual({ ok: false, why: 'unknown-or-used' });
  });

  it("refuses another request's handle, a changed decision, nonce or MAC as tampered", () => {
    const codes = new ActionCodes(SECRET, 'telegram');
    const mine = codes.issueCompact('req-a', 'yes');
    const other = codes.issueCompact('req-b', 'no');
    const [form, handle, , nonce, mac] = mine.split('.');
    const otherHandle = other.split('.')[1];
    for (const forged of [
      [form, otherHandle, 'yes', nonce, mac],
      [form, handle, 'no', nonce, mac],
      [form, handle, 'yes', altered(nonce!), mac],
      [form, handle, 'yes', nonce, altered(mac!)],
    ])
      expect(codes.redeem(forged.join('.')), forged.join('.')).toEqual({
        ok: false,
        why: 'tampered',
      });
    expect(codes.redeem(mine).ok).toBe(true);
    expect(codes.redeem(other).ok).toBe(true);
  });

  it('a forgotten request (answered elsewhere, expired) voids its codes; other channels and keys do not take them', () => {
    const codes = new ActionCodes(SECRET, 'telegram');
    const code = codes.issueCompact('req-1', 'allow');
    codes.forget('req-1');
    expect(codes.redeem(code)).toEqual({ ok: false, why: 'unknown-or-used' });
    const ntfy = new ActionCodes(SECRET);
    const ntfyCode = ntfy.issue('req-2', 'allow');
    expect(new ActionCodes(SECRET, 'telegram').redeem(ntfyCode)).toEqual({
      ok: false,
      why: 'tampered',
    });
    expect(new ActionCodes('another-secret').redeem(ntfyCode).ok).toBe(false);
    for (const junk of ['', 'v1', 'x.y.z.w.v', 't1.abc.always.def.ghi', 'v1.a.b.c'])
      expect(codes.redeem(junk)).toEqual({ ok: false, why: 'malformed' });
  });
});
