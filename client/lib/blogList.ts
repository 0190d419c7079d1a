// Blog listing rules of the spec (section 5 "Blog search", section 9 "Blogs"), kept pure for tests.
import type { BlogSummary } from "../types";

export const PAGE_SIZE = 9;

/** Case-insensitive substring match on title, description or any tag; blank search matches all. */
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

/** The count line: 'No blogs found', 'Found 1 blog', 'Found {n} blogs'. */
export function countLine(n: number): string {
  if (n === 0) return "No blogs found";
  return n === 1 ? "Found 1 blog" : `Found ${n} blogs`;
}
