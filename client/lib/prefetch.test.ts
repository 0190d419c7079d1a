import { test } from "node:test";
import assert from "node:assert/strict";
import { prefetchTarget, savesData, type LinkLike } from "./prefetch";

const here = { origin: "https://clinic.example.org", pathname: "/about" };

function link(href: string, { target = "", attributes = [] as string[] } = {}): LinkLike {
  // As a browser does for anchor.href: resolved against the document URL.
  return { href: new URL(href, here.origin + here.pathname).href, target, hasAttribute: (name) => attributes.includes(name) };
}

test("an internal link to another page is prefetched by its pathname, without query or hash", () => {
  assert.equal(prefetchTarget(link("/blogs"), here), "/blogs");
  assert.equal(prefetchTarget(link("/blog/insomnia?ref=home#top"), here), "/blog/insomnia");
  assert.equal(prefetchTarget(link("/services/telepsychiatry"), here), "/services/telepsychiatry");
  assert.equal(prefetchTarget(link("/"), here), "/");
  assert.equal(prefetchTarget(link("https://clinic.example.org/contact"), here), "/contact");
});

test("external links are not prefetched", () => {
  assert.equal(prefetchTarget(link("https://wa.me/910000000000"), here), null);
  assert.equal(prefetchTarget(link("http://clinic.example.org/contact"), here), null, "another scheme is another origin");
  assert.equal(prefetchTarget(link("https://maps.example.com/?q=clinic"), here), null);
  assert.equal(prefetchTarget({ href: "tel:+910000000000", target: "", hasAttribute: () => false }, here), null);
  assert.equal(prefetchTarget({ href: "mailto:care@example.org", target: "", hasAttribute: () => false }, here), null);
});

test("links within the page shown are not prefetched", () => {
  assert.equal(prefetchTarget(link("/about#team"), here), null);
  assert.equal(prefetchTarget(link("/about?x=1"), here), null);
  assert.equal(prefetchTarget(link("#main"), here), null);
});

test("links opened elsewhere, downloads, files and server endpoints are not prefetched", () => {
  assert.equal(prefetchTarget(link("/blogs", { target: "_blank" }), here), null);
  assert.equal(prefetchTarget(link("/blogs", { target: "_self" }), here), "/blogs");
  assert.equal(prefetchTarget(link("/blogs", { attributes: ["download"] }), here), null);
  assert.equal(prefetchTarget(link("/blogs", { attributes: ["data-no-prefetch"] }), here), null);
  assert.equal(prefetchTarget(link("/sitemap.xml"), here), null);
  assert.equal(prefetchTarget(link("/images/blog/insomnia.svg"), here), null);
  assert.equal(prefetchTarget(link("/assets/main-ABC.js"), here), null);
  assert.equal(prefetchTarget(link("/_data/blogs"), here), null);
  assert.equal(prefetchTarget(link("/healthz"), here), null);
});

test("a visitor who saves data gets no prefetch", () => {
  const nav = (connection?: object) => ({ connection }) as unknown as Navigator;
  assert.equal(savesData(nav({ saveData: true })), true);
  assert.equal(savesData(nav({ saveData: false })), false);
  assert.equal(savesData(nav({})), false);
  assert.equal(savesData(nav(undefined)), false, "browsers without the Network Information API");
});
