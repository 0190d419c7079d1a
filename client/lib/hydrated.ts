import { useSyncExternalStore } from "react";

const nothingToWatch = () => () => {};

/**
 * False on the server and while the page hydrates, true once it is live in the browser (React renders
 * again at once). For values only the browser knows, such as the visitor's date or a random count:
 * they appear after hydration, so the server's HTML still matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
