// A visitor whose connection drops (the browser context's offline mode, which the service worker's own
// fetches obey too): the pages they opened open and hydrate; a page they never opened, in either language,
// is the offline page of its language with the helplines as tel: links first; a client-side navigation
// ends there after the loading screen; back online, a content edit is seen on the next navigation.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { axeViolations, launchBrowser, startServer, waitForHydration, watchConsole, type Server } from "./harness";

const ARTICLE = "/blog/insomnia";
const HINDI_ARTICLE = "/hi/blog/insomnia";

/** Resolves once the page's service worker controls it and keeps a copy of each of `paths`. */
async function waitUntilKept(page: Page, paths: string[]): Promise<void> {
  const kept = () =>
    page.evaluate(async (wanted) => {
      if (!navigator.serviceWorker.controller) return false;
      const copies = await Promise.all(wanted.map((path) => caches.match(new URL(path, location.href).href)));
      return copies.every(Boolean);
    }, paths);
  const deadline = Date.now() + 15_000;
  while (!(await kept())) {
    assert.ok(Date.now() < deadline, `${paths.join(", ")} not kept within 15 s`);
    await page.waitForTimeout(100);
  }
}

const h1 = (page: Page) => page.locator("main h1").innerText();
/** The tel: links of the page's main content, in order. */
const telLinks = (page: Page) =>
  page.locator('main a[href^="tel:"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")));

describe("offline", () => {
  let server: Server;
  let browser: Browser;
  let context: BrowserContext;
  let contentDir: string;

  before(async () => {
    // A content folder of its own, so the test can edit it while the server runs.
    contentDir = mkdtempSync(join(tmpdir(), "clinic-offline-content-"));
    cpSync("content", contentDir, { recursive: true });
    server = await startServer("clinic-offline", { CONTENT_DIR: contentDir });
    browser = await launchBrowser();
    // axe-core is injected as a script: the test sets the page's policy aside for it.
    context = await browser.newContext({ bypassCSP: true });
    await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(contentDir, { recursive: true, force: true });
  });

  const url = (path: string) => server.origin + path;

  test("pages opened before open offline; others show the offline page of their language", async () => {
    const page = await context.newPage();
    const problems = watchConsole(page);
    // The first page of the first visit: the worker installs after it loaded, and keeps it all the same.
    await page.goto(url(ARTICLE));
    await waitForHydration(page);
    const title = await h1(page);
    await waitUntilKept(page, [ARTICLE]);
    await page.goto(url(HINDI_ARTICLE));
    await waitForHydration(page);
    const hindiTitle = await h1(page);
    await waitUntilKept(page, [ARTICLE, HINDI_ARTICLE]);

    await context.setOffline(true);
    for (const [path, expected] of [
      [ARTICLE, title],
      [HINDI_ARTICLE, hindiTitle],
    ]) {
      await page.goto(url(path));
      await waitForHydration(page);
        assert.equal(await h1(page), expected, `${path} opens from the copy kept`);
    }

    await page.goto(url("/about"));
    await waitForHydration(page);
    assert.equal(await h1(page), "You are offline");
    assert.equal(page.url(), url("/about"), "the address stays the one asked for");
    const links = await telLinks(page);
    assert.deepEqual(links.slice(0, 2), ["tel:112", "tel:14416"], "the helplines come first");
    assert.deepEqual(links.slice(2), ["tel:+919000000001", "tel:+919000000002"], "then the clinic's phones");
    const kept = page.locator(".kept-pages a");
    await kept.first().waitFor();
    const keptLinks = await kept.evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.textContent]));
    assert.deepEqual(
      keptLinks.map(([href]) => href).sort(),
      [ARTICLE, HINDI_ARTICLE].sort(),
      "the pages kept on this device, listed",
    );
    assert.ok(keptLinks.some(([, text]) => text?.startsWith(title)), JSON.stringify(keptLinks));
    assert.deepEqual(await axeViolations(page), [], "axe on the English offline page");

    await page.goto(url("/hi/contact"));
    await waitForHydration(page);
    assert.equal(await h1(page), "इंटरनेट नहीं चल रहा है");
    assert.equal(await page.getAttribute("html", "lang"), "hi");
    assert.deepEqual((await telLinks(page)).slice(0, 2), ["tel:112", "tel:14416"]);
    await page.locator(".kept-pages a").first().waitFor();
    assert.deepEqual(await axeViolations(page), [], "axe on the Hindi offline page");

    assert.deepEqual(problems, [], "no console errors or hydration warnings");
    await context.setOffline(false);
    await page.close();
  });

  test("a client-side navigation offline ends on the offline page, after the loading screen", async () => {
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(url(ARTICLE));
    await waitForHydration(page);
    await context.setOffline(true);
    await page.locator('.site-header a[href="/contact"]').first().click();
    await page.locator(".loading-screen").waitFor();
    await page.waitForFunction(() => document.querySelector("main h1")?.textContent === "You are offline", null, {
      timeout: 15_000,
    });
    assert.equal(page.url(), url("/contact"));
    await waitForHydration(page);
    assert.deepEqual((await telLinks(page)).slice(0, 2), ["tel:112", "tel:14416"]);
    assert.deepEqual(problems, []);
    await context.setOffline(false);
    await page.close();
  });

  test("back online, a content edit is seen on the next navigation", async () => {
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(url("/blogs"));
    await waitForHydration(page);
    // The newest article, kept from a visit before the edit.
    const article = await page.locator('main a[href^="/blog/"]').first().getAttribute("href");
    assert.ok(article);
    await page.goto(url(article));
    await waitUntilKept(page, [article]);
    await page.goto(url("/blogs"));
    await waitForHydration(page);

    const file = join(contentDir, `${article}.toml`);
    const before = readFileSync(file, "utf8");
    const edited = "An Edited Title, Seen on the Next Visit";
    writeFileSync(file, before.replace(/^title = ".*"$/m, `title = "${edited}"`));
    const version = async () => (await (await fetch(url("/readyz"))).text()).match(/content version (\w+)/)?.[1];
    const old = await version();
    const deadline = Date.now() + 15_000;
    while ((await version()) === old && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.notEqual(await version(), old, "the server reloaded the edited content");

    // The next navigation, a full one or in the app, asks the network first.
    await page.goto(url("/blogs"));
    await waitForHydration(page);
    await page.locator(`main a[href="${article}"]`).filter({ hasText: edited }).first().click();
    await page.waitForFunction((text) => document.querySelector("main h1")?.textContent === text, edited, {
      timeout: 15_000,
    });
    await page.goto(url(article));
    assert.equal(await h1(page), edited);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
