// Server entry: one plain ES2020 script that defines globalThis.render(url, dataJson) -> HTML.
// It runs unchanged in QuickJS (inside the Rust server) and in Node (bench/node-ssr.mjs).
import "./polyfills";
import { renderToString } from "react-dom/server.browser";
import { StaticRouter } from "react-router-dom";
import type { PageComponent } from "../client/Shell";
import { Shell } from "../client/Shell";
import type { RouteData } from "../client/types";
import { pages } from "./pages";
import { provideStrings } from "../client/i18n";
import en from "../client/i18n/en.json";
import hi from "../client/i18n/hi.json";
import { drainTimers } from "./polyfills";

// The server renders any page in any language synchronously, so it has every language's words.
provideStrings("en", en);
provideStrings("hi", hi);

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
