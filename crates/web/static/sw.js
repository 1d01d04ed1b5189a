// The service worker of the static site that `cargo xtask web` builds: it
// caches every file of the site at install, under the site's version (a hash
// of its files), answers from that cache, so the page works offline, and
// deletes the caches of older versions when its own version takes over. A
// new version waits until the page asks it to take over (the page's "Reload"
// when it sees one waiting) or until no page of the old one is open, so a
// page never mixes files of two versions. The API (`/api/…`, only under
// `unblocker serve`) always goes to the network.
//
// `cargo xtask web` writes the two lines below; as it stands in the source
// tree this file caches nothing.
const VERSION = 'unbuilt';
const FILES = [];

const CACHE = `unblocker-${VERSION}`;

self.addEventListener('install', event => {
  // `no-cache`: a file the browser already holds is revalidated (304), not fetched again.
  event.waitUntil(caches.open(CACHE).then(cache =>
    cache.addAll(FILES.map(file => new Request(file, { cache: 'no-cache' })))));
});

self.addEventListener('activate', event => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('unblocker-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', event => {
  if (event.data === 'take-over') self.skipWaiting();
});

self.addEventListener('fetch', event => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope);
  if (url.pathname.startsWith(`${scope.pathname}api/`)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Every page of the site is the one page (a shared link's state is in its hash).
    const key = request.mode === 'navigate' ? scope.href : request;
    return (await cache.match(key, { ignoreSearch: true })) || fetch(request);
  })());
});
