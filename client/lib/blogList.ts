// Blog listing rules of the spec (section 5 "Blog search", section 9 "Blogs"), kept pure for tests. The same
// rules serve both languages: a post's texts and tags are its edition's, and categories are named by their
// key (the English name), which the URL carries in both.
import { fill, type Strings } from "../i18n";
import type { BlogSummary, CategoryName, StateHead } from "../types";

export const PAGE_SIZE = 9;

/** Case-insensitive substring match on title, description or any tag (Devanagari has no case; Latin letters in
 * it still match either case); blank search matches all. */
export function matchesSearch(post: BlogSummary, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === "") return true;
  return (
    post.title.toLowerCase().includes(needle) ||
    post.description.toLowerCase().includes(needle) ||
    post.tags.some((tag) => tag.toLowerCase().includes(needle))
  );
}

export function filterPosts(posts: BlogSummary[], search: string, category: string | null): BlogSummary[] {
  return posts.filter((p) => (category === null || p.category === category) && matchesSearch(p, search));
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page a list of `total` items shows when `requested` is asked for: a number past the end shows the last. */
export function shownPage(requested: number, total: number, pageSize = PAGE_SIZE): { page: number; pages: number } {
  const pages = pageCount(total, pageSize);
  return { page: Math.min(requested, pages), pages };
}

export function pageSlice<T>(items: T[], page: number, pageSize = PAGE_SIZE): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

/** Pagination entries: the first, the last, the current page and its neighbours, with ellipses between gaps. */
export function paginationItems(current: number, total: number): (number | "ellipsis")[] {
  const shown = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const pages = [...shown].sort((a, b) => a - b);
  const items: (number | "ellipsis")[] = [];
  pages.forEach((p, i) => {
    if (i > 0 && p - pages[i - 1] > 1) items.push("ellipsis");
    items.push(p);
  });
  return items;
}

/** The count line: 'No blogs found', 'Found 1 blog', 'Found {n} blogs' (in the page's language). */
export function countLine(n: number, t: Strings): string {
  if (n === 0) return t.blogs.foundNone;
  return n === 1 ? t.blogs.foundOne : fill(t.blogs.foundMany, { n });
}

/** The two ways to browse the list. */
export type BlogView = "all" | "categories";

/** The list's state, kept in the URL query (q, category, view, page) so it survives reload and can be shared. */
export interface BlogQuery {
  search: string;
  category: string | null;
  view: BlogView;
  page: number;
}

export const DEFAULT_QUERY: BlogQuery = { search: "", category: null, view: "all", page: 1 };

/** Reads the state from a URL query; anything unknown or malformed falls back to its default. The server
 * reads it by the same rules (`src/pages/blog_query.rs`), checked on the shared cases of `blog-list-states.json`. */
export function readBlogQuery(params: URLSearchParams, categories: readonly string[]): BlogQuery {
  const view: BlogView = params.get("view") === "categories" ? "categories" : "all";
  const category = params.get("category");
  const page = params.get("page") ?? "";
  return {
    search: params.get("q") ?? "",
    // The by-categories view shows every category, so it never carries one.
    category: view === "all" && category !== null && categories.includes(category) ? category : null,
    view,
    // The by-categories view has one page, whatever the URL says.
    page: view === "all" && /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** The query for a state, in a fixed order and without defaults, so one state has one URL. */
export function blogQueryParams(query: BlogQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search !== "") params.set("q", query.search);
  if (query.category !== null) params.set("category", query.category);
  if (query.view !== "all") params.set("view", query.view);
  if (query.page !== 1) params.set("page", String(query.page));
  return params;
}

/** The URL of a state of the list at `path` (`/blogs` or `/hi/blogs`): what its links point to, so a
 * crawler or a browser without JavaScript reaches the same list the server renders for it. */
export function queryHref(path: string, query: BlogQuery): string {
  const search = blogQueryParams(query).toString();
  return search === "" ? path : `${path}?${search}`;
}

/** Applies a change by the spec's rules: a new search or category starts at page 1; a new view clears the category. */
export function changeQuery(query: BlogQuery, change: Partial<BlogQuery>): BlogQuery {
  const next = { ...query, ...change };
  if (change.view !== undefined && change.view !== query.view && change.category === undefined) next.category = null;
  if ((change.search !== undefined && change.search !== query.search) || next.category !== query.category) next.page = 1;
  if (next.view === "categories") next.page = 1;
  return next;
}

/** At most this many posts per category in the by-categories view. */
export const PER_CATEGORY = 4;

export interface CategoryGroup {
  category: string;
  total: number;
  posts: BlogSummary[];
}

/** The by-categories view: each category in the given order with its first posts; empty categories are left out. */
export function groupByCategory(posts: BlogSummary[], categories: readonly string[], limit = PER_CATEGORY): CategoryGroup[] {
  return categories
    .map((category) => {
      const inCategory = posts.filter((p) => p.category === category);
      return { category, total: inCategory.length, posts: inCategory.slice(0, limit) };
    })
    .filter((group) => group.total > 0);
}

/** What the blog list at a state shows, for its head: its posts, titles and categories. */
export interface ListPage {
  listTitle: string;
  posts: BlogSummary[];
  categories: CategoryName[];
}

/** The posts the list shows at a state: those the search matches, those the category keeps of them, and how
 * many the count line gives (the by-categories view shows every category's matches). */
export function listContents(query: BlogQuery, posts: BlogSummary[]) {
  const matching = filterPosts(posts, query.search, null);
  const filtered = query.category === null ? matching : matching.filter((p) => p.category === query.category);
  return { matching, filtered, shownCount: query.view === "all" ? filtered.length : matching.length };
}

/** The change the empty state's reset link makes: every post, first page, in the current view. */
export const CLEARED: Partial<BlogQuery> = { search: "", category: null, page: 1 };

/**
 * Every state the list at `query` links to, as the page draws its links: both views, each category (in the
 * all-posts view), the reset (when nothing matches), each page the pagination shows with its previous and
 * next, and a category's "see all" (when the by-categories view shows only its first posts). The server
 * pre-renders the states these lead to (`listStates` of the SSR result), so a crawler never waits on a render.
 */
export function linkedStates(query: BlogQuery, list: ListPage): BlogQuery[] {
  const keys = list.categories.map((c) => c.key);
  const { matching, filtered, shownCount } = listContents(query, list.posts);
  const changes: Partial<BlogQuery>[] = [{ view: "all" }, { view: "categories" }];
  if (query.view === "all") changes.push(...[null, ...keys].map((category) => ({ category })));
  if (shownCount === 0) {
    changes.push(CLEARED);
  } else if (query.view === "all") {
    const { page, pages } = shownPage(query.page, filtered.length);
    if (pages > 1) {
      const shown = [page - 1, ...paginationItems(page, pages), page + 1];
      changes.push(...shown.filter((p): p is number => p !== "ellipsis" && p >= 1 && p <= pages).map((p) => ({ page: p })));
    }
  } else {
    const cut = groupByCategory(matching, keys).filter((group) => group.total > group.posts.length);
    changes.push(...cut.map((group) => ({ view: "all" as const, category: group.category })));
  }
  return changes.map((change) => changeQuery(query, change));
}

/**
 * How the head names a state of the list (the rule is recorded in docs/decisions.md):
 * - the canonical URL is the state without its view, which only arranges the same posts, at the page it
 *   shows (a page past the end shows, and so names, the last one);
 * - a search's results are kept out of the index (`noindex, follow`), as search engines ask of a site's
 *   own search pages; a category and its pages are indexed, each at its own address;
 * - the title names the search, the category, the arrangement and the page, then the list.
 */
export function listStateHead(query: BlogQuery, list: ListPage, t: Strings): StateHead {
  const arranged = query.view === "categories";
  const category = arranged ? null : query.category;
  const { page, pages } = arranged ? { page: 1, pages: 1 } : shownPage(query.page, filterPosts(list.posts, query.search, category).length);
  const named = [
    query.search !== "" && fill(t.blogs.searchState, { q: query.search }),
    category !== null && (list.categories.find((c) => c.key === category)?.name ?? category),
    arranged && t.blogs.byCategories,
    page > 1 && fill(t.blogs.pageState, { page, pages }),
  ].filter((part): part is string => typeof part === "string");
  return {
    title: [...named, list.listTitle].join(" – "),
    canonicalQuery: blogQueryParams({ search: query.search, category, view: "all", page }).toString(),
    index: query.search === "",
  };
}
