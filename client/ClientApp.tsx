import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "./location";
import { Shell } from "./Shell";
import { LOADING_SCREEN_MS, LoadingScreen } from "./components/LoadingScreen";
import { loadView, type View } from "./navigation";
import { showHead } from "./head";
import { returnScroll } from "./lib/history";

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
      showHead(next.data.lang, next.head);
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
