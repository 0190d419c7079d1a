// Starts the release binary on a free loopback port and Debian's Chromium through playwright-core.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { after, before } from "node:test";
import { chromium, type Browser, type ConsoleMessage, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { startServer } from "../scripts/start-server.mjs";

export { startServer };

export type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * Fakes the page's timers and stops its clock, so only `page.clock.runFor` moves time. Installed alone,
 * Playwright's clock keeps flowing with real time, and a busy machine then fires a timer early.
 */
export async function stopClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS], headless: true });
}

/**
 * Console errors, page errors and anything React says about hydration, collected per page.
 * On the not-found page (`expect404`), Chromium's report of the document's own 404 status is expected.
 */
export function watchConsole(page: Page, { expect404 = false } = {}): string[] {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    const text = message.text();
    if (expect404 && text.includes("status of 404") && message.location().url === page.url()) return;
    if (message.type() === "error" || /hydrat|did not match|server rendered/i.test(text)) {
      problems.push(`${message.type()}: ${text}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** What axe-core finds on the page (its context must set the CSP aside: `bypassCSP`). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const { violations } = await axe.run(document);
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  });
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 10_000 });
}

/**
 * Makes every lazy image of the page load, as a visitor scrolling through it would, and waits for them:
 * scrolls to the bottom a screen at a time and back to the top; then brings each image still missing into
 * view on its own (one in a sideways track, such as a carousel's later slides, only loads when that track
 * moves) and puts every scroll position back. Waits (up to `timeoutMs`) until every `<img>` of the
 * document has loaded (complete, with a natural width) and returns the addresses of those that have not.
 */
export async function loadAllImages(page: Page, timeoutMs = 10_000): Promise<string[]> {
  const notLoaded = () =>
    page.evaluate(() =>
      Array.from(document.images)
        .filter((img) => !img.complete || img.naturalWidth === 0)
        .map((img) => img.currentSrc || img.getAttribute("src") || img.outerHTML.slice(0, 120)),
    );
  await page.evaluate(async () => {
    // Two frames: Chromium decides to fetch a lazy image when it lays out the frame in which it is near.
    const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 20))));
    const to = (top: number) => window.scrollTo({ top, behavior: "instant" });
    // The page can grow while it is scrolled, so its height is read again at every step.
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      to(y);
      await frames();
    }
    to(document.documentElement.scrollHeight);
    await frames();
    for (const img of Array.from(document.images).filter((i) => !i.complete || i.naturalWidth === 0)) {
      const positions: [Element, number, number][] = [];
      for (let el = img.parentElement; el; el = el.parentElement) positions.push([el, el.scrollLeft, el.scrollTop]);
      img.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
      await frames();
      for (const [el, left, top] of positions) el.scrollTo({ left, top, behavior: "instant" });
    }
    to(0);
    await frames();
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const missing = await notLoaded();
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await page.waitForTimeout(100);
  }
}

/**
 * Records what the page hands to `window.open` (the forms' WhatsApp links) instead of leaving the site, from
 * now on and after any later load; returns a reader of what was opened.
 */
export async function recordWindowOpen(page: Page): Promise<() => Promise<string[]>> {
  const install = () => {
    const opened: string[] = [];
    (window as unknown as { opened: string[] }).opened = opened;
    window.open = (url?: string | URL) => {
      opened.push(String(url));
      return null;
    };
  };
  await page.addInitScript(install);
  await page.evaluate(install);
  return () => page.evaluate(() => (window as unknown as { opened: string[] }).opened);
}

export interface Site {
  server: Server;
  browser: Browser;
}

/** Starts the server and the browser before a file's tests and stops both after them. */
export function useSite(): Site {
  const site = {} as Site;
  before(async () => {
    site.server = await startServer("clinic-e2e");
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A fresh page at `viewport`, hydrated at `path`, with its console watched. */
export async function openPage(
  site: Site,
  path: string,
  {
    viewport = DESKTOP,
    reducedMotion = false,
    injectScripts = false,
  }: { viewport?: { width: number; height: number }; reducedMotion?: boolean; injectScripts?: boolean } = {},
): Promise<{ page: Page; problems: string[] }> {
  // Pages run under the server's Content-Security-Policy (a violation is a console error, so a test
  // fails on it); only a test that injects its own script (axe-core) sets the policy aside.
  const context = await site.browser.newContext({
    viewport,
    reducedMotion: reducedMotion ? "reduce" : "no-preference",
    bypassCSP: injectScripts,
  });
  // tsx compiles test files with esbuild's keepNames, which wraps named functions in __name(); functions
  // handed to page.evaluate carry that call into the page.
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  const page = await context.newPage();
  const problems = watchConsole(page, { expect404: path.endsWith("/no-such-page") });
  await page.goto(site.server.origin + path);
  await waitForHydration(page);
  return { page, problems };
}

/** The spec's FAQ accordion on the page's first FAQ: no item open at first; opening one closes the other;
 *  clicking the open one closes it. */
export async function assertAccordion(page: Page): Promise<void> {
  const items = page.locator(".faq-item");
  const open = () => items.evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open));
  const none = (await open()).map(() => false);
  assert.deepEqual(await open(), none, "no answer open at first");
  const [first, second] = [items.nth(0), items.nth(1)];
  await first.locator("summary").click();
  assert.ok(await first.locator(".faq-answer").isVisible(), "the first answer opens");
  await second.locator("summary").click();
  assert.deepEqual((await open()).slice(0, 2), [false, true], "opening the second closes the first");
  await second.locator("summary").click();
  assert.deepEqual(await open(), none, "clicking the open one closes it");
}
