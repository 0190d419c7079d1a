import { test } from "node:test";
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import type { BlogSummary, PageProps, RouteData } from "../types";
import { LocationProvider } from "../location";
import { LangContext, provideStrings } from "../i18n";
import { linkedStates, queryHref, readBlogQuery } from "./blogList";
import en from "../i18n/en.json";
import Blogs from "../pages/blogs";

provideStrings("en", en);

// 30 posts: 20 in one category (four pages of the all-posts view, "see all" in the by-categories view), 6 in
// another ("see all" too) and 4 in a third (all shown, so no "see all").
const counts = { "Mental Health Disorders": 20, "Stress & Resilience": 6, "Child Mental Health": 4 };
const posts: BlogSummary[] = Object.entries(counts).flatMap(([category, n]) =>
  Array.from({ length: n }, (_, i) => ({
    title: `${category} ${i + 1}${i === 0 ? " sleep" : ""}`,
    description: "A plain description",
    path: `/blog/${category.replace(/\W+/g, "-").toLowerCase()}-${i + 1}`,
    date: "2025-01-01",
    image: { src: "/images/x.svg", alt: "", width: 1, height: 1 },
    tags: [],
    category,
    categoryName: category,
    lang: "en",
  })),
);
const page: PageProps<"blogs">["page"] = {
  kind: "blogs",
  listTitle: "Blog | Clinic",
  posts,
  categories: Object.keys(counts).map((key) => ({ key, name: key })),
};

/** The addresses of the blog list's states that the page, rendered at `url`, links to. */
function renderedLinks(url: string): string[] {
  const html = renderToString(
    <LocationProvider href={url}>
      <LangContext.Provider value="en">
        <Blogs data={{ canonicalUrl: "http://127.0.0.1/blogs" } as RouteData} page={page} />
      </LangContext.Provider>
    </LocationProvider>,
  );
  const hrefs = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
  return [...new Set(hrefs.filter((href) => /^\/blogs(\?|$)/.test(href)))].sort();
}

test("the states the server pre-renders are exactly those the blog list links to", () => {
  const queries = [
    "",
    "page=2",
    "page=4",
    "page=99",
    "category=Mental+Health+Disorders",
    "category=Mental+Health+Disorders&page=2",
    "category=Child+Mental+Health",
    "view=categories",
    "q=sleep",
    "q=sleep&view=categories",
    "q=nothing+matches+this",
    "q=nothing+matches+this&view=categories",
  ];
  for (const query of queries) {
    const state = readBlogQuery(new URLSearchParams(query), Object.keys(counts));
    const linked = [...new Set(linkedStates(state, page).map((s) => queryHref("/blogs", s)))].sort();
    assert.ok(linked.length >= 2, query);
    assert.deepEqual(renderedLinks(`/blogs?${query}`), linked, `?${query}`);
  }
});

test("the linked states include every page, each category's 'see all' and the reset where the page shows them", () => {
  const hrefs = (query: string) => linkedStates(readBlogQuery(new URLSearchParams(query), Object.keys(counts)), page).map((s) => queryHref("/blogs", s));
  assert.ok(hrefs("").includes("/blogs?page=2"));
  assert.ok(hrefs("page=2").includes("/blogs?page=3"));
  assert.ok(hrefs("view=categories").includes("/blogs?category=Stress+%26+Resilience"));
  assert.ok(!hrefs("view=categories").includes("/blogs?category=Child+Mental+Health"), "all four shown: no 'see all'");
  assert.ok(hrefs("q=nothing+matches+this").includes("/blogs"), "the reset");
});
