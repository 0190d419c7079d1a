// Hydrates the server-rendered HTML from the route data embedded in the page (loaded by main.ts once the
// page has painted).
import { hydrateRoot } from "react-dom/client";
import type { RouteData } from "./types";
import { ClientApp } from "./ClientApp";
import { BrowserLocation } from "./location";
import { loadView, rememberView, type View } from "./navigation";
import { currentPageHead } from "./head";
import { loadPage } from "./pageLoaders";
import { loadStrings, pageLangs } from "./i18n";
import { startHistory } from "./lib/history";
import { startPrefetch } from "./lib/prefetch";
import { registerWorkerAfterLoad } from "./sw/register";

async function main() {
  const script = document.getElementById("route-data");
  const root = document.getElementById("root");
  if (!script || !root) throw new Error("page is missing #route-data or #root");
  const data = JSON.parse(script.textContent ?? "") as RouteData;
  // Load the page's chunk and its languages' words before hydrating, so the first client render matches the
  // server's HTML.
  const [Page] = await Promise.all([loadPage(data.page.kind), loadStrings(pageLangs(data))]);
  const initial: View = { pathname: window.location.pathname, data, head: currentPageHead(), Page };
  startHistory();
  hydrateRoot(
    root,
    <BrowserLocation>
      <ClientApp initial={initial} />
    </BrowserLocation>,
  );
  rememberView(initial);
  // From now on, hovering, touching or focusing an internal link loads that page's data and code.
  startPrefetch((pathname) => void loadView(pathname).catch(() => {}));
  // What the visitor opens from now on is kept on the device for when the connection drops.
  registerWorkerAfterLoad();
}

main().catch((error: unknown) => console.error("hydration failed", error));
