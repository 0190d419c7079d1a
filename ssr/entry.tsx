// Server entry: one plain ES2020 script that defines globalThis.render(url, dataJson) -> AppRender (the type
// generated from src/ssr/mod.rs, which reads the result).
// It runs unchanged in QuickJS (inside the Rust server) and in Node (bench/node-ssr.mjs).
import "./polyfills";
import { renderToString } from "react-dom/server.browser";
import type { PageComponent } from "../client/Shell";
import { Shell } from "../client/Shell";
import { LocationProvider } from "../client/location";
import type { AppRender, RouteData } from "../client/types";
import { pages } from "./pages";
import { provideStrings, stringsOf } from "../client/i18n";
import { blogQueryParams, linkedStates, listStateHead, readBlogQuery } from "../client/lib/blogList";
import en from "../client/i18n/en.json";
import hi from "../client/i18n/hi.json";
import { drainTimers } from "./polyfills";

// The server renders any page in any language synchronously, so it has every language's words.
provideStrings("en", en);
provideStrings("hi", hi);

/** What the URL's query shows of the page: the blog list's state (its head, and the states it links to). */
function listState(url: string, data: RouteData): Pick<AppRender, "stateHead" | "listStates"> {
  if (data.page.kind !== "blogs") return { stateHead: null, listStates: [] };
  const keys = data.page.categories.map((c) => c.key);
  const query = readBlogQuery(new URLSearchParams(url.split("?")[1] ?? ""), keys);
  const linked = linkedStates(query, data.page).map((state) => blogQueryParams(state).toString());
  return {
    stateHead: listStateHead(query, data.page, stringsOf(data.lang)),
    listStates: [...new Set(linked)].filter((state) => state !== ""),
  };
}

function render(url: string, dataJson: string): AppRender {
  const data = JSON.parse(dataJson) as RouteData;
  const Page = pages[data.page.kind] as PageComponent;
  const html = renderToString(
    <LocationProvider href={url}>
      <Shell data={data} Page={Page} />
    </LocationProvider>,
  );
  drainTimers();
  return { html, ...listState(url, data) };
}

(globalThis as { render?: typeof render }).render = render;
