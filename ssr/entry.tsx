// Server entry: one plain ES2020 script that defines globalThis.render(url, dataJson) -> { html, stateHead }.
// It runs unchanged in QuickJS (inside the Rust server) and in Node (bench/node-ssr.mjs).
import "./polyfills";
import { renderToString } from "react-dom/server.browser";
import { StaticRouter } from "react-router-dom";
import type { PageComponent } from "../client/Shell";
import { Shell } from "../client/Shell";
import type { RouteData } from "../client/types";
import { pages } from "./pages";
import { provideStrings, stringsOf } from "../client/i18n";
import { listStateHead, readBlogQuery } from "../client/lib/blogList";
import en from "../client/i18n/en.json";
import hi from "../client/i18n/hi.json";
import { drainTimers } from "./polyfills";

// The server renders any page in any language synchronously, so it has every language's words.
provideStrings("en", en);
provideStrings("hi", hi);

/** How the page names the state its URL's query shows, as JSON of `StateHead`: the blog list's only. */
function stateHead(url: string, data: RouteData): string | null {
  if (data.page.kind !== "blogs") return null;
  const keys = data.page.categories.map((c) => c.key);
  const query = readBlogQuery(new URLSearchParams(url.split("?")[1] ?? ""), keys);
  return JSON.stringify(listStateHead(query, data.page, stringsOf(data.lang)));
}

function render(url: string, dataJson: string): { html: string; stateHead: string | null } {
  const data = JSON.parse(dataJson) as RouteData;
  const Page = pages[data.page.kind] as PageComponent;
  const html = renderToString(
    <StaticRouter location={url}>
      <Shell data={data} Page={Page} />
    </StaticRouter>,
  );
  drainTimers();
  return { html, stateHead: stateHead(url, data) };
}

(globalThis as { render?: typeof render }).render = render;
