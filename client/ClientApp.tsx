import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "./location";
import type { Navigation, RouteData } from "./types";
import { Shell, type PageComponent } from "./Shell";
import { loadPage } from "./pageLoaders";
import { loadStrings, pageLangs } from "./i18n";
import { LOADING_SCREEN_MS, LoadingScreen } from "./components/LoadingScreen";
import { createViewCache } from "./lib/viewCache";
import { dataPath } from "./lib/offlineStore";
import { isKept } from "./lib/keptPages";
import { returnScroll } from "./lib/history";

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

// A link's prefetch (client/lib/prefetch.ts) and the navigation after it share one load.
const views = createViewCache(fetchView);

/** A route's view: the one prefetched or loaded before (the last 20, for 5 minutes), else a new load. */
export function loadView(pathname: string): Promise<View> {
  return views.get(pathname);
}

/** Keeps a view that is already at hand (the server-rendered first page), so going back to it loads nothing. */
export function rememberView(view: View): void {
  views.set(view.pathname, view);
}

/**
 * The part of the head that names the page, between the comments the server writes around it
 * (PAGE_HEAD_START and PAGE_HEAD_END in src/shell.rs).
 */
function pageHeadRange(): Range | null {
  const comments = Array.from(document.head.childNodes).filter((n) => n.nodeType === Node.COMMENT_NODE);
  const start = comments.find((n) => n.nodeValue === "page-head");
  const end = comments.find((n) => n.nodeValue === "/page-head");
  if (!start || !end) return null;
  const range = document.createRange();
  range.setStartAfter(start);
  range.setEndBefore(end);
  return range;
}

/** The server-written head of the page on screen, to restore when the visitor comes back to it. */
export function currentPageHead(): string {
  const nodes = pageHeadRange()?.cloneContents().childNodes ?? [];
  return Array.from(nodes, (n) => (n instanceof Element ? n.outerHTML : "")).join("");
}

/** After a client-side navigation, the head becomes exactly what the server sends for that page. */
function showHead(view: View) {
  document.documentElement.lang = view.data.lang;
  const range = pageHeadRange();
  if (!range) return;
  range.deleteContents();
  // JSON-LD blocks are data, not scripts: inserting them runs nothing, so the CSP holds.
  range.insertNode(range.createContextualFragment(view.head));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ClientApp({ initial }: { initial: View }) {
  const location = useLocation();
  const [view, setView] = useState(initial);
  const shownView = useRef(view);
  // A route change is on screen from the moment the path differs from the page shown until the next page
  // is ready and the loading screen has had its 2000 ms. The first, server-rendered page is not a change.
  const loading = location.pathname !== view.pathname;

  // Effects run only once React has hydrated the server's HTML: tests wait for this mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  useEffect(() => {
    if (!loading) return;
    let cancelled = false;
    const { pathname, search } = location;
    // A failed load waits out the loading screen too, then lets the browser load the page itself: offline,
    // the service worker answers with the copy kept or the offline page.
    const view = loadView(pathname).then(
      (next) => ({ next }),
      () => ({ next: null }),
    );
    void Promise.all([view, wait(LOADING_SCREEN_MS)]).then(([{ next }]) => {
      if (cancelled) return;
      if (!next) return window.location.assign(pathname + search);
      setView(next);
      showHead(next);
    });
    return () => {
      cancelled = true;
    };
  }, [loading, location]);

  // A new page opens at its top, with keyboard focus at the start of its content; Back and Forward (and a
  // reload) return to where the reader was, on another page or another state of this one.
  useLayoutEffect(() => {
    if (loading) return;
    const back = returnScroll();
    if (shownView.current !== view) {
      shownView.current = view;
      window.scrollTo(0, back ?? 0);
      document.getElementById("main")?.focus({ preventScroll: true });
    } else if (back !== null) {
      window.scrollTo(0, back);
    }
  }, [loading, view, location]);

  return loading ? <LoadingScreen site={view.data.site} lang={view.data.lang} /> : <Shell data={view.data} Page={view.Page} />;
}
