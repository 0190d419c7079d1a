// Browser entry: hydrate the server-rendered HTML from the route data embedded in the page.
import "./styles.css";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import type { RouteData } from "./types";
import { ClientApp } from "./ClientApp";
import { loadPage } from "./pageLoaders";

async function main() {
  const script = document.getElementById("route-data");
  const root = document.getElementById("root");
  if (!script || !root) throw new Error("page is missing #route-data or #root");
  const data = JSON.parse(script.textContent ?? "") as RouteData;
  // Load the page's chunk before hydrating, so the first client render matches the server's HTML.
  const Page = await loadPage(data.page.kind);
  hydrateRoot(
    root,
    <BrowserRouter>
      <ClientApp initial={{ pathname: window.location.pathname, data, Page }} />
    </BrowserRouter>,
  );
}

main().catch((error: unknown) => console.error("hydration failed", error));
