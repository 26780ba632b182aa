import type { Authority } from './authority';
import { phoneSessionCookie, type PhoneSessionCheck } from '../pairing/phone-sessions';
import {
  bearerToken,
  checkSession,
  readCookie,
  safeEqual,
  SESSION_MAX_AGE_S,
  sessionValue,
} from './token-auth';

/** An operator's name and token (`--operator-token alice=<token>`). */
export interface OperatorToken {
  name: string;
  token: string;
}

/** The web inbox's login session cookie (set by a one-time login link). */
export const OPERATOR_COOKIE = 'clarity_hitl_operator';

/** What proves the operator: the secret, and the named operators' tokens (team mode). */
export interface OperatorCredentials {
  operatorSecret?: string;
  operators?: readonly OperatorToken[];
  /** The paired phones' sessions (a phone's cookie names one; revoked ones are refused). */
  phones?: { check(cookie: string): PhoneSessionCheck | undefined };
}

/**
 * The operator's authority when the request carries one of their credentials: the operator
 * secret as `Authorization: Bearer` (the CLI), a named operator's token (team mode), or a live
 * login session cookie (renewed once a day while used). Undefined otherwise.
 */
export function operatorAuthority(
  headers: { authorization?: string; cookie?: string; 'x-hitl-client'?: string | string[] },
  credentials: OperatorCredentials,
  now: number = Date.now(),
): { authority: Extract<Authority, { kind: 'operator' }>; renewCookie?: string } | undefined {
  const secret = credentials.operatorSecret;
  const bearer = bearerToken(headers.authorization);
  if (bearer !== undefined) {
    if (secret && safeEqual(bearer, secret)) return { authority: { kind: 'operator', via: 'cli' } };
    const named = credentials.operators?.find((o) => safeEqual(bearer, o.token));
    if (named) return { authority: { kind: 'operator', via: 'operator-token', name: named.name } };
    return undefined;
  }
  const cookie = readCookie(headers.cookie, OPERATOR_COOKIE);
  if (!secret || cookie === undefined) return undefined;
  if (cookie.startsWith('p.')) return phoneAuthority(cookie, credentials);
  const session = checkSession(cookie, secret, now);
  if (session === 'invalid') return undefined;
  const authority = { kind: 'operator', via: 'web-session' } as const;
  return session === 'renew'
    ? { authority, renewCookie: operatorSessionCookie(secret, now) }
    : { authority };
}

/** The authority of a paired phone's session cookie (`p.<id>.<mac>`), while it is live. */
function phoneAuthority(
  cookie: string,
  credentials: OperatorCredentials,
): ReturnType<typeof operatorAuthority> {
  const session = credentials.phones?.check(cookie);
  if (!session) return undefined;
  const authority = { kind: 'operator', via: 'phone (paired)', phone: session.id } as const;
  return session.renew
    ? { authority, renewCookie: phoneSessionCookie(OPERATOR_COOKIE, cookie) }
    : { authority };
}

/** The `Set-Cookie` value of a login session: HttpOnly, SameSite=Strict, 7 days while used. */
export function operatorSessionCookie(secret: string, now: number = Date.now()): string {
  return `${OPERATOR_COOKIE}=${sessionValue(secret, now)}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_MAX_AGE_S}`;
}

/** The `Set-Cookie` value that ends a login session. */
export function operatorLogoutCookie(): string {
  return `${OPERATOR_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
}
