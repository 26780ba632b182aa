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

/**
 * The CSP header for a page of the UI: the one above, with the inline scripts the page's own meta
 * CSP allows by hash (popover.html's first card, scripts/vite/inline-early-card.ts); both policies
 * apply, so without them the header would block what the page allows. Nothing else is taken over.
 */
export function pageCsp(html: string): string {
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)?.[1] ?? '';
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(meta)?.[1] ?? '';
  const hashes = scriptSrc.split(/\s+/).filter((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s));
  if (!hashes.length) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace(
    "script-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`,
  );
}

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * Adds the security headers to every response (cheap, and covers the HTML and its assets); a
 * page's own CSP (pageCsp) set by its route is kept.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  // Callback style: an async hook costs a promise and a microtask turn on every response.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const pagePolicy = reply.getHeader('content-security-policy');
    reply.headers(SECURITY_HEADERS);
    if (typeof pagePolicy === 'string') reply.header('content-security-policy', pagePolicy);
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (html && reply.getHeader('cache-control') === undefined)
      reply.header('cache-control', 'no-cache');
    done(null, payload);
  });
}
