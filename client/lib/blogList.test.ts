import { test } from "node:test";
import assert from "node:assert/strict";
import type { BlogSummary } from "../types";
import {
  blogQueryParams,
  changeQuery,
  countLine,
  DEFAULT_QUERY,
  filterPosts,
  groupByCategory,
  listStateHead,
  matchesSearch,
  pageCount,
  pageSlice,
  paginationItems,
  queryHref,
  PAGE_SIZE,
  PER_CATEGORY,
  readBlogQuery,
  shownPage,
} from "./blogList";
import states from "./blog-list-states.json";
import en from "../i18n/en.json";
import hi from "../i18n/hi.json";

const post = (title: string, description: string, tags: string[], category = "Stress & Resilience"): BlogSummary => ({
  title,
  description,
  tags,
  category,
  categoryName: category,
  lang: "en",
  path: `/blog/${title.toLowerCase().replace(/\W+/g, "-")}`,
  date: "2024-06-15",
  image: { src: "/images/x.svg", alt: "", width: 1, height: 1 },
});

test("search is a case-insensitive substring match on title, description and tags", () => {
  const p = post("Overcome Exam Stress", "Calm study habits", ["exam stress", "students"]);
  assert.equal(matchesSearch(p, "EXAM"), true);
  assert.equal(matchesSearch(p, "study hab"), true);
  assert.equal(matchesSearch(p, "STUDENT"), true);
  assert.equal(matchesSearch(p, "insomnia"), false);
  assert.equal(matchesSearch(p, "   "), true);
});

test("category filter and search combine", () => {
  const posts = [post("Insomnia", "Sleep", ["sleep"], "Sleep & Physical Wellness"), post("Exam stress", "Study", ["stress"])];
  assert.deepEqual(filterPosts(posts, "", "Sleep & Physical Wellness").map((p) => p.title), ["Insomnia"]);
  assert.deepEqual(filterPosts(posts, "s", null).length, 2);
  assert.deepEqual(filterPosts(posts, "study", "Sleep & Physical Wellness"), []);
});

test("page size is 9 and 23 blogs make 3 pages", () => {
  assert.equal(PAGE_SIZE, 9);
  assert.equal(pageCount(23), 3);
  assert.equal(pageCount(0), 1);
  const items = Array.from({ length: 23 }, (_, i) => i);
  assert.deepEqual(pageSlice(items, 3), [18, 19, 20, 21, 22]);
});

test("pagination shows first, last, current and neighbours with ellipses", () => {
  assert.deepEqual(paginationItems(1, 1), [1]);
  assert.deepEqual(paginationItems(1, 3), [1, 2, 3]);
  assert.deepEqual(paginationItems(5, 10), [1, "ellipsis", 4, 5, 6, "ellipsis", 10]);
  assert.deepEqual(paginationItems(1, 10), [1, 2, "ellipsis", 10]);
  assert.deepEqual(paginationItems(10, 10), [1, "ellipsis", 9, 10]);
  assert.deepEqual(paginationItems(3, 10), [1, 2, 3, 4, "ellipsis", 10]);
});

test("count line wording, singular for one", () => {
  assert.equal(countLine(0, en), "No blogs found");
  assert.equal(countLine(1, en), "Found 1 blog");
  assert.equal(countLine(23, en), "Found 23 blogs");
});

test("the Hindi count line has its own singular and plural", () => {
  assert.equal(countLine(0, hi), hi.blogs.foundNone);
  assert.equal(countLine(1, hi), hi.blogs.foundOne);
  assert.equal(countLine(22, hi), hi.blogs.foundMany.replace("{n}", "22"));
  assert.match(countLine(22, hi), /22/);
});

test("Hindi search matches Hindi titles, descriptions and tags, and Latin letters in either case", () => {
  const p = post("परीक्षा का तनाव (Exam Stress)", "पढ़ाई की शांत आदतें", ["छात्र-छात्राएँ", "तनाव"]);
  assert.equal(matchesSearch(p, "परीक्षा"), true);
  assert.equal(matchesSearch(p, "शांत आदत"), true);
  assert.equal(matchesSearch(p, "छात्र"), true);
  assert.equal(matchesSearch(p, "exam STRESS"), true);
  assert.equal(matchesSearch(p, "नींद"), false);
});

/** The spec's categories, in its order. */
const CATEGORIES = states.categories;

test("the URL query gives the list's state; unknown or malformed values fall back to defaults", () => {
  const read = (query: string) => readBlogQuery(new URLSearchParams(query), CATEGORIES);
  assert.deepEqual(read(""), DEFAULT_QUERY);
  assert.deepEqual(read("q=Sleep+well&category=Stress+%26+Resilience&page=2"), {
    search: "Sleep well",
    category: "Stress & Resilience",
    view: "all",
    page: 2,
  });
  assert.equal(read("category=Other").category, null);
  assert.equal(read("view=categories&category=Stress+%26+Resilience").category, null);
  assert.equal(read("view=sideways").view, "all");
  for (const page of ["0", "-1", "2.5", "abc", "", "9999999"]) assert.equal(read(`page=${page}`).page, 1);
  assert.equal(read("page=3&page=5").page, 3, "the first occurrence wins, as on the server");
});

test("every shared case has the state the server keys it by (src/pages/blog_query.rs reads the same file)", () => {
  assert.ok(states.cases.length > 20);
  for (const { query, state } of states.cases) {
    const read = readBlogQuery(new URLSearchParams(query), states.categories);
    assert.equal(blogQueryParams(read).toString(), state, `?${query}`);
    assert.deepEqual(readBlogQuery(new URLSearchParams(state), states.categories), read, `?${state}`);
  }
});

test("one state has one URL: fixed order, defaults left out, and it reads back the same", () => {
  const state = { search: "exam stress", category: "Stress & Resilience", view: "all" as const, page: 2 };
  const params = blogQueryParams(state);
  assert.equal(params.toString(), "q=exam+stress&category=Stress+%26+Resilience&page=2");
  assert.deepEqual(readBlogQuery(params, CATEGORIES), state);
  assert.equal(blogQueryParams(DEFAULT_QUERY).toString(), "");
  assert.equal(blogQueryParams({ ...DEFAULT_QUERY, view: "categories" }).toString(), "view=categories");
});

test("a new search or category resets to page 1; choosing a view resets the category", () => {
  const at3 = { search: "", category: "Therapy & Treatment", view: "all" as const, page: 3 };
  assert.equal(changeQuery(at3, { search: "sleep" }).page, 1);
  assert.equal(changeQuery(at3, { category: null }).page, 1);
  assert.equal(changeQuery(at3, { page: 2 }).page, 2);
  assert.equal(changeQuery(at3, { search: "" }).page, 3, "an unchanged search keeps the page");
  const toCategories = changeQuery(at3, { view: "categories" });
  assert.equal(toCategories.category, null);
  assert.equal(toCategories.page, 1);
  assert.equal(changeQuery(toCategories, { view: "all" }).category, null);
  assert.deepEqual(changeQuery(toCategories, { view: "all", category: "Social & Lifestyle" }).category, "Social & Lifestyle");
});

test("the by-categories view keeps the spec's order, at most 4 a category, and drops empty ones", () => {
  const posts = [
    ...Array.from({ length: 6 }, (_, i) => post(`Sleep ${i}`, "", ["sleep"], "Sleep & Physical Wellness")),
    post("Anxiety", "", ["anxiety"], "Mental Health Disorders"),
  ];
  const groups = groupByCategory(posts, CATEGORIES);
  assert.deepEqual(
    groups.map((g) => [g.category, g.posts.length, g.total]),
    [
      ["Mental Health Disorders", 1, 1],
      ["Sleep & Physical Wellness", PER_CATEGORY, 6],
    ],
  );
  assert.equal(PER_CATEGORY, 4);
});

test("each state of the list has one URL, the path alone for the default", () => {
  assert.equal(queryHref("/blogs", DEFAULT_QUERY), "/blogs");
  assert.equal(queryHref("/hi/blogs", { ...DEFAULT_QUERY, page: 2 }), "/hi/blogs?page=2");
  const state = { ...DEFAULT_QUERY, search: "sleep well", category: "Sleep & Physical Wellness" };
  assert.equal(queryHref("/blogs", state), "/blogs?q=sleep+well&category=Sleep+%26+Physical+Wellness");
});

test("a page number past the end shows the last page", () => {
  assert.deepEqual(shownPage(2, 20), { page: 2, pages: 3 });
  assert.deepEqual(shownPage(7, 20), { page: 3, pages: 3 });
  assert.deepEqual(shownPage(4, 0), { page: 1, pages: 1 });
});

test("each state of the list names itself in the head: title, canonical query, and whether to index it", () => {
  // 20 posts: 12 on sleep, 8 on stress, so the full list has 3 pages and the sleep category 2.
  const posts = [
    ...Array.from({ length: 12 }, (_, i) => post(`Sleep ${i}`, "Rest well", ["sleep"], "Sleep")),
    ...Array.from({ length: 8 }, (_, i) => post(`Stress ${i}`, "Stay calm", ["stress"])),
  ];
  const list = {
    listTitle: "Blogs | Example Mind Care Institute",
    posts,
    categories: [
      { key: "Sleep", name: "Sleep" },
      { key: "Stress & Resilience", name: "Stress and resilience" },
    ],
  };
  const head = (query: string, t = en) => listStateHead(readBlogQuery(new URLSearchParams(query), ["Sleep", "Stress & Resilience"]), list, t);

  assert.deepEqual(head(""), { title: "Blogs | Example Mind Care Institute", canonicalQuery: "", index: true });
  assert.deepEqual(head("page=2"), { title: "Page 2 of 3 – Blogs | Example Mind Care Institute", canonicalQuery: "page=2", index: true });
  // A page past the end shows, and names, the last.
  assert.deepEqual(head("page=9"), { title: "Page 3 of 3 – Blogs | Example Mind Care Institute", canonicalQuery: "page=3", index: true });
  assert.deepEqual(head("category=Stress+%26+Resilience"), {
    title: "Stress and resilience – Blogs | Example Mind Care Institute",
    canonicalQuery: "category=Stress+%26+Resilience",
    index: true,
  });
  // The view only arranges the posts: its canonical URL is the list it arranges.
  assert.deepEqual(head("category=Sleep&page=2&view=all"), {
    title: "Sleep – Page 2 of 2 – Blogs | Example Mind Care Institute",
    canonicalQuery: "category=Sleep&page=2",
    index: true,
  });
  assert.deepEqual(head("view=categories"), { title: "Browse by Categories – Blogs | Example Mind Care Institute", canonicalQuery: "", index: true });
  // A search is named but not indexed.
  assert.deepEqual(head("q=sleep&page=2"), {
    title: "Search: sleep – Page 2 of 2 – Blogs | Example Mind Care Institute",
    canonicalQuery: "q=sleep&page=2",
    index: false,
  });
  assert.deepEqual(head("q=calm&view=categories"), {
    title: "Search: calm – Browse by Categories – Blogs | Example Mind Care Institute",
    canonicalQuery: "q=calm",
    index: false,
  });
  assert.equal(head("page=2", hi).title, "पेज 2 (कुल 3) – Blogs | Example Mind Care Institute");
});
