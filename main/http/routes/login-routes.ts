import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteModule } from '../context';
import { authorityOf } from '../guards/authority';
import {
  OPERATOR_COOKIE,
  operatorLogoutCookie,
  operatorSessionCookie,
} from '../guards/operator-credentials';
import { phoneSessionCookie } from '../pairing/phone-sessions';
import { loginPageHtml, loginPageLanguage } from '../login-page';
import { emptyReply, mediaReply } from '../schema/reply-media';
import type { ZodTypeProvider } from '../schema/zod-type-provider';

const LoginQuerySchema = z.object({ code: z.string().max(200).optional() });
const TAGS = ['login'];
const LOGIN = {
  summary: 'Redeem a one-time login (or pairing) code: sets the session cookie, redirects to /',
  tags: TAGS,
  querystring: LoginQuerySchema,
  response: {
    303: emptyReply('the code is good: the session cookie is set; on to the inbox', {
      location: 'the inbox, `/`',
      'set-cookie': 'the operator’s (or the paired phone’s) session cookie',
    }),
    401: mediaReply('no code, or a used or expired one: the login page says so', ['text/html']),
  },
};
const LINK = {
  summary: 'A fresh one-time login link (clarity-hitl open)',
  tags: TAGS,
  response: { 200: z.object({ url: z.string() }) },
};
const LOGOUT = {
  summary: 'End this browser’s session',
  tags: TAGS,
  response: {
    200: z.object({ ok: z.literal(true) }).describe('ended: the session cookie is cleared'),
  },
};

/**
 * The web inbox's login (docs/security.md):
 * - `GET /login?code=…`: a one-time code from a login link sets the HttpOnly, SameSite=Strict
 *   session cookie and redirects to the inbox; the code stops working. A pairing code (the "Pair a
 *   phone" QR code) sets a session of that phone's own instead, listed and revocable. A used or
 *   expired code gets the login page saying so.
 * - `POST /api/login-links` (operator): a fresh login link, for `clarity-hitl open`.
 * - `POST /api/logout` (operator): ends this browser's session.
 */
export const loginRoutes: RouteModule = (app, context) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/login', { schema: LOGIN }, async (request, reply) => {
    const { code } = request.query;
    reply.header('cache-control', 'no-store');
    if (code !== undefined && context.loginCodes.redeem(code))
      return reply
        .header('set-cookie', operatorSessionCookie(context.operatorSecret))
        .redirect('/', 303);
    const paired = code === undefined ? undefined : context.phones.pair(code, userAgent(request));
    if (paired)
      return reply
        .header('set-cookie', phoneSessionCookie(OPERATOR_COOKIE, paired.cookie))
        .redirect('/', 303);
    return reply
      .status(401)
      .header('content-type', 'text/html; charset=utf-8')
      .send(
        loginPageHtml(
          code === undefined ? 'no-session' : 'used-link',
          loginPageLanguage(request.headers['accept-language']),
        ),
      );
  });

  api.post('/api/login-links', { schema: LINK }, async () => ({
    url: loginUrl(context.url(), context),
  }));

  // A paired phone that logs out ends its session for good (it leaves the paired list).
  api.post('/api/logout', { schema: LOGOUT }, async (request, reply) => {
    const authority = authorityOf(request);
    if (authority.kind === 'operator' && authority.phone) context.phones.revoke(authority.phone);
    return reply.header('set-cookie', operatorLogoutCookie()).send({ ok: true });
  });
};

/** A fresh one-time login link to the inbox at `base`. */
export function loginUrl(
  base: string,
  context: Pick<Parameters<RouteModule>[1], 'loginCodes'>,
  ttlMs?: number,
): string {
  return new URL(`login?code=${context.loginCodes.issue(ttlMs)}`, base).toString();
}

function userAgent(request: FastifyRequest): string | undefined {
  const header = request.headers['user-agent'];
  return Array.isArray(header) ? header[0] : header;
}
