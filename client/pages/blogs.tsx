import { useId, useMemo, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import type { BlogSummary, PageProps } from "../types";
import { BlogCard } from "../components/BlogCard";
import {
  blogQueryParams,
  changeQuery,
  countLine,
  filterPosts,
  groupByCategory,
  pageCount,
  pageSlice,
  paginationItems,
  readBlogQuery,
  type BlogQuery,
} from "../lib/blogList";
import { fill, useStrings } from "../i18n";

// The state lives in the URL query (read the same way when the server renders it), so a reload or a
// shared link shows the same list.
export default function Blogs({ page }: PageProps<"blogs">) {
  const [params, setParams] = useSearchParams();
  const t = useStrings();
  const keys = page.categories.map((c) => c.key);
  const nameOf = (key: string) => page.categories.find((c) => c.key === key)?.name ?? key;
  const query = readBlogQuery(params, keys);
  const listTop = useRef<HTMLDivElement>(null);
  const searchId = useId();

  const update = (change: Partial<BlogQuery>, options: { replace?: boolean; toTop?: boolean } = {}) => {
    setParams(blogQueryParams(changeQuery(query, change)), { replace: options.replace });
    if (options.toTop) listTop.current?.scrollIntoView({ block: "start" });
  };
  const reset = () => setParams(blogQueryParams({ ...query, search: "", category: null, page: 1 }));

  const matching = useMemo(() => filterPosts(page.posts, query.search, null), [page.posts, query.search]);
  const filtered = query.category === null ? matching : matching.filter((p) => p.category === query.category);
  const shownCount = query.view === "all" ? filtered.length : matching.length;

  return (
    <>
      <section className="page-hero">
        <div className="page-hero-text">
          <h1>{t.blogs.title}</h1>
          <p>{t.blogs.intro}</p>
        </div>
      </section>
      <section className="blog-list" aria-label={t.blogs.listLabel}>
        <div className="blog-controls" ref={listTop}>
          <div className="field search-field">
            <label htmlFor={searchId}>{t.blogs.search}</label>
            <input
              id={searchId}
              type="search"
              value={query.search}
              placeholder={t.blogs.searchPlaceholder}
              onChange={(e) => update({ search: e.target.value }, { replace: true })}
            />
          </div>
          <div className="toggle-group" role="group" aria-label={t.blogs.view}>
            <button type="button" aria-pressed={query.view === "all"} onClick={() => update({ view: "all" })}>
              {t.blogs.allBlogs}
            </button>
            <button
              type="button"
              aria-pressed={query.view === "categories"}
              onClick={() => update({ view: "categories" })}
            >
              {t.blogs.byCategories}
            </button>
          </div>
          {query.view === "all" && (
            <div className="chip-group" role="group" aria-label={t.blogs.category}>
              {[null, ...keys].map((c) => (
                <button key={c ?? "all"} type="button" aria-pressed={query.category === c} onClick={() => update({ category: c })}>
                  {c === null ? t.blogs.allCategories : nameOf(c)}
                </button>
              ))}
            </div>
          )}
        </div>
        <p className="count-line" role="status">
          {countLine(shownCount, t)}
        </p>
        {shownCount === 0 ? (
          <div className="empty-state">
            <p>{t.blogs.tryAdjusting}</p>
            <button type="button" className="button outline" onClick={reset}>
              {t.blogs.reset}
            </button>
          </div>
        ) : query.view === "all" ? (
          <PagedList posts={filtered} current={query.page} onPage={(p) => update({ page: p }, { toTop: true })} />
        ) : (
          groupByCategory(matching, keys).map((group, i) => (
            <section className="category-group" key={group.category} aria-labelledby={`${searchId}-${group.category}`}>
              <h2 id={`${searchId}-${group.category}`}>{nameOf(group.category)}</h2>
              <CardGrid posts={group.posts} lead={i === 0} />
              {group.total > group.posts.length && (
                <button
                  type="button"
                  className="button outline"
                  onClick={() => update({ view: "all", category: group.category }, { toTop: true })}
                >
                  {fill(t.blogs.seeAll, { n: group.total, category: nameOf(group.category) })}
                </button>
              )}
            </section>
          ))
        )}
      </section>
    </>
  );
}

/** `lead`: this grid is the page's first, so its first image is the largest paint on a phone. */
function CardGrid({ posts, lead }: { posts: BlogSummary[]; lead?: boolean }) {
  return (
    <ul className="card-grid plain">
      {posts.map((post, i) => (
        <li key={post.path}>
          <BlogCard post={post} priority={lead && i === 0} />
        </li>
      ))}
    </ul>
  );
}

function PagedList({ posts, current, onPage }: { posts: BlogSummary[]; current: number; onPage: (page: number) => void }) {
  const pages = pageCount(posts.length);
  // A page number past the end (an old link, a shorter result) shows the last page.
  const at = Math.min(current, pages);
  const t = useStrings().blogs;
  return (
    <>
      <h2 className="visually-hidden">{fill(t.pageHeading, { page: at, pages })}</h2>
      <CardGrid posts={pageSlice(posts, at)} lead />
      {pages > 1 && (
        <nav aria-label={t.pagination} className="pagination">
          <button type="button" disabled={at === 1} onClick={() => onPage(at - 1)}>
            {t.previous}
          </button>
          {paginationItems(at, pages).map((item, i) =>
            item === "ellipsis" ? (
              <span key={`e${i}`} className="ellipsis" aria-hidden="true">
                …
              </span>
            ) : (
              <button
                type="button"
                key={item}
                aria-label={fill(t.page, { page: item })}
                aria-current={item === at ? "page" : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            ),
          )}
          <button type="button" disabled={at === pages} onClick={() => onPage(at + 1)}>
            {t.next}
          </button>
        </nav>
      )}
    </>
  );
}
