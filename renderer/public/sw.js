// The installable web inbox's service worker (docs/phone.md). It keeps the app's shell (the
// offline page, the icons, the hashed scripts and styles: code, never data) and shows the
// offline page when the broker cannot be reached. It never caches or answers for anything else:
// the inbox page (it holds questions), the API, /events and /login always go to the network.
const SHELL = 'hitl-shell-v1';
const PRECACHE = ['offline.html', 'icons/icon-192.png', 'favicon.svg'];
/** The most hashed assets kept (older builds' files go first). */
const MAX_ASSETS = 80;
const scope = new URL(self.registration.scope);
const OFFLINE = new URL('offline.html', scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE.map((file) => new URL(file, scope).href)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(pageOrOffline(request));
  else if (isShellFile(url)) event.respondWith(shellFile(request));
  // Anything else is not touched: the browser fetches it as if there were no service worker.
});

/** A page from the network; the offline page when the broker cannot be reached. */
async function pageOrOffline(request) {
  try {
    const response = await fetch(request);
    // Behind a reverse proxy a stopped broker is a gateway error, not a network error.
    if (response.status !== 502 && response.status !== 504) return response;
    return (await caches.match(OFFLINE)) ?? response;
  } catch (error) {
    const offline = await caches.match(OFFLINE);
    if (offline) return offline;
    throw error;
  }
}

/** The app's own code and images: a built file's name carries its content hash. */
function isShellFile(url) {
  const path = url.pathname.slice(scope.pathname.length);
  return PRECACHE.includes(path) || /^assets\/[\w.-]+-[\w-]{8}\.(?:js|css|svg|woff2?)$/.test(path);
}

/** From the cache when there, else from the network (and kept when it is a plain 200). */
async function shellFile(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.status === 200 && response.type === 'basic') {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    const assets = keys.filter((k) => new URL(k.url).pathname.includes('/assets/'));
    for (const old of assets.slice(0, Math.max(0, assets.length - MAX_ASSETS)))
      await cache.delete(old);
  }
  return response;
}
