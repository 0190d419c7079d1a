import { useId, useMemo, useState } from "react";
import type { PageProps } from "../types";
import { BlogCard } from "../components/BlogCard";
import { countLine, filterPosts, pageCount, pageSlice, paginationItems } from "../lib/blogList";

export default function Blogs({ page }: PageProps<"blogs">) {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<string | null>(null);
  const [current, setCurrent] = useState(1);
  const searchId = useId();

  const filtered = useMemo(() => filterPosts(page.posts, search, category), [page.posts, search, category]);
  const pages = pageCount(filtered.length);
  const shown = pageSlice(filtered, current);

  // Any change of search or category starts again from page 1.
  const changeSearch = (value: string) => {
    setSearch(value);
    setCurrent(1);
  };
  const changeCategory = (value: string | null) => {
    setCategory(value);
    setCurrent(1);
  };

  return (
    <>
      <section className="page-hero">
        <h1>Our Blogs</h1>
        <p>Articles on mental health, sleep, stress and treatment, written for patients and families.</p>
      </section>
      <section className="blog-list">
        <div className="blog-controls">
          <label htmlFor={searchId}>Search blogs</label>
          <input id={searchId} type="search" value={search} onChange={(e) => changeSearch(e.target.value)} />
          <label>
            Category
            <select value={category ?? ""} onChange={(e) => changeCategory(e.target.value || null)}>
              <option value="">All categories</option>
              {page.categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="count-line" role="status">{countLine(filtered.length)}</p>
        {filtered.length === 0 ? (
          <div className="empty">
            <p>Try adjusting your search or filter criteria</p>
            <button type="button" className="button outline" onClick={() => { changeSearch(""); changeCategory(null); }}>
              Reset filters
            </button>
          </div>
        ) : (
          <div className="card-grid">
            {shown.map((post) => (
              <BlogCard key={post.path} post={post} />
            ))}
          </div>
        )}
        {pages > 1 && (
          <nav aria-label="Pagination" className="pagination">
            <button type="button" disabled={current === 1} onClick={() => setCurrent(current - 1)}>Previous</button>
            {paginationItems(current, pages).map((item, i) =>
              item === "ellipsis" ? (
                <span key={`e${i}`} aria-hidden="true">…</span>
              ) : (
                <button type="button" key={item} aria-current={item === current ? "page" : undefined} onClick={() => setCurrent(item)}>
                  {item}
                </button>
              ),
            )}
            <button type="button" disabled={current === pages} onClick={() => setCurrent(current + 1)}>Next</button>
          </nav>
        )}
      </section>
    </>
  );
}
