/// <reference lib="webworker" />
import { CACHED_AT_HEADER, READS_CACHE, tokenHash, type WorkerMessage } from '../contract/offline';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CACHED_READ_PATHS, MAX_AGE_SECONDS, cacheKeyUrl, isSuccessEnvelope, purgeExpired } from './cache-keys';
import { openTapped, receivePush, tapTarget, unreadCount } from './notices';
import { sessionGuard } from './session-guard';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The first version takes over at once; later versions wait for the customer (see SKIP_WAITING).
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Hash routes all start from index.html. The operators' console (/console/) is never answered
// from here: it is not precached and must always come from the server.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/uploads\//, /^\/ws1/, /^\/console/],
  }),
);

/**
 * Statistics reads: network first, the last good answer after a failure or 5 s; kept only while
 * the page has the session live.
 */
const reads = new NetworkFirst({
  cacheName: READS_CACHE,
  networkTimeoutSeconds: 5,
  plugins: [
    {
      // The Cache API cannot key a POST: every read is stored under the synthetic GET key that the
      // route computed from the token and `lang` before the body was sent.
      cacheKeyWillBeUsed: async ({ params }) => (params as { cacheKey: Request }).cacheKey,
      cacheWillUpdate: async ({ response }) => {
        if (!(await isSuccessEnvelope(response))) return null;
        const headers = new Headers(response.headers);
        headers.set(CACHED_AT_HEADER, new Date().toISOString());
        return new Response(await response.clone().blob(), { status: 200, headers });
      },
    },
    sessionGuard(caches, self.location.origin),
    new ExpirationPlugin({ maxAgeSeconds: MAX_AGE_SECONDS, maxEntries: 500, purgeOnQuotaError: true }),
  ],
});

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'POST' && CACHED_READ_PATHS.has(url.pathname),
  async ({ request, event }) => {
    const lang = new URLSearchParams(await request.clone().text()).get('lang') ?? 'en';
    const hash = await tokenHash(request.headers.get('access-token') ?? '');
    const cacheKey = new Request(cacheKeyUrl(self.location.origin, hash, lang, new URL(request.url).pathname));
    return reads.handle({ event, request, params: { cacheKey } });
  },
  'POST',
);

/** The app badge, where the browser has the Badging API (looked up at each use, not kept). */
async function showBadge(count: number): Promise<void> {
  if (!('setAppBadge' in self.navigator)) return;
  await (count > 0 ? self.navigator.setAppBadge(count) : self.navigator.clearAppBadge()).catch(() => undefined);
}
const unread = unreadCount(caches, self.location.origin, showBadge);

self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'CLEAR_BADGE') event.waitUntil(unread.clear());
});

// An order's outcome, from the server through the push service (contract/push.ts).
self.addEventListener('push', (event) => {
  event.waitUntil(
    receivePush(event.data?.text(), {
      storage: caches,
      origin: self.location.origin,
      show: (title, options) => self.registration.showNotification(title, options),
      unread,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = tapTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) => openTapped(target, windows, self.location.origin, (url) => self.clients.openWindow(url))),
  );
});

// A new version also clears out answers past their age, which expire otherwise only when read.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.open(READS_CACHE).then((cache) => purgeExpired(cache, Date.now(), MAX_AGE_SECONDS)));
});
