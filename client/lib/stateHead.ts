// After an in-place change of a page's state (the blog list's page, category or search), the document's
// head says what the server's head says for that state's URL (src/seo/meta.rs): the title, the canonical
// URL and, for a search, that it is not to be indexed.
import type { StateHead } from "../types";

/** `pageUrl`: the page's own canonical URL, which the state's query extends. */
export function showStateHead(head: StateHead, pageUrl: string): void {
  document.title = head.title;
  const url = head.canonicalQuery === "" ? pageUrl : `${pageUrl}?${head.canonicalQuery}`;
  document.head.querySelector('link[rel="canonical"]')?.setAttribute("href", url);
  document.head.querySelector('meta[property="og:url"]')?.setAttribute("content", url);
  document.head.querySelector('meta[name="robots"][content="noindex, follow"]')?.remove();
  if (!head.index) {
    const robots = document.createElement("meta");
    robots.name = "robots";
    robots.content = "noindex, follow";
    document.head.querySelector('link[rel="canonical"]')?.before(robots);
  }
}
