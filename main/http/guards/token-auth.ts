import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const TOKEN_COOKIE = 'clarity_hitl_session';

/** Compares two secrets in constant time (hashing first, so lengths leak nothing either). */
export function safeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** How long a browser session lasts without use: 7 days (the cookie's Max-Age and the server's check). */
export const SESSION_MAX_AGE_S = 7 * 24 * 3600;
/** A session older than this gets a fresh cookie on its next request (sliding renewal). */
export const SESSION_RENEW_AFTER_S = 24 * 3600;

/**
 * The cookie value for a token issued at `issuedAt` (ms): the time plus an HMAC of it keyed by
 * the token, so the raw token is never stored in the browser, a session cannot be extended by
 * editing its time, and changing the token ends every session.
 */
export function sessionValue(token: string, issuedAt: number): string {
  const stamp = Math.floor(issuedAt / 1000).toString(36);
  const mac = createHmac('sha256', token)
    .update(`clarity-hitl-session:${stamp}`)
    .digest('base64url');
  return `${stamp}.${mac}`;
}

/** What a session cookie is worth now: invalid (forged, expired), valid, or valid but due for renewal. */
export function checkSession(
  value: string,
  token: string,
  now: number,
): 'invalid' | 'valid' | 'renew' {
  const stamp = value.split('.')[0] ?? '';
  const issued = parseInt(stamp, 36) * 1000;
  if (!/^[0-9a-z]{1,12}$/.test(stamp) || !safeEqual(value, sessionValue(token, issued)))
    return 'invalid';
  const age = (now - issued) / 1000;
  if (age > SESSION_MAX_AGE_S || age < -60) return 'invalid';
  return age > SESSION_RENEW_AFTER_S ? 'renew' : 'valid';
}

/** The token from `Authorization: Bearer <token>`, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match?.[1];
}

/** One cookie's value from a `Cookie` header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The `Set-Cookie` value that authorises a browser after `/?token=…` (renewed while in use). */
export function sessionCookie(token: string, now: number = Date.now()): string {
  return `${TOKEN_COOKIE}=${sessionValue(token, now)}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_MAX_AGE_S}`;
}

/**
 * Whether the request carries the token (Bearer header) or a live session cookie; `renew` when
 * the cookie should be replaced by a fresh one on this response.
 */
export function authorisation(
  headers: { authorization?: string; cookie?: string },
  token: string,
  now: number = Date.now(),
): 'denied' | 'ok' | 'renew' {
  const bearer = bearerToken(headers.authorization);
  if (bearer !== undefined) return safeEqual(bearer, token) ? 'ok' : 'denied';
  const cookie = readCookie(headers.cookie, TOKEN_COOKIE);
  if (cookie === undefined) return 'denied';
  const session = checkSession(cookie, token, now);
  return session === 'invalid' ? 'denied' : session === 'valid' ? 'ok' : 'renew';
}

/** True when the request carries the token (Bearer header) or a live session cookie. */
export function isAuthorised(
  headers: { authorization?: string; cookie?: string },
  token: string,
  now: number = Date.now(),
): boolean {
  return authorisation(headers, token, now) !== 'denied';
}
