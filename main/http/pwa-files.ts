/**
 * The installable web app's own files (renderer/public/, served from out/renderer like the rest of
 * the UI): they hold no request, answer or setting, so a browser may load them without a session
 * (it fetches the manifest without cookies, and the offline page must be cached before it is
 * needed). Everything else of the UI still needs the session or token the guard asks for.
 */
export const PWA_PUBLIC_FILES: ReadonlySet<string> = new Set([
  '/manifest.webmanifest',
  '/sw.js',
  '/offline.html',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
  '/icons/apple-touch-icon.png',
]);
