// What the service worker (client/sw/worker.ts) keeps on the visitor's device, named in one place so that
// the offline page (client/lib/keptPages.ts) can list the pages kept. Nothing here depends on the visitor
// beyond which pages they opened: no form contents, no cookies, nothing sent anywhere.

/** How many recent pages are kept, and as many of their data answers (client-side navigation). */
export const KEPT_PAGES = 30;
/** How many pictures are kept, the most recently shown. */
export const KEPT_IMAGES = 60;
/** A page or its data taking longer than this to answer is shown from the copy kept, when there is one. */
export const NETWORK_TIMEOUT_SECONDS = 4;

/** Where client-side navigation fetches a page's data (`/_data/blog/x` for `/blog/x`). */
export const DATA_PREFIX = "/_data";

export function dataPath(pathname: string): string {
  return `${DATA_PREFIX}${pathname}`;
}

/** The page a data address is for: `/_data/blog/x?page=2` is `/blog/x?page=2`; null for any other address. */
export function pageOfData(pathAndQuery: string): string | null {
  if (!pathAndQuery.startsWith(`${DATA_PREFIX}/`)) return null;
  return pathAndQuery.slice(DATA_PREFIX.length);
}

/** The worker's caches for one build of the site's code. */
export function cacheNames(build: string) {
  return {
    /** The pages the visitor opened, as the server sent them. */
    pages: `clinic-pages-${build}`,
    /** Their data, as client-side navigation fetches it. */
    data: `clinic-data-${build}`,
    /** The page of the first visit, on which the worker was installed: kept whatever else is opened. */
    first: `clinic-first-${build}`,
    /** Hashed files the build's code list leaves out (the fonts each language's pages use). */
    assets: `clinic-assets-${build}`,
    images: `clinic-images-${build}`,
  };
}

/** Whether a cache is one of the worker's own (of any build). */
export function isOwnCache(name: string): boolean {
  return name.startsWith("clinic-");
}

/** Whether a cache holds pages the visitor opened (of the current build: the worker deletes the others). */
export function holdsKeptPages(name: string): boolean {
  return /^clinic-(pages|data|first)-/.test(name);
}

/** What a page that loaded before the worker controlled it hands over: itself and the files it used. */
export interface KeepFirstPage {
  type: "keep-first-page";
  url: string;
  resources: string[];
}
