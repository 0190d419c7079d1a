import type { Lang, Site } from "../types";
import { stringsOf } from "../i18n";
import { CircularText } from "./CircularText";

/** Milliseconds the loading screen stays on at every client-side route change (spec section 9). */
export const LOADING_SCREEN_MS = 2000;

/** Full screen, and the only thing shown while it is on; in the language of the page it was opened from. */
export function LoadingScreen({ site, lang }: { site: Site; lang: Lang }) {
  return (
    <div className="loading-screen" role="status">
      <CircularText text={site.instituteName} logo={site.logo} className="spinning" />
      <span className="visually-hidden">{stringsOf(lang).loading}</span>
    </div>
  );
}
