import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web UI: only our own scripts, no inline script, no plugins,
 * no framing; matches the meta CSP of renderer/index.html.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // The installable inbox: its service worker and manifest, from this origin only.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** Adds the security headers to every response (cheap, and covers the HTML and its assets). */
export function installSecurityHeaders(app: FastifyInstance): void {
  // Callback style: an async hook costs a promise and a microtask turn on every response.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (html && reply.getHeader('cache-control') === undefined)
      reply.header('cache-control', 'no-cache');
    done(null, payload);
  });
}
