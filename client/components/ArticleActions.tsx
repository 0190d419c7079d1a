import { useState } from "react";
import { useHydrated } from "../lib/hydrated";
import { initialLikes } from "../lib/likes";
import { fill, useLang, useStrings } from "../i18n";

/**
 * Like, bookmark and share for an article; nothing is saved. The like count is chosen in the
 * browser after hydration (the server cannot know it), so the first render shows no number and
 * the server's HTML matches.
 */
export function ArticleActions({ title, url }: { title: string; url: string }) {
  const lang = useLang();
  const t = useStrings().article;
  const [firstLikes] = useState(initialLikes);
  const [added, setAdded] = useState(0);
  const likes = useHydrated() ? firstLikes + added : null;
  const [liked, setLiked] = useState(false);
  const [bookmarked, setBookmarked] = useState(false);
  const [shareNote, setShareNote] = useState("");

  const like = () => {
    setAdded((n) => n + 1);
    setLiked(true);
  };

  const share = async () => {
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
      } catch {
        // The visitor closed the share sheet: nothing to report.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setShareNote(t.copied);
    } catch {
      setShareNote(fill(t.copyThis, { url }));
    }
  };

  return (
    <div className="article-actions" lang={lang}>
      <button type="button" className={`action like${liked ? " liked" : ""}`} onClick={like}>
        <span aria-hidden="true">♥</span> {t.like}
        {likes !== null && <span className="like-count"> {likes}</span>}
      </button>
      <button type="button" className="action bookmark" aria-pressed={bookmarked} onClick={() => setBookmarked(!bookmarked)}>
        <span aria-hidden="true">{bookmarked ? "★" : "☆"}</span> {t.bookmark}
      </button>
      <button type="button" className="action share" onClick={share}>
        <span aria-hidden="true">↗</span> {t.share}
      </button>
      <p className="share-note" role="status">
        {shareNote}
      </p>
    </div>
  );
}
