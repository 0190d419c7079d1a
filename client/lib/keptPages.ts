// The pages the service worker keeps on this device (client/lib/offlineStore.ts), as the offline page lists
// them: read from the worker's caches in the browser, and put in order by a pure function.
import type { Navigation } from "../contract";
import { holdsKeptPages, pageOfData } from "./offlineStore";

export interface KeptPage {
  /** The page's address on this site: path and query. */
  href: string;
  title: string;
  /** The language of the page, for the link's `lang` (a Hindi title on the English offline page). */
  lang: string;
  /** When the server sent the copy kept (ms since the epoch). */
  savedAt: number;
}

/** One link per address, the most recently saved first, without the addresses in `leaveOut`. */
export function keptPageList(pages: KeptPage[], leaveOut: string[]): KeptPage[] {
  const newest = new Map<string, KeptPage>();
  for (const page of pages) {
    const seen = newest.get(page.href);
    if (!leaveOut.includes(page.href) && (!seen || seen.savedAt < page.savedAt)) newest.set(page.href, page);
  }
  return [...newest.values()].sort((a, b) => b.savedAt - a.savedAt || a.href.localeCompare(b.href));
}

/** Whether the worker keeps a copy of the answer at `path` (in any of its caches). */
export async function isKept(path: string): Promise<boolean> {
  return typeof caches !== "undefined" && (await caches.match(path)) !== undefined;
}

/** Every page kept, read from the worker's caches (none where the browser has no Cache Storage). */
export async function readKeptPages(): Promise<KeptPage[]> {
  if (typeof caches === "undefined") return [];
  const pages: KeptPage[] = [];
  for (const name of (await caches.keys()).filter(holdsKeptPages)) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      const page = response && (await keptPage(new URL(request.url), response));
      if (page) pages.push(page);
    }
  }
  return pages;
}

async function keptPage(url: URL, response: Response): Promise<KeptPage | null> {
  const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");
  const savedAt = Date.parse(response.headers.get("date") ?? "") || 0;
  const dataOf = pageOfData(url.pathname + url.search);
  if (dataOf !== null) {
    const { data, head } = (await response.json()) as Navigation;
    return { href: dataOf, title: parse(head).title, lang: data.lang, savedAt };
  }
  const page = parse(await response.text());
  return { href: url.pathname + url.search, title: page.title, lang: page.documentElement.lang, savedAt };
}
