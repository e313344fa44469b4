/**
 * The admin app's service worker, served by app/routes/admin.sw[.]js.ts at /admin/sw.js, so its
 * scope is /admin/. The route prepends `const CONFIG = { version, offlineUrl, offlineHtml };`.
 * See docs/decisions/012-admin-app-and-dashboard.md.
 *
 * Policy: it NEVER answers from a cache with admin data. Page navigations go to the network (with
 * navigation preload); only when the network fails (offline) does it show the offline page, which
 * it stores at install and which holds no data. Every other request (data, assets, forms, images)
 * is not touched at all: the browser fetches it as if there were no service worker.
 */
/* global self, caches, CONFIG */

const OFFLINE_CACHE = `haat-admin-offline-${CONFIG.version}`;

/** The offline page: static HTML, no script, its own strict Content-Security-Policy. */
function offlineResponse() {
  return new Response(CONFIG.offlineHtml, {
    status: 503,
    statusText: "Offline",
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.put(CONFIG.offlineUrl, offlineResponse()))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("haat-admin-") && key !== OFFLINE_CACHE) await caches.delete(key);
      }
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  // Not a page navigation: leave it to the network, untouched.
  if (event.request.mode !== "navigate") return;
  event.respondWith(
    (async () => {
      try {
        const preloaded = await event.preloadResponse;
        if (preloaded) return preloaded;
        return await fetch(event.request);
      } catch {
        const cached = await caches.match(CONFIG.offlineUrl, { cacheName: OFFLINE_CACHE });
        return cached ?? offlineResponse();
      }
    })(),
  );
});
