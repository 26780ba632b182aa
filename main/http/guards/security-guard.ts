import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';
import { PWA_PUBLIC_FILES } from '../pwa-files';
import { isAllowedHost, isAllowedOrigin, type HostPolicy } from './allowed-hosts';
import { setAuthority, authorityOf } from './authority';
import {
  operatorAuthority,
  type OperatorCredentials,
  type OperatorToken,
} from './operator-credentials';
import { authorisation, safeEqual, sessionCookie } from './token-auth';

export interface SecurityOptions extends HostPolicy {
  /** When set, every request needs it (Bearer header, or the cookie set by `/?token=`). */
  token?: string;
  /**
   * Opt-in for clients that cannot send headers (some SSE and webhook libraries): `?token=` on
   * any request but a browser page load authorises that request itself. Off by default: a URL
   * with the token ends up in logs, proxies and shell history.
   */
  allowQueryToken?: boolean;
  /** Named operators' own tokens (team mode): who used which is recorded on what they resolve. */
  operators?: readonly OperatorToken[];
  /** The per-user operator secret (main/service/operator-secret.ts): the operator's authority. */
  operatorSecret?: string;
  /** The paired phones' sessions (OperatorCredentials.phones). */
  phones?: OperatorCredentials['phones'];
}

export type { OperatorToken };

/** The operator whose token authorised this request, when it was a named operator's token. */
export function operatorOf(request: FastifyRequest): string | undefined {
  const authority = authorityOf(request);
  return authority.kind === 'operator' ? authority.name : undefined;
}

/**
 * Installs the request guard, in this order: Host (DNS rebinding) → Origin (CSRF) → the
 * operator's credentials (login session, operator secret, named operator token: operator
 * authority) → the login page → `?token=` cookie exchange → token (agent authority). Which routes
 * need the operator is route-authority.ts's job. Nothing here sends CORS headers: foreign origins
 * get 403.
 */
export function installSecurityGuard(app: FastifyInstance, options: SecurityOptions): void {
  // Callback style: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onRequest', (request, reply, done) => {
    let replied: FastifyReply | undefined;
    try {
      replied = guard(request, reply, options);
    } catch (error) {
      return done(error as Error);
    }
    // A reply sent here (the cookie exchange's redirect) ends the request: done() is not called.
    if (!replied) done();
  });
}

/** Throws the HttpError that refuses `request`; returns the reply when it answered it itself. */
function guard(
  request: FastifyRequest,
  reply: FastifyReply,
  options: SecurityOptions,
): FastifyReply | undefined {
  if (!isAllowedHost(request.headers.host, options)) {
    throw new HttpError(
      403,
      'forbidden_host',
      `Host ${request.headers.host ?? '(none)'} is not this broker's loopback name and port`,
    );
  }
  if (!isAllowedOrigin(request.headers.origin, options)) {
    throw new HttpError(
      403,
      'forbidden_origin',
      `Origin ${request.headers.origin} is not this broker's own origin`,
    );
  }
  const operator = operatorAuthority(request.headers, options);
  if (operator) {
    setAuthority(request, operator.authority);
    if (operator.renewCookie) reply.header('set-cookie', operator.renewCookie);
    return undefined;
  }
  // The hook's hello carries no credential on purpose: it proves the broker before sending one.
  if (request.method === 'POST' && request.url === '/api/hooks/hello') return undefined;
  const candidates: Array<{ name?: string; token: string }> = [
    ...(options.token !== undefined ? [{ token: options.token }] : []),
    ...(options.operators ?? []),
  ];
  if (candidates.length === 0) return undefined;
  const remember = (found: { name?: string }): undefined => {
    if (found.name)
      setAuthority(request, { kind: 'operator', via: 'operator-token', name: found.name });
    return undefined;
  };
  const url = new URL(request.url, 'http://broker.invalid');
  const queryToken = url.searchParams.get('token');
  const byQuery =
    queryToken === null ? undefined : candidates.find((c) => safeEqual(queryToken, c.token));
  if (queryToken !== null && options.allowQueryToken && !isPageLoad(request)) {
    if (!byQuery) throw new HttpError(401, 'unauthorized', 'the token in the URL is wrong');
    return remember(byQuery);
  }
  if (request.method === 'GET' && queryToken !== null) {
    if (!byQuery) throw new HttpError(401, 'unauthorized', 'the token in the URL is wrong');
    url.searchParams.delete('token');
    const clean =
      url.pathname + (url.searchParams.size > 0 ? `?${url.searchParams.toString()}` : '');
    return reply
      .header('set-cookie', sessionCookie(byQuery.token))
      .header('cache-control', 'no-store')
      .redirect(clean, 303);
  }
  for (const candidate of candidates) {
    const auth = authorisation(request.headers, candidate.token);
    if (auth === 'denied') continue;
    remember(candidate);
    // A session in use is renewed once a day, so it lasts while used and ends 7 days after the last use.
    if (auth === 'renew') reply.header('set-cookie', sessionCookie(candidate.token));
    return undefined;
  }
  if (isLoginPage(request)) return undefined;
  throw new HttpError(
    401,
    'unauthorized',
    'this broker needs its token: send Authorization: Bearer <token>, or open /?token=<token> once in the browser',
  );
}

/**
 * The pages a browser without a session may load: `/login` (a one-time link), the inbox page
 * itself, which then shows how to log in instead of the inbox, and the installable app's own
 * files (manifest, icons, service worker, offline page: a browser fetches the manifest without
 * cookies). None of them reveals anything.
 */
function isLoginPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0]!;
  return path === '/login' || PWA_PUBLIC_FILES.has(path) || (path === '/' && isPageLoad(request));
}

/** A browser loading a page: it gets the cookie exchange, which also takes the token out of the URL. */
function isPageLoad(request: FastifyRequest): boolean {
  return request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html');
}
