import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const TOKEN_COOKIE = 'clarity_hitl_session';

/** Compares two secrets in constant time (hashing first, so lengths leak nothing either). */
export function safeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The cookie value for a token: derived, so the raw token is never stored in the browser. */
export function sessionValue(token: string): string {
  return createHmac('sha256', token).update('clarity-hitl-session').digest('base64url');
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

/** The `Set-Cookie` value that authorises a browser after `/?token=…`. */
export function sessionCookie(token: string): string {
  return `${TOKEN_COOKIE}=${sessionValue(token)}; HttpOnly; SameSite=Strict; Path=/`;
}

/** True when the request carries the token (Bearer header) or the session cookie. */
export function isAuthorised(
  headers: { authorization?: string; cookie?: string },
  token: string,
): boolean {
  const bearer = bearerToken(headers.authorization);
  if (bearer !== undefined) return safeEqual(bearer, token);
  const cookie = readCookie(headers.cookie, TOKEN_COOKIE);
  return cookie !== undefined && safeEqual(cookie, sessionValue(token));
}
