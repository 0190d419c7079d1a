import assert from "node:assert/strict";
import { test } from "node:test";
import { offlinePageFor } from "./offlinePage";

// As src/seo/service_worker.rs lists them (its test holds it to this order).
const PAGES = [
  { under: "/hi", path: "/hi/offline" },
  { under: "/", path: "/offline" },
];

test("a page stands in by the offline page of its own language", () => {
  assert.equal(offlinePageFor("/hi", PAGES), "/hi/offline");
  assert.equal(offlinePageFor("/hi/blog/insomnia", PAGES), "/hi/offline");
  assert.equal(offlinePageFor("/", PAGES), "/offline");
  assert.equal(offlinePageFor("/blog/insomnia", PAGES), "/offline");
  // A path that only starts with the letters of the Hindi prefix is an English one (Lang::of_path).
  assert.equal(offlinePageFor("/hindi", PAGES), "/offline");
  assert.equal(offlinePageFor("/history", PAGES), "/offline");
});
