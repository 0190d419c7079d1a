import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import type { RouteData } from "./types";
import { Shell, type PageComponent } from "./Shell";
import { loadPage } from "./pageLoaders";
import { LOADING_SCREEN_MS, LoadingScreen } from "./components/LoadingScreen";
import { createViewCache } from "./lib/viewCache";

export interface View {
  pathname: string;
  data: RouteData;
  Page: PageComponent;
}

/** Fetches a route's data from the server (the same data the server renders with) and its page chunk. */
async function fetchView(pathname: string): Promise<View> {
  const response = await fetch(`/_data${pathname}`, { headers: { Accept: "application/json" } });
  // The not-found route answers 404 with its own data, which is a page like any other.
  if (!response.ok && response.status !== 404) throw new Error(`route data for ${pathname}: HTTP ${response.status}`);
  const data = (await response.json()) as RouteData;
  return { pathname, data, Page: await loadPage(data.page.kind) };
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

/** Keeps the document's head in step with the page after a client-side navigation (the server wrote it for the first). */
function updateHead(data: RouteData) {
  document.title = data.title;
  document.documentElement.lang = data.lang;
  const image = new URL(data.socialImage.src, data.canonicalUrl).href;
  const meta: [string, string][] = [
    ['meta[name="description"]', data.description],
    ['meta[property="og:title"]', data.title],
    ['meta[name="twitter:title"]', data.title],
    ['meta[property="og:description"]', data.description],
    ['meta[name="twitter:description"]', data.description],
    ['meta[property="og:url"]', data.canonicalUrl],
    ['meta[property="og:locale"]', `${data.lang}_IN`],
    ['meta[property="og:type"]', data.page.kind === "article" ? "article" : "website"],
    ['meta[property="og:image"]', image],
    ['meta[name="twitter:image"]', image],
    ['meta[property="og:image:width"]', String(data.socialImage.width)],
    ['meta[property="og:image:height"]', String(data.socialImage.height)],
    ['meta[property="og:image:alt"]', data.socialImage.alt],
    ['meta[name="twitter:image:alt"]', data.socialImage.alt],
  ];
  for (const [selector, content] of meta) document.head.querySelector(selector)?.setAttribute("content", content);
  // The not-found page has no canonical URL and asks not to be indexed; every other page the reverse.
  const notFound = data.page.kind === "notFound";
  document.head.querySelector('link[rel="canonical"]')?.remove();
  document.head.querySelector('meta[name="robots"]')?.remove();
  const extra = notFound
    ? Object.assign(document.createElement("meta"), { name: "robots", content: "noindex" })
    : Object.assign(document.createElement("link"), { rel: "canonical", href: data.canonicalUrl });
  document.head.querySelector("title")?.after(extra);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ClientApp({ initial }: { initial: View }) {
  const location = useLocation();
  const [view, setView] = useState(initial);
  const firstView = useRef(true);
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
    Promise.all([loadView(pathname), wait(LOADING_SCREEN_MS)]).then(
      ([next]) => {
        if (cancelled) return;
        setView(next);
        updateHead(next.data);
      },
      // Offline or a server hiccup: let the browser load the page itself.
      () => !cancelled && window.location.assign(pathname + search),
    );
    return () => {
      cancelled = true;
    };
  }, [loading, location]);

  // Every page opens at its top, with keyboard focus at the start of its content.
  useLayoutEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [view]);

  return loading ? <LoadingScreen site={view.data.site} /> : <Shell data={view.data} Page={view.Page} />;
}
