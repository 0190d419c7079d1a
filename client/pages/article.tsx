import type { PageProps } from "../types";
import { ArticleActions } from "../components/ArticleActions";
import { BlogCard } from "../components/BlogCard";
import { Img } from "../components/Img";
import { formatDate } from "../lib/dates";

function Paragraphs({ items }: { items: string[] }) {
  return (
    <>
      {items.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </>
  );
}

export default function Article({ data, page }: PageProps<"article">) {
  const a = page.article;
  return (
    <article className="article" lang={data.lang}>
      <header className="page-hero article-hero">
        <div className="page-hero-text">
          <h1>{a.title}</h1>
          <p className="article-meta">
            <time dateTime={a.date}>{formatDate(a.date)}</time>
            {" · "}
            <span lang="en">{page.readingMinutes} min read</span>
          </p>
          <p className="article-author" lang="en">
            By {page.author}
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
          <h2>{data.lang === "hi" ? "निष्कर्ष" : "Conclusion"}</h2>
          <Paragraphs items={a.conclusion} />
        </section>
      </div>
      <section className="related" lang="en" aria-labelledby="related-title">
        <h2 id="related-title">Related posts</h2>
        {page.related.length === 0 ? (
          <p>No similar blogs found</p>
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
