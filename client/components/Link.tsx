import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useLocation } from "../location";
import { navigate } from "../lib/history";

// Links of our own rather than react-router's: its Link and NavLink ran about ten hooks each (path resolution,
// prefetch state, click handler); with 50 links on a page that was a fifth of every server render in QuickJS.
// These read the location once each, from context.

/**
 * A click the page follows in place: the main button, no modifier key (those open a new tab or window,
 * as the browser does for any link), on a link that opens in this tab.
 */
export function followsInPlace(e: MouseEvent<HTMLAnchorElement>): boolean {
  const target = e.currentTarget.getAttribute("target");
  return (
    !e.defaultPrevented &&
    e.button === 0 &&
    !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) &&
    (!target || target === "_self")
  );
}

type LinkProps = { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

/** A link to a page of this site: a plain `<a href>`, followed as a client-side route change. */
export function Link({ to, onClick, ...anchor }: LinkProps) {
  const { pathname, search } = useLocation();
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (!followsInPlace(e)) return;
    e.preventDefault();
    // A link to the page shown replaces its history entry rather than adding a second one.
    navigate(to, { replace: to === pathname + search });
  };
  return <a {...anchor} href={to} onClick={follow} />;
}

/**
 * A menu link, marked `aria-current="page"` on its own page and, unless `end`, on the pages below it
 * (`/services` on `/services/telepsychiatry`; the home page `/` only on itself).
 */
export function NavLink({ end = false, ...link }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const below = link.to.endsWith("/") ? link.to : `${link.to}/`;
  const current = pathname === link.to || (!end && link.to !== "/" && pathname.startsWith(below));
  return <Link aria-current={current ? "page" : undefined} {...link} />;
}
