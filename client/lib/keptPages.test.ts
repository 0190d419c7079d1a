import assert from "node:assert/strict";
import { test } from "node:test";
import { keptPageList, type KeptPage } from "./keptPages";

const page = (href: string, savedAt: number, title = href): KeptPage => ({ href, title, lang: "en", savedAt });

test("kept pages are listed once each, the most recently saved first", () => {
  const list = keptPageList(
    [page("/blog/insomnia", 10, "old title"), page("/about", 20), page("/blog/insomnia", 30, "new title"), page("/", 5)],
    [],
  );
  assert.deepEqual(
    list.map((p) => [p.href, p.title]),
    [
      ["/blog/insomnia", "new title"],
      ["/about", "/about"],
      ["/", "/"],
    ],
  );
});

test("the offline page does not list the address it stands in for", () => {
  assert.deepEqual(
    keptPageList([page("/about", 1), page("/contact", 2)], ["/contact"]).map((p) => p.href),
    ["/about"],
  );
});

test("pages saved at the same moment keep a stable order", () => {
  assert.deepEqual(
    keptPageList([page("/b", 1), page("/a", 1)], []).map((p) => p.href),
    ["/a", "/b"],
  );
});
