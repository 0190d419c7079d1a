import type { PageProps } from "../types";
import { ArticleActions } from "../components/ArticleActions";
import { BlogCard } from "../components/BlogCard";
import { ReviewedBy } from "../components/Credentials";
import { Img } from "../components/Img";
import { formatDate } from "../lib/dates";
import { fill, stringsOf, useStrings } from "../i18n";

function Paragraphs({ items }: { items: string[] }) {
  return (
    <>
      {items.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </>
  );
}

// The article is in its own language (face-failures is Hindi in the English edition too); what the page says
// about it (date, reading time, author, the buttons, related posts) is in the page's.
export default function Article({ data, page }: PageProps<"article">) {
  const a = page.article;
  const t = useStrings();
  // The article's own headings follow its language (loaded with the page: `pageLangs`).
  const own = a.lang === data.lang ? t : stringsOf(a.lang as typeof data.lang);
  return (
    <article className="article" lang={a.lang}>
      <header className="page-hero article-hero">
        <div className="page-hero-text">
          <h1>{a.title}</h1>
          <p className="article-meta" lang={data.lang}>
            <time dateTime={a.date}>{formatDate(a.date, t)}</time>
            {" · "}
            <span>{fill(t.article.readingTime, { n: page.readingMinutes })}</span>
          </p>
          <p className="article-author" lang={data.lang}>
            {fill(t.article.by, { author: page.author })}
            {a.author === null && <span className="caption">, {data.site.psychiatrist.title}</span>}
          </p>
        </div>
      </header>
      <div className="article-body">
        <Img image={a.image} priority className="article-image" />
        <ArticleActions title={a.title} url={data.canonicalUrl} />
        <Paragraphs items={a.text1} />
        <p className="crux">{a.crux}</p>
        <section>
          <h2>{a.hookTitle}</h2>
          <p>{a.hookText}</p>
          <ul>
            {a.keyPoints.map((k) => (
              <li key={k}>{k}</li>
            ))}
          </ul>
        </section>
        <section>
          <h2>{a.diagnosis.title}</h2>
          <Paragraphs items={a.diagnosis.content} />
        </section>
        <section>
          <h2>{a.remedies.title}</h2>
          <Paragraphs items={a.remedies.content} />
        </section>
        <section>
          <h2>{own.article.conclusion}</h2>
          <Paragraphs items={a.conclusion} />
        </section>
        {page.review && (
          <div lang={data.lang}>
            <ReviewedBy review={page.review} />
          </div>
        )}
      </div>
      <section className="related" lang={data.lang} aria-labelledby="related-title">
        <h2 id="related-title">{t.article.related}</h2>
        {page.related.length === 0 ? (
          <p>{t.article.noRelated}</p>
        ) : (
          <div className="card-grid">
            {page.related.map((post) => (
              <BlogCard key={post.path} post={post} />
            ))}
          </div>
        )}
      </section>
    </article>
  );
}
