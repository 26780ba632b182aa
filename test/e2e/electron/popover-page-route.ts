import type { PopoverPageData } from '@contract/popover-page';
import type { HttpServer } from '../../../main/http/server';
import { pageCsp } from '../../../main/http/security-headers';
import { APP_ORIGIN } from '../../../main/desktop/security/app-protocol';
import { appProtocolHandler } from '../../../main/desktop/security/app-protocol-handler';

/**
 * Serves `/popover.html` on the stand-in server through the desktop app's own `app://` handler
 * (main/desktop/security/app-protocol-handler.ts), so the page comes with what the app writes into
 * it; with the page's own CSP as the header (the server's stricter one would block its hashed
 * inline script, which Electron, sending no CSP header for app://, does not). Register before
 * the server listens.
 */
export function servePopoverPage(
  server: HttpServer,
  rendererDir: string,
  popoverData: () => Promise<PopoverPageData | undefined>,
): void {
  const handle = appProtocolHandler({
    rendererDir,
    fetchFile: () => Promise.reject(new Error('only popover.html is served here')),
    popoverData,
  });
  // A hook, not a route: the server's routes are its own (route-authority.ts classifies each);
  // it runs after the server's guards (Host, Origin), which stay in front of it.
  server.app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.url.split(/[?#]/)[0] !== '/popover.html') return;
    const response = await handle(new Request(`${APP_ORIGIN}/popover.html`));
    const html = await response.text();
    return reply
      .status(response.status)
      .header('content-type', response.headers.get('content-type') ?? 'text/html')
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageCsp(html))
      .send(html);
  });
}
