// A route's view for a client-side route change: its data and head from the server, its page chunk and its
// words, loaded once for a link's prefetch (client/lib/prefetch.ts) and the navigation after it.
import type { Navigation, RouteData } from "./types";
import type { PageComponent } from "./Shell";
import { loadPage } from "./pageLoaders";
import { loadStrings, pageLangs } from "./i18n";
import { createViewCache } from "./lib/viewCache";
import { dataPath } from "./lib/offlineStore";
import { isKept } from "./lib/keptPages";

export interface View {
  pathname: string;
  data: RouteData;
  /** The page's head as the server writes it (title, meta tags, canonical link, JSON-LD). */
  head: string;
  Page: PageComponent;
}

/** Fetches a route's data and head from the server (what it renders the page with), its page chunk and its words. */
async function fetchView(pathname: string): Promise<View> {
  // Offline, only what the service worker kept can load: a request bound to fail is not made.
  if (!navigator.onLine && !(await isKept(dataPath(pathname)))) throw new Error(`offline: ${pathname} is not kept`);
  const response = await fetch(dataPath(pathname), { headers: { Accept: "application/json" } });
  // The not-found route answers 404 with its own data, which is a page like any other.
  if (!response.ok && response.status !== 404) throw new Error(`route data for ${pathname}: HTTP ${response.status}`);
  const { data, head } = (await response.json()) as Navigation;
  const [Page] = await Promise.all([loadPage(data.page.kind), loadStrings(pageLangs(data))]);
  return { pathname, data, head, Page };
}

const views = createViewCache(fetchView);

/** A route's view: the one prefetched or loaded before (the last 20, for 5 minutes), else a new load. */
export function loadView(pathname: string): Promise<View> {
  return views.get(pathname);
}

/** Keeps a view that is already at hand (the server-rendered first page), so going back to it loads nothing. */
export function rememberView(view: View): void {
  views.set(view.pathname, view);
}
