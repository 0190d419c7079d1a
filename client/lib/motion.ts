import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function watch(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** Whether the visitor asked for reduced motion. False on the server and while hydrating, then the browser's answer. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(watch, prefersReducedMotion, () => false);
}

export const prefersReducedMotion = (): boolean => window.matchMedia(QUERY).matches;
