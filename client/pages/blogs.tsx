import { useEffect, useId, useRef, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { useLocation, useSearchParams } from "../location";
import type { BlogSummary, PageProps } from "../types";
import { BlogCard } from "../components/BlogCard";
import { followsInPlace } from "../components/Link";
import {
  blogQueryParams,
  changeQuery,
  CLEARED,
  countLine,
  groupByCategory,
  listContents,
  listStateHead,
  pageSlice,
  paginationItems,
  queryHref,
  readBlogQuery,
  shownPage,
  type BlogQuery,
} from "../lib/blogList";
import { fill, useStrings } from "../i18n";
import { showStateHead } from "../head";

// The state lives in the URL query (read the same way when the server renders it), so a reload or a
// shared link shows the same list. Every control that changes it is a link to the new state's URL (and
// the search box a GET form), so crawlers and browsers without JavaScript can page and filter too.
export default function Blogs({ data, page }: PageProps<"blogs">) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
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
  // The server stores one page per state, rendered at the state's canonical URL (src/pages/blog_query.rs): the
  // address bar shows that URL too, so what the page links to (the language switch) is what the server wrote.
  const search = params.toString();
  const canonicalSearch = blogQueryParams(query).toString();
  useEffect(() => {
    if (search !== canonicalSearch) setParams(new URLSearchParams(canonicalSearch), { replace: true });
  }, [search, canonicalSearch, setParams]);
  // The server named this state in the head it wrote; a change in place names the new one the same way.
  const { title, canonicalQuery, index } = listStateHead(query, page, t);
  useEffect(() => showStateHead({ title, canonicalQuery, index }, data.canonicalUrl), [title, canonicalQuery, index, data.canonicalUrl]);
  // Every link below is one of `linkedStates(query, page)`, which the server pre-renders.
  const href = (change: Partial<BlogQuery>) => queryHref(pathname, changeQuery(query, change));
  const { matching, filtered, shownCount } = listContents(query, page.posts);

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
          {/* Searches as the visitor types; without JavaScript, the button (or Enter) sends the form. */}
          <form className="field search-field" role="search" action={pathname} method="get" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor={searchId}>{t.blogs.search}</label>
            <div className="search-row">
              <input
                id={searchId}
                type="search"
                name="q"
                value={query.search}
                placeholder={t.blogs.searchPlaceholder}
                onChange={(e) => update({ search: e.target.value }, { replace: true })}
              />
              <button type="submit" className="button primary">{t.blogs.searchButton}</button>
            </div>
            {query.category !== null && <input type="hidden" name="category" value={query.category} />}
            {query.view !== "all" && <input type="hidden" name="view" value={query.view} />}
          </form>
          <div className="toggle-group" role="group" aria-label={t.blogs.view}>
            {(["all", "categories"] as const).map((view) => (
              <StateLink key={view} href={href({ view })} current={query.view === view} onFollow={() => update({ view })}>
                {view === "all" ? t.blogs.allBlogs : t.blogs.byCategories}
              </StateLink>
            ))}
          </div>
          {query.view === "all" && (
            <div className="chip-group" role="group" aria-label={t.blogs.category}>
              {[null, ...keys].map((c) => (
                <StateLink key={c ?? "all"} href={href({ category: c })} current={query.category === c} onFollow={() => update({ category: c })}>
                  {c === null ? t.blogs.allCategories : nameOf(c)}
                </StateLink>
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
            <StateLink className="button outline" href={href(CLEARED)} onFollow={() => update(CLEARED)}>
              {t.blogs.reset}
            </StateLink>
          </div>
        ) : query.view === "all" ? (
          <PagedList
            posts={filtered}
            current={query.page}
            href={(p) => href({ page: p })}
            onPage={(p) => update({ page: p }, { toTop: true })}
          />
        ) : (
          groupByCategory(matching, keys).map((group, i) => (
            // The heading's id comes from the group's position: a category's name has spaces, and an id must not.
            <section className="category-group" key={group.category} aria-labelledby={`${searchId}-group-${i}`}>
              <h2 id={`${searchId}-group-${i}`}>{nameOf(group.category)}</h2>
              <CardGrid posts={group.posts} lead={i === 0} />
              {group.total > group.posts.length && (
                <StateLink
                  className="button outline"
                  href={href({ view: "all", category: group.category })}
                  onFollow={() => update({ view: "all", category: group.category }, { toTop: true })}
                >
                  {fill(t.blogs.seeAll, { n: group.total, category: nameOf(group.category) })}
                </StateLink>
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

/** A link to another state of the list. A plain click (no modifier key: those open a new tab or window)
 * updates the list in place, as a client-side change of the query; `current` marks the state shown. */
function StateLink({
  onFollow,
  current,
  ...link
}: { href: string; onFollow: () => void; current?: boolean } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!followsInPlace(e)) return;
    e.preventDefault();
    onFollow();
  };
  return <a aria-current={current ? "true" : undefined} {...link} onClick={follow} />;
}

function PagedList({
  posts,
  current,
  href,
  onPage,
}: {
  posts: BlogSummary[];
  current: number;
  href: (page: number) => string;
  onPage: (page: number) => void;
}) {
  // A page number past the end (an old link, a shorter result) shows the last page.
  const { page: at, pages } = shownPage(current, posts.length);
  const t = useStrings().blogs;
  return (
    <>
      <h2 className="visually-hidden">{fill(t.pageHeading, { page: at, pages })}</h2>
      <CardGrid posts={pageSlice(posts, at)} lead />
      {pages > 1 && (
        <nav aria-label={t.pagination} className="pagination">
          <PageStep to={at - 1} pages={pages} href={href} onPage={onPage}>
            {t.previous}
          </PageStep>
          {paginationItems(at, pages).map((item, i) =>
            item === "ellipsis" ? (
              <span key={`e${i}`} className="ellipsis" aria-hidden="true">
                …
              </span>
            ) : (
              <StateLink
                key={item}
                href={href(item)}
                aria-label={fill(t.page, { page: item })}
                aria-current={item === at ? "page" : undefined}
                onFollow={() => onPage(item)}
              >
                {item}
              </StateLink>
            ),
          )}
          <PageStep to={at + 1} pages={pages} href={href} onPage={onPage}>
            {t.next}
          </PageStep>
        </nav>
      )}
    </>
  );
}

/** Previous or next: a link to page `to`, or, past either end, a disabled link (no address, not focusable). */
function PageStep({
  to,
  pages,
  href,
  onPage,
  children,
}: {
  to: number;
  pages: number;
  href: (page: number) => string;
  onPage: (page: number) => void;
  children: string;
}) {
  if (to < 1 || to > pages) {
    return (
      <a role="link" aria-disabled="true">
        {children}
      </a>
    );
  }
  return (
    <StateLink href={href(to)} onFollow={() => onPage(to)}>
      {children}
    </StateLink>
  );
}
