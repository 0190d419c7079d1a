// Prefetch on intent (issue 7): hovering, focusing or touching an internal link loads the next page's
// data and chunk; the click that follows reuses them, so the loading screen has the page ready behind it.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Page, Request } from "playwright-core";
import { DESKTOP, openPage, PHONE, useSite, type Site } from "./harness";

/** The pathnames of the requests the page makes from now on; `finished` holds those that have been answered. */
function requests(page: Page): string[] & { finished: Set<string> } {
  const seen = Object.assign([] as string[], { finished: new Set<string>() });
  const pathname = (request: Request) => new URL(request.url()).pathname;
  page.on("request", (request) => seen.push(pathname(request)));
  page.on("requestfinished", (request) => seen.finished.add(pathname(request)));
  return seen;
}

/** The scripts a page loads to hydrate, as its document names them for preloading (`data-modules`). */
async function modulesOf(site: Site, path: string): Promise<string[]> {
  const html = await (await fetch(site.server.origin + path)).text();
  return (/data-modules="([^"]*)"/.exec(html)?.[1] ?? "").split(" ").filter(Boolean);
}

const waitFor = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("prefetch", () => {
  const site = useSite();

  test("hovering a link loads its data and page chunk once; the click loads nothing more", async () => {
    const { page, problems } = await openPage(site, "/about", { viewport: DESKTOP });
    const seen = requests(page);
    // What the blog list needs that this page has not loaded: its data, its chunk and the chunks only it imports.
    const loaded = new Set(await modulesOf(site, "/about"));
    const needed = ["/_data/blogs", ...(await modulesOf(site, "/blogs")).filter((m) => !loaded.has(m))];
    assert.ok(needed.some((p) => /^\/assets\/blogs-\w+\.js$/.test(p)), `the blogs chunk is among ${needed.join(" ")}`);
    const link = page.locator('.desktop-nav a[href="/blogs"]');
    await link.hover();
    await waitFor(() => needed.every((p) => seen.finished.has(p)), `the prefetch of ${needed.join(" ")}`);
    assert.deepEqual(seen.filter((p) => p.startsWith("/_data")), ["/_data/blogs"]);
    const before = seen.length;
    await link.click();
    await page.waitForSelector(".loading-screen");
    await page.waitForSelector(".loading-screen", { state: "detached", timeout: 5000 });
    assert.equal(new URL(page.url()).pathname, "/blogs");
    assert.deepEqual(seen.slice(before).filter((p) => p.startsWith("/_data") || p.endsWith(".js")), []);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  // What must not prefetch is checked by a prefetch that must, made after it: requests start in order.
  test("focus and touch prefetch too; the current page and links elsewhere do not", async () => {
    const { page, problems } = await openPage(site, "/about", { viewport: PHONE });
    const seen = requests(page);
    await page.locator('.site-footer a[href="/contact"]').focus();
    await page.locator('.site-footer a[href="/about"]').dispatchEvent("pointerenter");
    await page.locator('.site-footer a[target="_blank"]').first().dispatchEvent("pointerenter");
    await page.locator('.site-footer a[href^="mailto:"]').first().dispatchEvent("touchstart");
    await page.locator('.site-footer a[href="/services/telepsychiatry"]').dispatchEvent("touchstart");
    await waitFor(() => seen.includes("/_data/services/telepsychiatry"), "the service's data on touch");
    assert.deepEqual(seen.filter((p) => p.startsWith("/_data")), ["/_data/contact", "/_data/services/telepsychiatry"]);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("a visitor who saves data gets no prefetch", async () => {
    const { page, problems } = await openPage(site, "/about", { viewport: DESKTOP });
    const seen = requests(page);
    await page.evaluate(() => Object.defineProperty(navigator, "connection", { value: { saveData: true } }));
    await page.locator('.desktop-nav a[href="/blogs"]').hover();
    await page.evaluate(() => fetch("/_data/contact")); // a request made after the hover, to wait for
    await waitFor(() => seen.includes("/_data/contact"), "the page's own request");
    assert.deepEqual(seen.filter((p) => p.startsWith("/_data")), ["/_data/contact"]);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
