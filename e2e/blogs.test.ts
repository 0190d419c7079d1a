// The blog list (search, views, categories, pagination, URL state) and an article's actions.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { openPage, useSite } from "./harness";
import states from "../client/lib/blog-list-states.json";

/** The spec's categories, in its order. */
const CATEGORIES = states.categories;

const countLine = (page: Page) => page.locator(".count-line").textContent();
/** Waits for the count line to say `text` (the list re-renders after the input event). */
const expectCountLine = (page: Page, text: string) =>
  page.waitForFunction((expected) => document.querySelector(".count-line")?.textContent === expected, text, { timeout: 2000 });
const cards = (page: Page) => page.locator(".blog-list .blog-card");
/** Waits for the list's state to reach the URL (the location store updates it after the event). */
const expectQuery = (page: Page, search: string) =>
  page.waitForFunction((expected) => location.search === expected, search, { timeout: 2000 });

describe("blogs", () => {
  const site = useSite();

  test("23 posts, 9 a page, with previous/next disabled at the ends and the page in the URL", async () => {
    const { page, problems } = await openPage(site, "/blogs");
    await expectCountLine(page, "Found 23 blogs");
    assert.equal(await cards(page).count(), 9);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    assert.equal(await pager.getByRole("link", { name: "Previous" }).isDisabled(), true);
    assert.equal(await pager.locator("[aria-current=page]").textContent(), "1");
    await pager.getByRole("link", { name: "Next" }).click();
    await expectQuery(page, "?page=2");
    assert.equal(await cards(page).count(), 9);
    await pager.getByRole("link", { name: "Page 3" }).click();
    await expectQuery(page, "?page=3");
    assert.equal(await cards(page).count(), 5);
    assert.equal(await pager.getByRole("link", { name: "Next" }).isDisabled(), true);
    // The head names the page shown, as the server's head for that URL does.
    const naming = () =>
      page.evaluate(() => [document.title, document.querySelector('link[rel="canonical"]')?.getAttribute("href")]);
    assert.deepEqual(await naming(), [`Page 3 of 3 – Blogs | Example Mind Care Institute`, `${site.server.origin}/blogs?page=3`]);
    // The browser's back button goes back a page of the list, without a loading screen.
    await page.goBack();
    await expectQuery(page, "?page=2");
    assert.equal(await page.locator(".loading-screen").count(), 0);
    assert.equal(await pager.locator("[aria-current=page]").textContent(), "2");
    assert.deepEqual(await naming(), [`Page 2 of 3 – Blogs | Example Mind Care Institute`, `${site.server.origin}/blogs?page=2`]);
    const served = await (await fetch(`${site.server.origin}/blogs?page=2`)).text();
    assert.ok(served.includes(`<title>Page 2 of 3 – Blogs | Example Mind Care Institute</title>`));
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("search matches title, description and tags case-insensitively and resets to page 1", async () => {
    const { page, problems } = await openPage(site, "/blogs?page=2");
    await page.getByLabel("Search blogs").fill("SLEEP");
    await expectQuery(page, "?q=SLEEP");
    // A search's results are named in the title and kept out of search engines' index.
    await page.waitForFunction(() => document.title.startsWith("Search: SLEEP – Blogs | "), null, { timeout: 2000 });
    assert.equal(await page.locator('meta[name="robots"]').getAttribute("content"), "noindex, follow");
    const n = await cards(page).count();
    assert.ok(n >= 2 && n < 23);
    assert.equal(await countLine(page), `Found ${n} blogs`);
    for (const text of await cards(page).allTextContents()) assert.match(text, /sleep/i);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("typing quickly into the search keeps every keystroke", async () => {
    const { page, problems } = await openPage(site, "/blogs?page=2");
    const box = page.getByLabel("Search blogs");
    await box.pressSequentially("sleep and health", { delay: 0 });
    assert.equal(await box.inputValue(), "sleep and health");
    await expectQuery(page, "?q=sleep+and+health");
    await expectCountLine(page, "Found 1 blog");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("'Found 1 blog' for one match; no match shows the empty state, and Reset filters clears search and category", async () => {
    const { page, problems } = await openPage(site, "/blogs");
    await page.getByLabel("Search blogs").fill("Parkinson");
    await expectCountLine(page, "Found 1 blog");
    await page.getByLabel("Search blogs").fill("zzzz no such topic");
    await expectCountLine(page, "No blogs found");
    assert.ok(await page.getByText("Try adjusting your search or filter criteria").isVisible());
    await page.getByRole("link", { name: "Reset filters" }).click();
    await expectCountLine(page, "Found 23 blogs");
    assert.equal(await page.getByLabel("Search blogs").inputValue(), "");
    await expectQuery(page, "");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("a category narrows the list; Browse by Categories lists the five in order with at most 4 each", async () => {
    const { page, problems } = await openPage(site, "/blogs?page=3");
    const chips = page.getByRole("group", { name: "Category" }).getByRole("link");
    assert.deepEqual(await chips.allTextContents(), ["All categories", ...CATEGORIES]);
    await chips.filter({ hasText: "Sleep & Physical Wellness" }).click();
    await expectQuery(page, "?category=Sleep+%26+Physical+Wellness");
    for (const text of await page.locator(".blog-card-category").allTextContents()) assert.equal(text, "Sleep & Physical Wellness");

    await page.getByRole("link", { name: "Browse by Categories" }).click();
    await expectQuery(page, "?view=categories");
    const headings = await page.locator(".category-group h2").allTextContents();
    assert.deepEqual(headings, CATEGORIES, "every category has posts, in the spec's order");
    for (const count of await page.locator(".category-group").evaluateAll((gs) => gs.map((g) => g.querySelectorAll(".blog-card").length))) {
      assert.ok(count >= 2 && count <= 4, `${count} posts in a category`);
    }
    assert.equal(await page.getByRole("link", { name: "All Blogs" }).getAttribute("aria-current"), null);
    assert.equal(await page.getByRole("link", { name: "Browse by Categories" }).getAttribute("aria-current"), "true");
    await page.getByRole("link", { name: "All Blogs" }).click();
    await expectQuery(page, "");
    await expectCountLine(page, "Found 23 blogs");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("without JavaScript the list pages, filters by category and searches through real links and a form", async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const url = () => new URL(page.url());
    await page.goto(site.server.origin + "/blogs");
    assert.equal(await cards(page).count(), 9);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await pager.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((u) => u.search === "?page=2");
    assert.equal(await pager.locator("[aria-current=page]").textContent(), "2");
    assert.equal(await cards(page).count(), 9);
    await pager.getByRole("link", { name: "Page 3" }).click();
    await page.waitForURL((u) => u.search === "?page=3");
    assert.equal(await cards(page).count(), 5);

    await page.getByRole("group", { name: "Category" }).getByRole("link", { name: "Sleep & Physical Wellness" }).click();
    await page.waitForURL((u) => u.searchParams.get("category") === "Sleep & Physical Wellness");
    assert.equal(url().searchParams.get("page"), null, "a new category starts at page 1");
    const shown = await page.locator(".blog-card-category").allTextContents();
    assert.ok(shown.length > 0 && shown.every((c) => c === "Sleep & Physical Wellness"), shown.join());

    await page.getByLabel("Search blogs").fill("sleep");
    await page.getByLabel("Search blogs").press("Enter");
    await page.waitForURL((u) => u.searchParams.get("q") === "sleep");
    assert.equal(url().searchParams.get("category"), "Sleep & Physical Wellness", "the search keeps the category");
    for (const text of await cards(page).allTextContents()) assert.match(text, /sleep/i);

    await page.getByRole("link", { name: "Browse by Categories" }).click();
    await page.waitForURL((u) => u.searchParams.get("view") === "categories");
    assert.ok((await page.locator(".category-group h2").count()) >= 1);
    await context.close();
  });

  test("a shared link opens the same state, rendered on the server", async () => {
    const path = "/blogs?q=stress&page=1&category=Stress+%26+Resilience";
    const html = await (await fetch(site.server.origin + path)).text();
    const { page, problems } = await openPage(site, path);
    const line = (await countLine(page))!;
    assert.match(line, /^Found \d+ blogs?$/);
    assert.ok(html.includes(line), "the first HTML already shows the filtered count");
    assert.equal(await page.getByLabel("Search blogs").inputValue(), "stress");
    assert.equal(
      await page.getByRole("group", { name: "Category" }).locator("[aria-current=true]").textContent(),
      "Stress & Resilience",
    );
    assert.deepEqual(problems, [], "no hydration mismatch");
    await page.context().close();
  });

  test("an article's like counter starts at 10-109 in the browser and adds one a click; bookmark toggles", async () => {
    const { page, problems } = await openPage(site, "/blog/insomnia");
    const count = page.locator(".like-count");
    await count.waitFor();
    const start = Number(await count.textContent());
    assert.ok(Number.isInteger(start) && start >= 10 && start <= 109, `${start}`);
    const like = page.getByRole("button", { name: /^Like/ });
    await like.click();
    await like.click();
    assert.equal(Number(await count.textContent()), start + 2);
    const bookmark = page.getByRole("button", { name: "Bookmark" });
    assert.equal(await bookmark.getAttribute("aria-pressed"), "false");
    await bookmark.click();
    assert.equal(await bookmark.getAttribute("aria-pressed"), "true");
    await bookmark.click();
    assert.equal(await bookmark.getAttribute("aria-pressed"), "false");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("share uses the Web Share API when there is one, else copies the link and says so", async () => {
    const { page, problems } = await openPage(site, "/blog/insomnia");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.server.origin });
    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByText("Link copied to the clipboard").waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${site.server.origin}/blog/insomnia`);

    await page.evaluate(() => {
      const shared: ShareData[] = [];
      (window as unknown as { shared: ShareData[] }).shared = shared;
      Object.defineProperty(navigator, "share", { value: async (data: ShareData) => void shared.push(data), configurable: true });
    });
    await page.getByRole("button", { name: "Share" }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    assert.equal(shared.length, 1);
    assert.equal(shared[0].url, `${site.server.origin}/blog/insomnia`);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
