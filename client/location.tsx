// The address the app renders, as React context: the browser's (lib/history.ts), or on the server the URL it
// renders. All the app needs of a router: Rust routes every request and the app draws its own links
// (components/Link.tsx), so react-router's route matching and data loading would be unused weight.
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { currentHref, navigate, subscribe } from "./lib/history";
import { splitHref, withQuery } from "./lib/href";

export interface Location {
  pathname: string;
  /** The query with its `?`, or empty. */
  search: string;
}

const LocationContext = createContext<Location | null>(null);

/** Renders its children at `href` (a path and query). */
export function LocationProvider({ href, children }: { href: string; children: ReactNode }) {
  const location = useMemo(() => splitHref(href), [href]);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

/**
 * Renders its children at the browser's address, and again at each change of it, at once: never in a
 * transition, so the blog search box, which takes its value from the address, keeps every keystroke.
 */
export function BrowserLocation({ children }: { children: ReactNode }) {
  const href = useSyncExternalStore(subscribe, currentHref, currentHref);
  return <LocationProvider href={href}>{children}</LocationProvider>;
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error("rendered outside a LocationProvider");
  return location;
}

/** The query, and a change of it: a navigation to the same path with the new query. */
export function useSearchParams(): [URLSearchParams, (params: URLSearchParams, options?: { replace?: boolean }) => void] {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: URLSearchParams, options?: { replace?: boolean }) => navigate(withQuery(pathname, next.toString()), options),
    [pathname],
  );
  return [params, setParams];
}
