import { test } from "node:test";
import assert from "node:assert/strict";
import { createViewCache } from "./viewCache";

/** A loader that counts its calls per pathname and answers `view:<pathname>#<n>`. */
function countingLoader(fail: (pathname: string, call: number) => boolean = () => false) {
  const calls = new Map<string, number>();
  const load = async (pathname: string) => {
    const n = (calls.get(pathname) ?? 0) + 1;
    calls.set(pathname, n);
    if (fail(pathname, n)) throw new Error(`load ${pathname} failed`);
    return `view:${pathname}#${n}`;
  };
  return { load, calls };
}

test("a prefetch and the navigation after it share one load", async () => {
  const { load, calls } = countingLoader();
  const cache = createViewCache(load);
  const prefetched = cache.get("/blogs");
  const navigated = cache.get("/blogs");
  assert.equal(navigated, prefetched, "the same promise, not a second request");
  assert.equal(await navigated, "view:/blogs#1");
  assert.equal(calls.get("/blogs"), 1);
});

test("a failed load is not cached: the next call loads again", async () => {
  const { load, calls } = countingLoader((_, call) => call === 1);
  const cache = createViewCache(load);
  await assert.rejects(cache.get("/contact"), /failed/);
  assert.equal(cache.has("/contact"), false);
  assert.equal(await cache.get("/contact"), "view:/contact#2");
  assert.equal(calls.get("/contact"), 2);
  assert.equal(await cache.get("/contact"), "view:/contact#2", "the success is kept");
});

test("the cache keeps the 20 most recently used pathnames", async () => {
  const { load, calls } = countingLoader();
  const cache = createViewCache(load);
  for (let i = 0; i < 20; i++) await cache.get(`/blog/${i}`);
  assert.equal(cache.size, 20);
  await cache.get("/blog/0"); // used again: now the most recent
  await cache.get("/blog/20"); // the 21st drops the least recently used, /blog/1
  assert.equal(cache.size, 20);
  assert.equal(cache.has("/blog/0"), true);
  assert.equal(cache.has("/blog/1"), false);
  assert.equal(cache.has("/blog/2"), true);
  await cache.get("/blog/1");
  assert.equal(calls.get("/blog/1"), 2, "a dropped pathname loads again");
  assert.equal(calls.get("/blog/0"), 1);
});

test("the bound is a parameter", async () => {
  const cache = createViewCache(countingLoader().load, { limit: 2 });
  await cache.get("/a");
  await cache.get("/b");
  await cache.get("/c");
  assert.deepEqual(["/a", "/b", "/c"].map((p) => cache.has(p)), [false, true, true]);
});

test("an entry older than maxAgeMs loads again (fake clock)", async () => {
  let clock = 1_000;
  const { load, calls } = countingLoader();
  const cache = createViewCache(load, { maxAgeMs: 60_000, now: () => clock });
  await cache.get("/about");
  clock += 60_000;
  assert.equal(await cache.get("/about"), "view:/about#1", "at exactly maxAgeMs it is still fresh");
  clock += 1;
  assert.equal(cache.has("/about"), false);
  assert.equal(await cache.get("/about"), "view:/about#2");
  assert.equal(calls.get("/about"), 2);
});

test("a view stored with set is served without a load", async () => {
  const { load, calls } = countingLoader();
  const cache = createViewCache(load);
  cache.set("/", "server-rendered");
  assert.equal(await cache.get("/"), "server-rendered");
  assert.equal(calls.size, 0);
});

test("a failure does not evict a newer entry stored meanwhile for the same pathname", async () => {
  let rejectFirst!: (e: Error) => void;
  const cache = createViewCache<string>((pathname) =>
    pathname === "/slow" ? new Promise((_, reject) => (rejectFirst = reject)) : Promise.resolve(pathname),
  );
  const first = cache.get("/slow");
  cache.set("/slow", "fresh");
  rejectFirst(new Error("network"));
  await assert.rejects(first);
  assert.equal(await cache.get("/slow"), "fresh");
});
