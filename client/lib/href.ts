// An address inside the site as the app handles it: a path and its query (`/blogs?page=2`).

/** The path and the query (with its `?`, or empty) of `href`, as `location.pathname` and `location.search`. */
export function splitHref(href: string): { pathname: string; search: string } {
  const at = href.indexOf("?");
  return at < 0 ? { pathname: href, search: "" } : { pathname: href.slice(0, at), search: href.slice(at) };
}

/** `url` with its query replaced by `query` (without `?`; none when empty). */
export function withQuery(url: string, query: string): string {
  const at = url.indexOf("?");
  const bare = at < 0 ? url : url.slice(0, at);
  return query === "" ? bare : `${bare}?${query}`;
}
