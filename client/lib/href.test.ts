import { test } from "node:test";
import assert from "node:assert/strict";
import { splitHref, withQuery } from "./href";

test("an address splits into its path and its query, as location has them", () => {
  assert.deepEqual(splitHref("/blogs?page=2&q=a%3Fb"), { pathname: "/blogs", search: "?page=2&q=a%3Fb" });
  assert.deepEqual(splitHref("/hi/about"), { pathname: "/hi/about", search: "" });
  assert.deepEqual(splitHref("/blogs?"), { pathname: "/blogs", search: "?" });
});

test("a query replaces the URL's own, and an empty one leaves none", () => {
  assert.equal(withQuery("https://x.org/hi/blogs", "category=Sleep+%26+Physical+Wellness"), "https://x.org/hi/blogs?category=Sleep+%26+Physical+Wellness");
  assert.equal(withQuery("https://x.org/blogs?page=2", "q=sleep"), "https://x.org/blogs?q=sleep");
  assert.equal(withQuery("https://x.org/blogs?page=2", ""), "https://x.org/blogs");
  assert.equal(withQuery("/blogs", ""), "/blogs");
});
