import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";

/**
 * What a link needs from the router, looked up once per page instead of once per link. react-router's own
 * Link and NavLink run about ten hooks each (path resolution, prefetch state, click handler); with 50 links
 * on a page that was a fifth of every server render in QuickJS.
 */
interface Here {
  pathname: string;
  search: string;
  navigate: (to: string, options: { replace: boolean }) => void;
}

const HereContext = createContext<Here | null>(null);

/**
 * Provides the current location and navigation to every Link and NavLink below it. `path`: the path of the
 * page shown, where it may differ from the address: the service worker shows the offline page, rendered for
 * its own path, at the address of a page it has not kept, and the page must hydrate as it was rendered.
 */
export function LinkRouter({ path, children }: { path?: string; children: ReactNode }) {
  const location = useLocation();
  const pathname = path ?? location.pathname;
  const { search } = location;
  const navigate = useNavigate();
  const here = useMemo(() => ({ pathname, search, navigate }), [pathname, search, navigate]);
  return <HereContext.Provider value={here}>{children}</HereContext.Provider>;
}

function useHere(): Here {
  const here = useContext(HereContext);
  if (!here) throw new Error("a Link is rendered outside LinkRouter");
  return here;
}

/** The path of the page shown (see `LinkRouter`). */
export function usePagePath(): string {
  return useHere().pathname;
}

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
  const { pathname, search, navigate } = useHere();
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
  const { pathname } = useHere();
  const below = link.to.endsWith("/") ? link.to : `${link.to}/`;
  const current = pathname === link.to || (!end && link.to !== "/" && pathname.startsWith(below));
  return <Link aria-current={current ? "page" : undefined} {...link} />;
}
