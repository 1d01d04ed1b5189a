// The service worker of the static site that `cargo xtask web` builds.
//
// Install: every file of the site is fetched and checked against the SHA-256
// the build wrote below, and only when all of them match are they kept, in a
// cache of this version. A file the browser holds already is revalidated
// (304), not fetched again. One that does not match (the host is between two
// deployments, or a cache on the way still holds the old file) is fetched
// once more past every cache; if it still does not match, the install fails
// and the browser tries again at its next check of this file. A cache never
// holds files of two versions.
//
// Caches are named by the worker's scope and the site's version: two copies
// of the site on one origin (under two paths) keep their own, and a version
// taking over deletes only its own scope's older ones.
//
// A new version installs beside the old one and waits until a page asks it
// to take over (the page's Reload); it then claims every page of its scope
// and each of them reloads (js/offline.js), so no page runs on another
// version's files. A page asks for the files it loads late (its engine, the
// engine's worker and glue) with its version (`?v=`): they come from that
// version's cache or not at all, never from another version.
//
// The share sheet (the manifest's share_target) posts a screenshot to
// `share`: it is kept in an inbox until the page, opened at `#shared`, takes
// it. The API (`api/…`, only under `unblocker serve`) and the install
// dialog's screenshots (`screenshots/`) always go to the network.
//
// The names of the messages a page sends, of the share inbox and of the API
// are js/protocol.js's (SW, SHARE, API). A service worker of a classic script
// cannot import a module, and one registered as a module would not install
// under the pages of earlier versions, which register a classic one: `cargo
// xtask web` writes the module into this file in place of the next line, its
// `export`s made plain declarations.
// js/protocol.js
//
// `cargo xtask web` also writes the two lines below (a file's hash is null
// for js/site.js, which a server may add to: it is checked by its version
// line); as it stands in the source tree this file caches nothing.
const VERSION = 'unbuilt';
const FILES = {};

const SCOPE = self.registration.scope;
const OWN = `unblocker ${SCOPE} `;
const CACHE = `${OWN}${VERSION}`;
const INBOX = `${SHARE.inbox} ${SCOPE}`;
const SHARED = new URL(SHARE.key, SCOPE).href;

self.addEventListener('install', event => {
  event.waitUntil(install());
});

async function install() {
  const fetched = await Promise.all(Object.entries(FILES).map(([file, hash]) => fetchChecked(file, hash)));
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(fetched.map(([key, response]) => cache.put(key, response)));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

/**
 * `[address, response]` of `file` as this version has it: the browser's copy
 * when the host says it is current, else the host's, past every cache.
 */
async function fetchChecked(file, hash) {
  const key = new URL(file, SCOPE).href;
  const tries = [
    new Request(key, { cache: 'no-cache' }),
    // Another address, so that no cache between here and the host answers.
    new Request(`${key}?v=${VERSION}`, { cache: 'reload' }),
  ];
  for (const request of tries) {
    const response = await fetch(request);
    if (response.ok && await matches(response.clone(), hash)) return [key, response];
  }
  throw new Error(`${file} is not the file of version ${VERSION}: the host is between two versions`);
}

async function matches(response, hash) {
  const bytes = await response.arrayBuffer();
  if (hash === null) return new TextDecoder().decode(bytes).includes(`version: '${VERSION}'`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, b => b.toString(16).padStart(2, '0')).join('') === hash;
}

self.addEventListener('activate', event => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(OWN) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', event => {
  const reply = event.ports[0];
  if (event.data === SW.takeOver) self.skipWaiting();
  else if (event.data === SW.version) reply?.postMessage(VERSION);
  else if (event.data === SW.shared) event.waitUntil(takeShared().then(file => reply?.postMessage(file)));
});

self.addEventListener('fetch', event => {
  const request = event.request;
  if (!request.url.startsWith(SCOPE)) return;
  const url = new URL(request.url);
  const path = url.pathname.slice(new URL(SCOPE).pathname.length);
  if (request.method === 'POST' && path === SHARE.path) {
    event.respondWith(receive(request));
    return;
  }
  if (request.method !== 'GET' || path.startsWith(API) || path.startsWith('screenshots/')) return;
  event.respondWith(answer(request, url));
});

async function answer(request, url) {
  const version = url.searchParams.get('v');
  if (version && version !== VERSION) {
    // A page of another version asks for one of its files: that version's, or none.
    const kept = await caches.match(request, { cacheName: `${OWN}${version}`, ignoreSearch: true });
    return kept || new Response(`version ${version} of Unblocker is gone: reload the page`,
      { status: 410, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  // Every page of the site is the one page (a shared link's state is in its hash).
  const key = request.mode === 'navigate' ? SCOPE : request;
  return (await caches.match(key, { cacheName: CACHE, ignoreSearch: true })) || fetch(request);
}

/** Keeps the screenshot the share sheet sent and opens the page on it. */
async function receive(request) {
  try {
    const form = await request.formData();
    const file = form.getAll(SHARE.field).find(part => part instanceof File);
    if (file) {
      const inbox = await caches.open(INBOX);
      await inbox.put(SHARED, new Response(file, {
        headers: { 'content-type': file.type || 'application/octet-stream', [SHARE.nameHeader]: encodeURIComponent(file.name) },
      }));
    }
  } catch (error) {
    // The page finds nothing in the inbox and says so.
    console.warn('the shared file was not kept:', error);
  }
  // 303: the page is fetched with GET, and reloading it sends nothing again.
  return Response.redirect(`${SCOPE}#${SHARE.hash}`, 303);
}

/** The screenshot in the inbox as a File (null when there is none), taken out of it. */
async function takeShared() {
  const response = await caches.match(SHARED, { cacheName: INBOX });
  await caches.delete(INBOX);
  if (!response) return null;
  const name = decodeURIComponent(response.headers.get(SHARE.nameHeader) || '') || 'Shared screenshot';
  return new File([await response.blob()], name, { type: response.headers.get('content-type') });
}
