import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import type { RouteData } from "./types";
import { Shell, type PageComponent } from "./Shell";
import { loadPage } from "./pageLoaders";

export interface View {
  pathname: string;
  data: RouteData;
  Page: PageComponent;
}

/** Fetches a route's data from the server (the same data the server renders with) and its page chunk. */
export async function loadView(pathname: string): Promise<View> {
  const response = await fetch(`/_data${pathname}`, { headers: { Accept: "application/json" } });
  // The not-found route answers 404 with its own data, which is a page like any other.
  if (!response.ok && response.status !== 404) throw new Error(`route data for ${pathname}: HTTP ${response.status}`);
  const data = (await response.json()) as RouteData;
  return { pathname, data, Page: await loadPage(data.page.kind) };
}

/** Keeps the document's head in step with the page after a client-side navigation. */
function updateHead(data: RouteData) {
  document.title = data.title;
  document.documentElement.lang = data.lang;
  document.querySelector('meta[name="description"]')?.setAttribute("content", data.description);
  document.querySelector('link[rel="canonical"]')?.setAttribute("href", data.canonicalUrl);
}

export function ClientApp({ initial }: { initial: View }) {
  const location = useLocation();
  const [view, setView] = useState(initial);

  // Effects run only once React has hydrated the server's HTML: tests wait for this mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  useEffect(() => {
    if (location.pathname === view.pathname) return;
    let cancelled = false;
    loadView(location.pathname).then(
      (next) => {
        if (cancelled) return;
        setView(next);
        updateHead(next.data);
        window.scrollTo(0, 0);
      },
      // Offline or a server hiccup: let the browser load the page itself.
      () => !cancelled && window.location.assign(location.pathname + location.search),
    );
    return () => {
      cancelled = true;
    };
  }, [location.pathname, location.search, view.pathname]);

  return <Shell data={view.data} Page={view.Page} />;
}
