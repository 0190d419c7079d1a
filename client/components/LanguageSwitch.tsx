import { useLocation } from "../location";
import { Link } from "./Link";
import type { Translation } from "../types";
import { useStrings } from "../i18n";

/**
 * The same page in the other language, named in that language ("हिंदी", "English"): each language file
 * carries the name of the one its pages switch to, so a page needs no other language's file for it. The blog list keeps its
 * query (search, category, view, page), which means the same in both. A client-side route change like any
 * other: no redirect by the browser's language, so every URL always shows its own language.
 */
export function LanguageSwitch({ translation, className, onNavigate }: { translation: Translation; className?: string; onNavigate?: () => void }) {
  const { search } = useLocation();
  const other = useStrings().otherLanguage;
  return (
    <Link
      to={translation.path + search}
      lang={translation.lang}
      hrefLang={translation.lang}
      className={`language-switch${className ? ` ${className}` : ""}`}
      title={other.switch}
      onClick={onNavigate}
    >
      {other.name}
    </Link>
  );
}
