import type { OfflinePage } from "../contract";

/** The offline page for a path: its edition's (`/hi/blog/x` is Hindi, `/hindi` English); the pages come
 * with the longest home path first, and `/` takes every path. */
export function offlinePageFor(pathname: string, pages: OfflinePage[]): string {
  const under = ({ under: home }: OfflinePage) => home === "/" || pathname === home || pathname.startsWith(`${home}/`);
  return (pages.find(under) ?? pages[pages.length - 1]).path;
}
