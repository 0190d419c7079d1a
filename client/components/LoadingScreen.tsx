import type { Site } from "../types";
import { CircularText } from "./CircularText";

/** Milliseconds the loading screen stays on at every client-side route change (spec section 9). */
export const LOADING_SCREEN_MS = 2000;

/** Full screen, and the only thing shown while it is on. */
export function LoadingScreen({ site }: { site: Site }) {
  return (
    <div className="loading-screen" role="status">
      <CircularText text={site.instituteName} logo={site.logo} className="spinning" />
      <span className="visually-hidden">Loading the page…</span>
    </div>
  );
}
