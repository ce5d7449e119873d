// The service worker, served at /sw.js (scope "/") and registered after load by ./page.ts.
// Signed-in pages (policy.ts) are network-first with a short timeout and kept for offline reading;
// the hashed /build/ assets they load are cache-first. Any other page of the app that cannot be
// reached, and a kept page's path with no copy, gets the app's offline page (kept beside them).
// Nothing else is answered from a cache.
import {
  endsSession,
  isBuildAsset,
  isKeepable,
  isOfflinePage,
  markFromCache,
  moduleImports,
  OFFLINE_PAGE,
  offlinePageKey,
  pageAssets,
  pageLanguage,
  showsOfflinePage,
  startsSession,
} from "./policy";

// Push reminders (./push.ts): the notification, and where a tap on it goes.
import { onNotificationClick, onPush, type NotificationClickEvent, type PushEvent } from "./push";

// The few ServiceWorkerGlobalScope members used (the DOM lib of the rest of the client lacks them).
type Extendable = Event & { waitUntil(p: Promise<unknown>): void };
type FetchEvent = Extendable & { request: Request; respondWith(r: Promise<Response>): void };
type Client = { url: string };
declare const self: {
  addEventListener(type: "install" | "activate", listener: (event: Extendable) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: Extendable & { data: unknown }) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationClickEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: "window" }): Promise<Client[]> };
  location: Location;
};

/** Set by scripts/build.mjs: new with every build, so each deploy installs a new worker with a new cache. */
declare const __BUILD_ID__: string;
const CACHE = `refill-tracker-${__BUILD_ID__}`;
/** How long a page may take before the kept copy is shown instead. */
const NETWORK_TIMEOUT_MS = 3000;

const dropCaches = async () => {
  for (const name of await caches.keys()) await caches.delete(name);
};

/** Keeps a page's 200 and the /build/ files it loads (already kept ones are not fetched again). */
async function keep(key: string, res: Response) {
  const cache = await caches.open(CACHE);
  const html = await res.clone().text();
  await cache.put(key, res);
  // The page's files, then what their scripts import (lazy chunks too), breadth first.
  const seen = new Set(pageAssets(html));
  let wave = [...seen];
  while (wave.length > 0) {
    const next: string[] = [];
    await Promise.all(
      wave.map(async (asset) => {
        const kept =
          (await cache.match(asset)) ??
          (await cache.add(asset).then(
            () => cache.match(asset),
            () => undefined,
          ));
        if (!kept || !asset.endsWith(".js")) return;
        for (const module of moduleImports(await kept.text())) {
          if (seen.has(module)) continue;
          seen.add(module);
          next.push(module);
        }
      }),
    );
    wave = next;
  }
  if (new URL(key).pathname !== OFFLINE_PAGE) await keepOfflinePage(html);
}

/**
 * Keeps the app's offline page in the language of the page just kept (one copy: another language
 * replaces it), so a page never opened shows it, not the browser's error, when there is no connection.
 */
async function keepOfflinePage(html: string) {
  const key = offlinePageKey(self.location.origin, pageLanguage(html));
  const cache = await caches.open(CACHE);
  if (await cache.match(key)) return;
  const res = await fetch(key, { credentials: "same-origin" }).catch(() => null);
  if (!res || !isKeepable(res)) return;
  for (const request of await cache.keys()) if (new URL(request.url).pathname === OFFLINE_PAGE) await cache.delete(request);
  await keep(key, res);
}

/** The kept offline page (503: the page asked for could not be had), or the navigation's own failure. */
async function offlinePageOr(failure: unknown): Promise<Response> {
  const kept = await caches.match(`${self.location.origin}${OFFLINE_PAGE}`, { ignoreSearch: true });
  if (!kept) throw failure; // nothing kept (never signed in here, or signed out): the browser's own page
  const headers = new Headers(kept.headers);
  headers.delete("Content-Length");
  return new Response(await kept.text(), { status: 503, headers });
}

async function networkFirst(event: FetchEvent, url: URL): Promise<Response> {
  // The query (?notice=…) is a one-off message, not part of the page kept.
  const key = url.origin + url.pathname;
  const network = fetch(event.request);
  // Registered before the page reads the answer, so the copy is taken before its body is used.
  event.waitUntil(
    network.then(
      async (res) => {
        if (isKeepable(res)) return keep(key, res.clone());
        // A redirect (to /auth) or a 404 means the kept copy is no longer this user's page; the
        // dashboard and the pharmacies page redirect only without a session, so then nothing of theirs
        // stays (a medication page also redirects when the medication is gone). A 5xx keeps it.
        if (res.type === "opaqueredirect" || res.redirected || res.status === 404) {
          if (url.pathname === "/" || url.pathname === "/pharmacies") await dropCaches();
          else await (await caches.open(CACHE)).delete(key);
        }
      },
      () => undefined,
    ),
  );
  const first = await Promise.race([
    network.catch(() => null),
    new Promise<null>((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS, null)),
  ]);
  if (first) return first;
  const kept = await caches.match(key);
  // Nothing kept: wait for the network; without one, the app's offline page.
  if (!kept) return network.catch(offlinePageOr);
  const headers = new Headers(kept.headers);
  headers.delete("Content-Length");
  return new Response(markFromCache(await kept.text()), { status: 200, headers });
}

async function cacheFirst(request: Request): Promise<Response> {
  const kept = await caches.match(request);
  if (kept) return kept;
  const res = await fetch(request);
  if (res.status === 200 && res.type === "basic") {
    const copy = res.clone();
    await caches.open(CACHE).then((c) => c.put(request, copy));
  }
  return res;
}

self.addEventListener("install", (event) => event.waitUntil(self.skipWaiting()));

self.addEventListener("activate", (event) =>
  event.waitUntil(
    (async () => {
      // An older build's pages and assets go: the new pages link new hashed files.
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
      // The page that registered this worker loaded before it existed: keep it now, so the first
      // visit already opens offline.
      for (const client of await self.clients.matchAll({ type: "window" })) {
        const url = new URL(client.url);
        if (url.origin !== self.location.origin || !isOfflinePage(url.pathname)) continue;
        const res = await fetch(url.pathname, { credentials: "same-origin" }).catch(() => null);
        if (res && isKeepable(res)) await keep(url.origin + url.pathname, res);
      }
    })(),
  ),
);

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (startsSession(request.method, url.pathname)) {
    event.respondWith(
      fetch(request).then(async (res) => {
        if (res.ok) await dropCaches();
        return res;
      }),
    );
  } else if (endsSession(request.method, url.pathname)) {
    // Dropped once the server agreed, or when it could not be asked: a patient signing out on a
    // phone without a connection still leaves nothing readable behind.
    event.respondWith(
      fetch(request).then(
        async (res) => {
          if (res.ok) await dropCaches();
          return res;
        },
        async (err) => {
          await dropCaches();
          throw err;
        },
      ),
    );
  } else if (request.method !== "GET") return;
  else if (request.mode === "navigate" && isOfflinePage(url.pathname)) event.respondWith(networkFirst(event, url));
  else if (request.mode === "navigate" && showsOfflinePage(url.pathname)) event.respondWith(fetch(request).catch(offlinePageOr));
  else if (isBuildAsset(url.pathname)) event.respondWith(cacheFirst(request));
});

// A page may ask for everything kept to go (e.g. before handing the phone to someone else).
self.addEventListener("message", (event) => {
  if (event.data === "clear") event.waitUntil(dropCaches());
});

self.addEventListener("push", onPush);
self.addEventListener("notificationclick", onNotificationClick);
