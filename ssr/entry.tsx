// Server entry: one plain ES2020 script that defines globalThis.render(url, dataJson) -> HTML.
// It runs unchanged in QuickJS (inside the Rust server) and in Node (bench/node-ssr.mjs).
import "./polyfills";
import { renderToString } from "react-dom/server.browser";
import { StaticRouter } from "react-router-dom";
import type { PageComponent } from "../client/Shell";
import { Shell } from "../client/Shell";
import type { RouteData } from "../client/types";
import { pages } from "./pages";
import { drainTimers } from "./polyfills";

function render(url: string, dataJson: string): string {
  const data = JSON.parse(dataJson) as RouteData;
  const Page = pages[data.page.kind] as PageComponent;
  const html = renderToString(
    <StaticRouter location={url}>
      <Shell data={data} Page={Page} />
    </StaticRouter>,
  );
  drainTimers();
  return html;
}

(globalThis as { render?: typeof render }).render = render;
