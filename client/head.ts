// The document head's page part, whose only author is the server: what lies between the comments it writes
// around it (PAGE_HEAD_START and PAGE_HEAD_END in src/pages/document.rs). A route change puts in the whole head the
// server sent for the new page; an in-place change of a page's state (the blog list's page, category or
// search) changes what the server's head says differently for that state's URL (src/seo/meta.rs).
import type { Lang, StateHead } from "./types";
import { withQuery } from "./lib/href";

function pageHeadRange(): Range | null {
  const comments = Array.from(document.head.childNodes).filter((n) => n.nodeType === Node.COMMENT_NODE);
  const start = comments.find((n) => n.nodeValue === "page-head");
  const end = comments.find((n) => n.nodeValue === "/page-head");
  if (!start || !end) return null;
  const range = document.createRange();
  range.setStartAfter(start);
  range.setEndBefore(end);
  return range;
}

/** The server-written head of the page on screen, to restore when the visitor comes back to it. */
export function currentPageHead(): string {
  const nodes = pageHeadRange()?.cloneContents().childNodes ?? [];
  return Array.from(nodes, (n) => (n instanceof Element ? n.outerHTML : "")).join("");
}

/** After a route change, the head becomes exactly what the server sends for that page (`head`). */
export function showHead(lang: Lang, head: string): void {
  document.documentElement.lang = lang;
  const range = pageHeadRange();
  if (!range) return;
  range.deleteContents();
  // JSON-LD blocks are data, not scripts: inserting them runs nothing, so the CSP holds.
  range.insertNode(range.createContextualFragment(head));
}

/**
 * After an in-place change of state, the head names the state as the server's head for its URL does: the
 * title (and its Open Graph and Twitter copies), the canonical URL (and og:url) and every language version's
 * URL carry the state's query, and a search is `noindex, follow`. `pageUrl`: the page's canonical URL.
 */
export function showStateHead({ title, canonicalQuery, index }: StateHead, pageUrl: string): void {
  const head = document.head;
  const set = (selector: string, attribute: string, value: string) => head.querySelector(selector)?.setAttribute(attribute, value);
  document.title = title;
  set('meta[property="og:title"]', "content", title);
  set('meta[name="twitter:title"]', "content", title);
  const url = withQuery(pageUrl, canonicalQuery);
  set('link[rel="canonical"]', "href", url);
  set('meta[property="og:url"]', "content", url);
  for (const link of head.querySelectorAll('link[rel="alternate"][hreflang]')) {
    link.setAttribute("href", withQuery(link.getAttribute("href") ?? "", canonicalQuery));
  }
  head.querySelector('meta[name="robots"][content="noindex, follow"]')?.remove();
  if (!index) {
    const robots = document.createElement("meta");
    robots.name = "robots";
    robots.content = "noindex, follow";
    head.querySelector('link[rel="canonical"]')?.after(robots);
  }
}
