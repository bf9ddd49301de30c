/* The console's service worker (PWA, SPEC.md §4). Built by vite.config.ts: __VERSION__ is a hash of
 * the build's file names (a new build is a new worker, which the page offers as an update) and
 * __PRECACHE__ the shell files cached at install. Pages are network-first (fresh when online, the
 * cached shell offline); hashed assets are cache-first; the API and the big screen are never touched. */
const VERSION = '__VERSION__';
const PRECACHE = /* __PRECACHE__ */ [];
const CACHE = `pv-console-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((f) => new URL(f, self.registration.scope).href)))
      .catch(() => undefined),
  );
});

// the page asks the waiting worker to take over once the user chose to refresh
self.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('pv-console-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const rest = url.pathname.slice(scope.pathname.length);
  if (rest.startsWith('api/') || rest.startsWith('daping')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(scope.href, copy));
          }
          return response;
        })
        .catch(() => caches.match(scope.href).then((hit) => hit || Response.error())),
    );
    return;
  }
  if (rest.startsWith('assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
