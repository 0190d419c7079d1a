// The Hindi edition in Chromium: the language switch in the header (desktop and the mobile panel) and the
// footer, both ways, as a client-side route change with its loading screen; the blog list's search on
// Hindi texts; and the forms' WhatsApp message in Hindi.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import en from "../client/i18n/en.json";
import hi from "../client/i18n/hi.json";
import { openPage, PHONE, recordWindowOpen, stopClock, useSite } from "./harness";

/** The h1 of the page the server sends for a URL. */
async function heading(page: Page, url: string): Promise<string> {
  return page.evaluate(async (u) => {
    const html = await (await fetch(u)).text();
    return new DOMParser().parseFromString(html, "text/html").querySelector("main h1")!.textContent!;
  }, url);
}

/** Clicks a language switch and waits through the loading screen for the other page. */
async function switchLanguage(page: Page, within: string, to: string) {
  const link = page.locator(`${within} a.language-switch`);
  assert.equal(await link.getAttribute("href"), to);
  const title = await heading(page, to);
  await link.click();
  await page.locator(".loading-screen").waitFor();
  await page.waitForURL(`**${to}`);
  await page.getByRole("heading", { level: 1, name: title }).waitFor({ timeout: 10_000 });
}

describe("the Hindi edition", () => {
  const site = useSite();

  test("the header's switch leads to the same page in Hindi and back, on the client (desktop)", async () => {
    const { page, problems } = await openPage(site, "/about");
    const requests: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && requests.push(r.url()));
    assert.equal(await page.locator(".site-header a.language-switch").textContent(), en.otherLanguage.name);
    assert.equal(await page.locator(".site-header a.language-switch").getAttribute("lang"), "hi");

    await switchLanguage(page, ".site-header", "/hi/about");
    assert.equal(await page.getAttribute("html", "lang"), "hi");
    assert.equal(await page.locator(".desktop-nav a").first().textContent(), hi.nav.home);
    assert.equal(await page.locator(".site-header a.language-switch").textContent(), hi.otherLanguage.name);

    await switchLanguage(page, ".site-header", "/about");
    assert.equal(await page.getAttribute("html", "lang"), "en");
    assert.equal(await page.locator(".desktop-nav a").first().textContent(), en.nav.home);
    assert.deepEqual(requests, [], "no page was loaded by the browser itself");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("on an English page the switch's word draws in its own preloaded face, not in boxes", async () => {
    const { page, problems } = await openPage(site, "/about");
    const preload = page.locator('head link[rel=preload][as=font][href*="noto-sans-devanagari-switch"]');
    assert.equal(await preload.count(), 1);
    const link = page.locator(".site-header a.language-switch");
    assert.equal(await link.textContent(), "हिंदी");
    await page.evaluate(() => document.fonts.ready);
    // The fonts Chromium drew the word's glyphs with: all from the site's face, none from the device.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument");
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: ".site-header a.language-switch" });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    assert.ok(fonts.length > 0 && fonts.every((f) => f.isCustomFont && f.familyName.includes("Devanagari")), JSON.stringify(fonts));
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("the mobile panel's switch leads to Hindi and back, and closes the panel (phone)", async () => {
    const { page, problems } = await openPage(site, "/contact", { viewport: PHONE });
    await page.locator(".menu-button").click();
    await page.getByRole("dialog", { name: en.nav.menu }).waitFor();
    await switchLanguage(page, ".mobile-menu", "/hi/contact");
    assert.equal(await page.locator(".mobile-menu").isVisible(), false);
    assert.equal(await page.getAttribute("html", "lang"), "hi");

    await page.locator(".menu-button").click();
    const panel = page.getByRole("dialog", { name: hi.nav.menu });
    await panel.waitFor();
    const items = await panel.locator("nav > ul > li > a, nav > ul > li > details > summary").allTextContents();
    assert.deepEqual(items.map((s) => s.trim()), [hi.nav.home, hi.nav.about, hi.nav.services, hi.nav.blog, hi.nav.contact, hi.nav.appointment, hi.otherLanguage.name]);
    await switchLanguage(page, ".mobile-menu", "/contact");
    assert.equal(await page.getAttribute("html", "lang"), "en");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("the footer's switch keeps the blog list's query, which means the same in both languages", async () => {
    const query = "?category=Sleep+%26+Physical+Wellness";
    // Opened at an equivalent URL, the list shows its state's canonical one (the one the server stored).
    const { page, problems } = await openPage(site, `/blogs${query}&page=1&utm_source=x`);
    await page.waitForURL(`**/blogs${query}`);
    const englishCards = await page.locator(".blog-card").count();
    await switchLanguage(page, "footer", `/hi/blogs${query}`);
    assert.equal(await page.locator(".blog-card").count(), englishCards);
    const chip = page.locator(".chip-group a[aria-current=true]");
    assert.match((await chip.textContent())!, /[\u0900-\u097F]/);
    await switchLanguage(page, "footer", `/blogs${query}`);
    assert.equal(await page.locator(".chip-group a[aria-current=true]").textContent(), "Sleep & Physical Wellness");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("a route change in Hindi shows the Hindi loading screen for 2000 ms", async () => {
    const { page, problems } = await openPage(site, "/hi");
    await stopClock(page);
    await page.locator('footer a[href="/hi/about"]').click();
    const loading = page.locator(".loading-screen");
    await loading.waitFor();
    assert.equal((await loading.textContent())?.includes(hi.loading), true);
    await page.clock.runFor(1900);
    assert.ok(await loading.isVisible(), "still loading after 1900 ms");
    await page.clock.runFor(150);
    await page.waitForSelector("main h1");
    assert.equal(await page.getAttribute("html", "lang"), "hi");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("Hindi search matches Hindi titles, descriptions and tags, keeping the state in the URL", async () => {
    const { page, problems } = await openPage(site, "/hi/blogs");
    const search = page.getByLabel(hi.blogs.search);
    await search.pressSequentially("नींद");
    await page.waitForURL(/q=%E0%A4%A8%E0%A5%80%E0%A4%82%E0%A4%A6/);
    const titles = await page.locator(".blog-card h3").allTextContents();
    const texts = await page.locator(".blog-card").allTextContents();
    assert.ok(titles.length >= 3, `${titles}`);
    for (const text of texts) assert.match(text, /नींद/);
    const count = await page.locator(".count-line").textContent();
    assert.equal(count, hi.blogs.foundMany.replace("{n}", String(titles.length)));

    // Latin letters in a Hindi text match in either case: "(CBT)" in a title or description.
    await search.fill("cbt");
    await page.waitForURL(/q=cbt/);
    assert.ok((await page.locator(".blog-card").count()) >= 1);
    await search.fill("कोई ऐसा शब्द जो कहीं नहीं");
    await page.locator(".empty-state").waitFor();
    assert.equal(await page.locator(".count-line").textContent(), hi.blogs.foundNone);
    await page.getByRole("link", { name: hi.blogs.reset }).click();
    await page.waitForURL(/\/hi\/blogs$/);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  for (const [path, button, fields] of [
    ["/hi/appointment", hi.common.bookAppointment, true],
    ["/hi/contact", hi.form.sendMessage, false],
  ] as const) {
    test(`${path} sends its WhatsApp message in Hindi, with the visitor's values as typed`, async () => {
      const { page, problems } = await openPage(site, path);
      const opened = await recordWindowOpen(page);
      await page.getByLabel(hi.form.firstName, { exact: true }).fill("आशा");
      await page.getByLabel(hi.form.lastName, { exact: true }).fill("Kumari");
      await page.getByLabel(hi.form.email, { exact: true }).fill("asha@example.org");
      await page.getByLabel(hi.form.phone, { exact: true }).fill("+91 90000 00003");
      if (fields) {
        await page.getByLabel(hi.form.service, { exact: true }).selectOption("therapy");
        const date = page.getByLabel(hi.form.date, { exact: true });
        await date.fill((await date.getAttribute("min"))!);
        await page.getByLabel(hi.form.request, { exact: true }).fill("शाम का समय & शनिवार");
      } else {
        await page.getByLabel(hi.form.query, { exact: true }).fill("क्या बच्चों को भी देखते हैं?");
      }
      await page.getByRole("button", { name: button }).click();
      const [url] = await opened();
      assert.match(url, /^https:\/\/wa\.me\/\d+\?text=/);
      const lines = decodeURIComponent(url.split("?text=")[1]).split("\n");
      const w = hi.whatsapp;
      assert.equal(lines[0], fields ? w.appointmentGreeting : w.contactGreeting);
      assert.equal(lines[1], `${w.name}: आशा Kumari`);
      assert.equal(lines[3], `${w.phone}: +91 90000 00003`);
      if (fields) {
        assert.equal(lines[4], `${w.service}: ${hi.form.services.therapy}`);
        assert.equal(lines[6], `${w.request}: शाम का समय & शनिवार`);
      } else {
        assert.equal(lines[4], `${w.query}: क्या बच्चों को भी देखते हैं?`);
      }
      assert.equal(await page.getByLabel(hi.form.firstName, { exact: true }).inputValue(), "");
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
});
