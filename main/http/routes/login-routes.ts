import { z } from 'zod';
import { parseOrThrow } from '../../broker/validation';
import type { RouteModule } from '../context';
import { operatorLogoutCookie, operatorSessionCookie } from '../guards/operator-credentials';
import { loginPageHtml } from '../login-page';

const LoginQuerySchema = z.object({ code: z.string().max(200).optional() });

/**
 * The web inbox's login (docs/security.md):
 * - `GET /login?code=…`: a one-time code from a login link sets the HttpOnly, SameSite=Strict
 *   session cookie and redirects to the inbox; the code stops working. A used or expired code
 *   gets the login page saying so.
 * - `POST /api/login-links` (operator): a fresh login link, for `clarity-hitl open`.
 * - `POST /api/logout` (operator): ends this browser's session.
 */
export const loginRoutes: RouteModule = (app, context) => {
  app.get('/login', async (request, reply) => {
    const { code } = parseOrThrow(LoginQuerySchema, request.query, 'query');
    reply.header('cache-control', 'no-store');
    if (code === undefined || !context.loginCodes.redeem(code)) {
      return reply
        .status(401)
        .header('content-type', 'text/html; charset=utf-8')
        .send(loginPageHtml(code === undefined ? 'no-session' : 'used-link'));
    }
    return reply
      .header('set-cookie', operatorSessionCookie(context.operatorSecret))
      .redirect('/', 303);
  });

  app.post('/api/login-links', async () => ({ url: loginUrl(context.url(), context) }));

  app.post('/api/logout', async (_request, reply) =>
    reply.header('set-cookie', operatorLogoutCookie()).send({ ok: true }),
  );
};

/** A fresh one-time login link to the inbox at `base`. */
export function loginUrl(
  base: string,
  context: Pick<Parameters<RouteModule>[1], 'loginCodes'>,
  ttlMs?: number,
): string {
  return new URL(`login?code=${context.loginCodes.issue(ttlMs)}`, base).toString();
}
