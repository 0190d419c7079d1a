// axe-core on every kind of page at phone and desktop widths, and on every page of the Hindi edition;
// keyboard focus never hidden under the fixed header, no sideways scrolling, and a screenshot of each kind
// of page in both languages for a person to look at (every image loaded: the page is scrolled through
// first, and an image that does not load fails the test).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { axeViolations, DESKTOP, loadAllImages, openPage, PHONE, useSite } from "./harness";

const SCREENSHOTS = "e2e/screenshots";

const PATHS = [
  "/",
  "/about",
  "/appointment",
  "/contact",
  "/therapy-and-counselling",
  "/services/telepsychiatry",
  "/services/medication-management",
  "/blogs",
  "/blogs?view=categories",
  "/blog/insomnia",
  "/blog/face-failures",
  "/offline",
  "/no-such-page",
];
/** The same kinds of page in Hindi: each gets its screenshot too. */
const HINDI_SHOWN = PATHS.map((path) => (path === "/" ? "/hi" : `/hi${path}`));

/** Every page of the Hindi edition (the sitemap's, and the pages it leaves out: face-failures in Hindi, a list view, the offline page, a 404). */
async function hindiPages(origin: string): Promise<string[]> {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>[^<]*?(\/hi(?:\/[^<]*)?)<\/loc>/g)].map((m) => m[1]);
  return [...new Set([...HINDI_SHOWN, ...listed])];
}

const slug = (path: string) => path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";

describe("accessibility", () => {
  const site = useSite();
  mkdirSync(SCREENSHOTS, { recursive: true });

  for (const [name, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    test(`every page passes axe-core and fits the width (${name}, ${viewport.width} px)`, async () => {
      const failures: string[] = [];
      const hindi = await hindiPages(site.server.origin);
      assert.equal(hindi.length, 37 + 1, "every Hindi page: 12 + 23 articles, the category view, the offline page and the 404");
      for (const path of [...PATHS, ...hindi]) {
        const { page, problems } = await openPage(site, path, { viewport, reducedMotion: true, injectScripts: true });
        const violations = await axeViolations(page);
        for (const v of violations) failures.push(`${path}: ${v.id} (${v.impact}) ${v.help}: ${v.targets.join(", ")}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) failures.push(`${path}: ${overflow} px wider than the screen`);
        failures.push(...problems.map((p) => `${path}: ${p}`));
        if (PATHS.includes(path) || HINDI_SHOWN.includes(path)) {
          // Lazy images load only near the screen: without the scroll, the screenshot shows empty boxes.
          for (const src of await loadAllImages(page)) failures.push(`${path}: image not loaded for the screenshot: ${src}`);
          await page.screenshot({ path: `${SCREENSHOTS}/${viewport.width}-${slug(path)}.png`, fullPage: true });
        }
        await page.context().close();
      }
      assert.deepEqual(failures, []);
    });
  }

  test("open menus pass axe-core too", async () => {
    const desktop = await openPage(site, "/", { reducedMotion: true, injectScripts: true });
    await desktop.page.locator(".desktop-nav .services-menu > button").click();
    const phone = await openPage(site, "/", { viewport: PHONE, reducedMotion: true, injectScripts: true });
    await phone.page.locator(".menu-button").click();
    await phone.page.getByRole("dialog", { name: "Menu" }).waitFor();
    for (const { page } of [desktop, phone]) {
      assert.deepEqual(await axeViolations(page), []);
      await page.context().close();
    }
  });

  for (const [name, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    test(`keyboard focus is always visible and never hidden under the fixed header (${name})`, async () => {
      const { page, problems } = await openPage(site, "/", { viewport, reducedMotion: true });
      const hidden: string[] = [];
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press("Tab");
        const state = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const header = document.querySelector(".site-header")!.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          const inHeader = !!el.closest(".site-header");
          return {
            what: `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`,
            covered: !inHeader && box.bottom <= header.bottom,
            outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
          };
        });
        if (state === null) continue;
        if (state.covered) hidden.push(`${state.what} is under the header`);
        if (!state.outline) hidden.push(`${state.what} has no visible focus outline`);
      }
      assert.deepEqual(hidden, []);
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
});
