/// <reference lib="webworker" />
// The service worker (built by scripts/build.mjs into sw.js, served at /sw.js by src/seo/service_worker.rs with
// its WORKER_CONFIG in front). Visitors on patchy networks keep what they opened:
// - pages and their data: network first, so an edit or the date change reaches them as before; when the
//   network fails or is slower than NETWORK_TIMEOUT_SECONDS, the copy kept from their last visit;
// - the KEPT_PAGES most recent pages, and the page of their first visit;
// - all the build's code, and the fonts and pictures the pages used;
// - for any page not kept, the offline page of its language: the helplines, the clinic's phones, the
//   pages kept.
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import type { WorkerConfig } from "../contract";
import {
  DATA_PREFIX,
  KEPT_IMAGES,
  KEPT_PAGES,
  NETWORK_TIMEOUT_SECONDS,
  cacheNames,
  isOwnCache,
  type KeepFirstPage,
} from "../lib/offlineStore";
import { offlinePageFor } from "./offlinePage";

declare const self: ServiceWorkerGlobalScope;
declare const WORKER_CONFIG: WorkerConfig;

const config = WORKER_CONFIG;
const names = cacheNames(config.build);

// A new version takes over at once: its pages are the server's anyway, and the code it keeps is the one
// they name.
void self.skipWaiting();
clientsClaim();

// The build's code (hashed names: the same URL never changes) and the offline pages (fetched again when the
// content changes).
precacheAndRoute([
  ...config.code.map((url) => ({ url, revision: null })),
  ...config.offlinePages.map((page) => ({ url: page.path, revision: config.content })),
]);
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;
/** Only a page's own, complete answer is kept: not a 404, a 503 or a redirect. */
const completeOnly = () => new CacheableResponsePlugin({ statuses: [200] });
/**
 * Network first means the server: the browser's HTTP cache would answer with a copy up to
 * `stale-while-revalidate` seconds old (meant for shared caches), so the request revalidates (a 304 when
 * unchanged). Workbox passes a navigation request on as it is (its `fetchOptions` do not apply), so the
 * request is made anew.
 */
const askTheServer: WorkboxPlugin = {
  requestWillFetch: async ({ request }) =>
    new Request(request, { cache: "no-cache" }),
};
const networkFirst = (cacheName: string) =>
  new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [askTheServer, completeOnly(), new ExpirationPlugin({ maxEntries: KEPT_PAGES, purgeOnQuotaError: true })],
  });

registerRoute(({ request, url }) => request.mode === "navigate" && sameOrigin(url), networkFirst(names.pages));
registerRoute(({ url }) => sameOrigin(url) && url.pathname.startsWith(`${DATA_PREFIX}/`), networkFirst(names.data));
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: names.assets, plugins: [completeOnly()] }),
);
registerRoute(
  ({ url }) => sameOrigin(url) && /^\/(images|img)\//.test(url.pathname),
  new CacheFirst({
    cacheName: names.images,
    plugins: [completeOnly(), new ExpirationPlugin({ maxEntries: KEPT_IMAGES, purgeOnQuotaError: true })],
  }),
);

// No network and no copy: a page not kept is the offline page of its language (the first visit's page is
// kept apart, out of the recent set's turnover); anything else fails as it would without the worker.
setCatchHandler(async ({ request, url }) => {
  if (request.mode !== "navigate") return Response.error();
  const first = await (await caches.open(names.first)).match(request);
  return first ?? (await matchPrecache(offlinePageFor(url.pathname, config.offlinePages))) ?? Response.error();
});

self.addEventListener("activate", (event) => event.waitUntil(deleteOtherBuilds()));

/** Deletes the caches of earlier builds (their pages name code this build no longer has), carrying the
 * first visit's page over by fetching it again. */
async function deleteOtherBuilds(): Promise<void> {
  const current = new Set(Object.values(names));
  for (const name of await caches.keys()) {
    if (!isOwnCache(name) || current.has(name)) continue;
    if (name.startsWith("clinic-first-")) {
      const [page] = await (await caches.open(name)).keys();
      if (page) await keepFirstPage(page.url).catch(() => {});
    }
    await caches.delete(name);
  }
}

self.addEventListener("message", (event) => {
  const message = event.data as KeepFirstPage | null;
  if (message?.type === "keep-first-page") event.waitUntil(keepLoadedPage(message));
});

/** The page that installed the worker loaded before the worker could see it: it hands over its address and
 * the files it used, fetched again here (from the browser's HTTP cache where it has them). */
async function keepLoadedPage({ url, resources }: KeepFirstPage): Promise<void> {
  await keepFirstPage(url).catch(() => {});
  const [assets, images] = await Promise.all([caches.open(names.assets), caches.open(names.images)]);
  const files = resources.map((r) => new URL(r, self.location.origin)).filter(sameOrigin);
  await Promise.allSettled(
    files.map(async (file) => {
      if (file.pathname.startsWith("/assets/")) {
        if (!(await matchPrecache(file.pathname))) await assets.add(file.pathname);
      } else if (/^\/(images|img)\//.test(file.pathname)) {
        await images.add(file.pathname + file.search);
      }
    }),
  );
}

/** Keeps the page at `address` as the first visit's, unless one is kept already. */
async function keepFirstPage(address: string): Promise<void> {
  const url = new URL(address);
  if (!sameOrigin(url)) return;
  url.hash = "";
  const first = await caches.open(names.first);
  if ((await first.keys()).length > 0) return;
  const response = await fetch(url, { credentials: "omit" });
  if (response.status === 200 && response.headers.get("content-type")?.startsWith("text/html")) {
    await first.put(url.href, response);
  }
}
