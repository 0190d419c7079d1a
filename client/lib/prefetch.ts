// Prefetch on intent: when a pointer enters, a finger touches or the keyboard focuses an internal link,
// the next page's data and code start loading, so a click goes straight into the loading screen with the
// next page ready behind it. One set of listeners on the document serves every link, present and future.

/** What `prefetchTarget` reads of a link: an `HTMLAnchorElement` has all of it. */
export interface LinkLike {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
}

/**
 * The pathname to prefetch for a link, or null: only links to another page of this site that the app
 * navigates to itself (same origin, not opened elsewhere, not a download, not a file such as
 * /sitemap.xml or an image, not a link within the page being shown).
 */
export function prefetchTarget(link: LinkLike, current: { origin: string; pathname: string }): string | null {
  if (link.target && link.target !== "_self") return null;
  if (link.hasAttribute("download") || link.hasAttribute("data-no-prefetch")) return null;
  let url: URL;
  try {
    url = new URL(link.href, current.origin);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  if (url.pathname === current.pathname) return null;
  const last = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
  if (last.includes(".")) return null;
  if (/^\/(_data|assets|images|healthz|readyz)(\/|$)/.test(url.pathname)) return null;
  return url.pathname;
}

/** True when the visitor asked the browser to save data (Chrome's Lite mode, Android's Data Saver). */
export function savesData(nav: Navigator): boolean {
  return (nav as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

const INTENT_EVENTS = ["pointerenter", "focusin", "touchstart"] as const;

/**
 * Calls `prefetch(pathname)` on each sign of intent towards an internal link (the caller's cache makes
 * repeats free), unless the visitor saves data. pointerenter does not bubble, so the listeners capture;
 * they are passive and never change what the event does.
 * Returns a function that removes them.
 */
export function startPrefetch(
  prefetch: (pathname: string) => void,
  doc: Document = document,
  nav: Navigator = navigator,
): () => void {
  const onIntent = (event: Event) => {
    if (savesData(nav)) return;
    const start = event.target;
    if (!(start instanceof Element)) return;
    const link = start.closest("a[href]");
    if (!(link instanceof HTMLAnchorElement)) return;
    const loc = doc.location;
    const pathname = prefetchTarget(link, { origin: loc.origin, pathname: loc.pathname });
    if (pathname !== null) prefetch(pathname);
  };
  const options = { capture: true, passive: true };
  for (const type of INTENT_EVENTS) doc.addEventListener(type, onIntent, options);
  return () => {
    for (const type of INTENT_EVENTS) doc.removeEventListener(type, onIntent, options);
  };
}
