import { test } from "node:test";
import assert from "node:assert/strict";
import type { BlogSummary } from "../types";
import { countLine, filterPosts, matchesSearch, pageCount, pageSlice, paginationItems, PAGE_SIZE } from "./blogList";

const post = (title: string, description: string, tags: string[], category = "Stress & Resilience"): BlogSummary => ({
  title,
  description,
  tags,
  category,
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
  assert.equal(countLine(0), "No blogs found");
  assert.equal(countLine(1), "Found 1 blog");
  assert.equal(countLine(23), "Found 23 blogs");
});
