// The browser's session history as the app's location store: the address React renders (client/location.tsx),
// new addresses by pushState and replaceState, and the scroll position of each history entry, so that Back and
// Forward return the reader to where they were on that page. The browser's own scroll restoration is off: it
// would scroll while the loading screen is on, before the page is back. Nothing here runs on the server.

/** Scroll positions by history entry (the key kept in each entry's state); kept in sessionStorage across loads. */
const POSITIONS_KEY = "scroll-positions";
let positions: Record<string, number> = {};
let key = "";
/** Where to scroll once the entry that Back or Forward led to is on screen; null after a new navigation. */
let returnTo: number | null = null;
const listeners = new Set<() => void>();

/** The address shown: path and query. */
export function currentHref(): string {
  return location.pathname + location.search;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The key of the current history entry, given one if it has none yet (the first page, a link to `#main`). */
function entryKey(): string {
  const state = history.state as { key?: string } | null;
  if (state?.key) return state.key;
  const fresh = Math.random().toString(36).slice(2, 10);
  history.replaceState({ ...state, key: fresh }, "");
  return fresh;
}

/** After the address changed: `traversed` by Back or Forward, else by `navigate`. */
function changed(traversed: boolean): void {
  // The entry left keeps where the reader left it; the browser has not scrolled (scrollRestoration is manual).
  positions[key] = scrollY;
  key = entryKey();
  returnTo = traversed ? (positions[key] ?? 0) : null;
  for (const listener of listeners) listener();
}

/** Goes to `to` (a path and query of this site) in a new history entry, or in place of the current one. */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) history.replaceState(history.state, "", to);
  else history.pushState(null, "", to);
  changed(false);
}

/** The scroll position to return to when Back or Forward (or a reload) led to the address shown, else null. */
export function returnScroll(): number | null {
  return returnTo;
}

/** Starts keeping scroll positions and following Back and Forward (once, before the app renders). */
export function startHistory(): void {
  history.scrollRestoration = "manual";
  try {
    positions = JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? "{}") as Record<string, number>;
  } catch {
    // No storage (a private window's policy): positions last as long as the page.
  }
  key = entryKey();
  // A reload, or Back or Forward into this document from another, returns to where the reader was too.
  const type = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type;
  returnTo = type === "reload" || type === "back_forward" ? (positions[key] ?? null) : null;
  addEventListener("popstate", () => changed(true));
  addEventListener("pagehide", () => {
    positions[key] = scrollY;
    try {
      sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(positions));
    } catch {
      // As above.
    }
  });
}
