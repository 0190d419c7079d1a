// The head has one author, the server: after a client-side navigation, or an in-place change of the blog
// list's state, the document's head is exactly the one the server sends for that URL (title, meta tags,
// canonical and alternate links, JSON-LD), and <html lang> follows.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { openPage, useSite } from "./harness";

/** The head that names the page: what lies between the server's page-head comments, tag by tag. */
function pageHeadOf(document: Document): string[] {
  const nodes = Array.from(document.head.childNodes);
  const start = nodes.findIndex((n) => n.nodeType === Node.COMMENT_NODE && n.nodeValue === "page-head");
  const end = nodes.findIndex((n) => n.nodeType === Node.COMMENT_NODE && n.nodeValue === "/page-head");
  if (start < 0 || end < start) throw new Error("no page-head comments in the head");
  return nodes.slice(start + 1, end).map((n) => (n instanceof Element ? n.outerHTML : `#${n.nodeName}`));
}

/** The document's head now, and the head in the server's HTML for the same URL, parsed the same way. */
async function heads(page: Page) {
  return page.evaluate(async (pageHead) => {
    const of = new Function(`return (${pageHead})`)() as (d: Document) => string[];
    const html = await (await fetch(location.pathname + location.search)).text();
    const served = new DOMParser().parseFromString(html, "text/html");
    return {
      shown: of(document),
      served: of(served),
      lang: document.documentElement.lang,
      servedLang: served.documentElement.lang,
      title: document.title,
    };
  }, pageHeadOf.toString());
}

/** Follows the first link to `href` inside `within` (a CSS selector), on the client. */
async function navigate(page: Page, within: string, href: string, heading: string) {
  await page.locator(`${within} a[href="${href}"]`).first().click();
  await page.waitForURL(`**${href}`);
  await page.getByRole("heading", { level: 1, name: heading }).waitFor({ timeout: 10_000 });
}

/** Waits until the document's head is the server's for the URL shown (a state's head follows its render). */
async function expectServedHead(page: Page, what: string) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const { shown, served } = await heads(page);
    if (Date.now() > deadline) return assert.deepEqual(shown, served, `${what} (${page.url()})`);
    if (JSON.stringify(shown) === JSON.stringify(served)) return;
    await page.waitForTimeout(50);
  }
}

describe("the head after client-side navigation", () => {
  const site = useSite();

  test("is the server's head for the URL, JSON-LD included, there and back", async () => {
    const { page, problems } = await openPage(site, "/blog/deal-with-failures");
    const first = await heads(page);
    assert.deepEqual(first.shown, first.served);

    // Into the Hindi edition by the language switch: the Hindi head, and <html lang="hi">.
    const hindiTitle = await page.evaluate(async () => ((await (await fetch("/_data/hi/blog/deal-with-failures")).json()) as { data: { page: { article: { title: string } } } }).data.page.article.title);
    await navigate(page, "footer", "/hi/blog/deal-with-failures", hindiTitle);
    const article = await heads(page);
    assert.deepEqual(article.shown, article.served);
    assert.equal(article.lang, "hi");
    assert.equal(article.lang, article.servedLang);
    assert.ok(article.shown.some((tag) => tag.includes('"@type":"BlogPosting"')), "the article's JSON-LD");
    assert.ok(article.shown.some((tag) => tag.startsWith('<link rel="alternate" hreflang="hi-IN"')));
    assert.equal(article.title, `${hindiTitle} | ${await page.locator(".site-header .brand span").textContent()}`);

    const serviceTitle = await page.evaluate(async () => ((await (await fetch("/_data/hi/services/telepsychiatry")).json()) as { data: { page: { service: { hero: { title: string } } } } }).data.page.service.hero.title);
    await navigate(page, "footer", "/hi/services/telepsychiatry", serviceTitle);
    const service = await heads(page);
    assert.deepEqual(service.shown, service.served);
    assert.equal(service.lang, "hi");

    await page.goBack();
    await page.getByRole("heading", { level: 1, name: hindiTitle }).waitFor({ timeout: 10_000 });
    assert.equal((await heads(page)).lang, "hi");
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Dealing with Failure: How to Cope, Learn and Move Forward" }).waitFor({ timeout: 10_000 });
    const back = await heads(page);
    assert.deepEqual(back.shown, first.served, "the first page's own head comes back");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  for (const prefix of ["", "/hi"]) {
    test(`is the server's head for each state the blog list changes to in place (${prefix || "/"})`, async () => {
      const { page, problems } = await openPage(site, `${prefix}/blogs`);
      await expectServedHead(page, "the list");
      const follow = async (link: string, query: RegExp) => {
        await page.locator(link).first().click();
        await page.waitForURL(query);
      };
      await follow('.pagination a[href$="?page=2"]', /\?page=2$/);
      await expectServedHead(page, "page 2");
      await follow(".chip-group a[href*='category=']", /\?category=[^&]+$/);
      await expectServedHead(page, "a category");
      await page.locator("input[type=search]").fill("sleep");
      await page.waitForURL(/\?q=sleep&category=/);
      await expectServedHead(page, "a search: noindex, follow");
      await follow('.toggle-group a[href$="view=categories"]', /\?q=sleep&view=categories$/);
      await expectServedHead(page, "the search by categories");
      // The search replaced the category's history entry as it was typed: Back returns to it, then to page 2.
      await page.goBack();
      await page.waitForURL(/\?q=sleep&category=[^&]+$/);
      await expectServedHead(page, "back to the search");
      await page.goBack();
      await page.waitForURL(/\?page=2$/);
      await expectServedHead(page, "back to page 2");
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
});
