// The home page's moving parts: hero and testimonial carousels, counters, services grid, team cards, map link.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DESKTOP, openPage, PHONE, stopClock, useSite } from "./harness";

interface SwiperState {
  delay: number;
  speed: number;
  loop: boolean;
  running: boolean;
  realIndex: number;
  slides: number;
  slidesPerView: number;
  spaceBetween: number;
}

/** What the swiper inside `selector` is doing, read from its instance once Swiper (loaded lazily) has started. */
async function swiperState(page: Page, selector: string): Promise<SwiperState> {
  await page.waitForSelector(`${selector}.swiper-initialized`, { state: "attached", timeout: 5000 });
  return page.evaluate((sel) => {
    type Instance = {
      params: { autoplay: { delay: number }; speed: number; loop: boolean; slidesPerView: number; spaceBetween: number };
      autoplay: { running: boolean };
      realIndex: number;
      slides: unknown[];
    };
    const s = (document.querySelector(sel) as unknown as { swiper: Instance }).swiper;
    return {
      delay: s.params.autoplay?.delay,
      speed: s.params.speed,
      loop: s.params.loop,
      running: s.autoplay?.running,
      realIndex: s.realIndex,
      slides: s.slides.length,
      slidesPerView: s.params.slidesPerView,
      spaceBetween: s.params.spaceBetween,
    };
  }, selector);
}

/** Waits until the swiper in `selector` shows slide `index` and has finished moving (it ignores clicks while moving). */
function waitForSlide(page: Page, selector: string, index: number, timeout = 5000) {
  return page.waitForFunction(
    ([sel, i]) => {
      const s = (document.querySelector(sel as string) as unknown as { swiper: { realIndex: number; animating: boolean } }).swiper;
      return s.realIndex === i && !s.animating;
    },
    [selector, index] as const,
    { timeout, polling: 50 },
  );
}

const HERO = ".home-hero .swiper";
const TESTIMONIALS = ".testimonials .swiper";

describe("home page", () => {
  const site = useSite();

  test("the hero carousel shows three images, advances every 5 s with a 0.5 s slide and wraps to the first", async () => {
    const { page, problems } = await openPage(site, "/");
    const state = await swiperState(page, HERO);
    assert.equal(state.slides, 3);
    assert.equal(state.delay, 5000);
    assert.equal(state.speed, 500);
    assert.equal(state.loop, true);
    assert.equal(state.running, true);
    // Move the pointer away (hovering pauses it), jump to the last image and see it wrap to the first.
    await page.mouse.move(5, 790);
    await page.evaluate((sel) => (document.querySelector(sel) as unknown as { swiper: { slideToLoop(i: number): void } }).swiper.slideToLoop(2), HERO);
    await waitForSlide(page, HERO, 2);
    const started = Date.now();
    await waitForSlide(page, HERO, 0, 8000);
    const waited = Date.now() - started;
    assert.ok(waited > 4000 && waited < 7500, `advanced after ${waited} ms`);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("the hero's pause button and keyboard focus stop the auto-advance; play resumes it", async () => {
    const { page, problems } = await openPage(site, "/");
    const pause = page.getByRole("button", { name: "Pause the slideshow" });
    await pause.click();
    assert.equal(await pause.getAttribute("aria-pressed"), "true");
    assert.equal((await swiperState(page, HERO)).running, false);
    await pause.click();
    assert.equal(await pause.getAttribute("aria-pressed"), "false");
    await page.mouse.move(5, 790);
    await page.waitForFunction((sel) => (document.querySelector(sel) as unknown as { swiper: { autoplay: { running: boolean } } }).swiper.autoplay.running, HERO);
    await page.locator(".home-hero .hero-text a").focus();
    assert.equal((await swiperState(page, HERO)).running, false, "focus inside the hero stops it");
    await page.locator("footer a").first().focus();
    await page.waitForFunction((sel) => (document.querySelector(sel) as unknown as { swiper: { autoplay: { running: boolean } } }).swiper.autoplay.running, HERO);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("with reduced motion the hero starts paused and slides without animation", async () => {
    const { page, problems } = await openPage(site, "/", { reducedMotion: true });
    await page.waitForFunction(() => document.querySelector(".carousel-pause")?.getAttribute("aria-pressed") === "true");
    const state = await swiperState(page, HERO);
    assert.equal(state.running, false);
    assert.equal(state.speed, 0);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  for (const [width, perView, gap] of [
    [390, 1, 15],
    [800, 2, 30],
    [1280, 3, 40],
  ] as const) {
    test(`testimonials at ${width} px: ${perView} per view, ${gap} px apart, looping with previous and next`, async () => {
      const { page, problems } = await openPage(site, "/", { viewport: { width, height: 900 } });
      await page.locator(".testimonials").scrollIntoViewIfNeeded();
      const state = await swiperState(page, TESTIMONIALS);
      assert.equal(state.slides, 5);
      assert.equal(state.slidesPerView, perView);
      assert.equal(state.spaceBetween, gap);
      assert.equal(state.loop, true);
      const layout = await page.evaluate((sel) => {
        const box = document.querySelector(sel)!.getBoundingClientRect();
        const slides = [...document.querySelectorAll(`${sel} .swiper-slide`)].map((s) => s.getBoundingClientRect());
        const inView = slides.filter((r) => r.left >= box.left - 1 && r.right <= box.right + 1).sort((a, b) => a.left - b.left);
        return { inView: inView.length, gap: inView.length > 1 ? Math.round(inView[1].left - inView[0].right) : null };
      }, TESTIMONIALS);
      assert.equal(layout.inView, perView);
      if (perView > 1) assert.equal(layout.gap, gap);
      // Previous from the first goes round to the last; next comes back.
      await page.getByRole("button", { name: "Previous testimonial" }).click();
      await waitForSlide(page, TESTIMONIALS, 4);
      await page.getByRole("button", { name: "Next testimonial" }).click();
      await waitForSlide(page, TESTIMONIALS, 0);
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }

  test("the counters count up to 5000+ and 200+ over 5 s once shown", async () => {
    const { page, problems } = await openPage(site, "/", { viewport: PHONE });
    await stopClock(page);
    const counters = page.locator(".reviews .counter [aria-hidden=true]");
    const count = async (i: number) => Number((await counters.nth(i).textContent())!.replace("+", ""));
    /** Waits for counter `i` to show at least `n` (React renders what a frame set a moment after it). */
    const reaches = (i: number, n: number) =>
      page.waitForFunction(
        ([i, n]) => Number(document.querySelectorAll(".reviews .counter [aria-hidden=true]")[i]?.textContent?.replace("+", "")) >= n,
        [i, n],
        { timeout: 2000 },
      );
    /** Runs the page's clock a frame at a time until the counter starts (its observer reports in real time). */
    const untilStarted = async (i: number) => {
      const deadline = Date.now() + 5000;
      while ((await count(i)) === 0) {
        assert.ok(Date.now() < deadline, `counter ${i} never started`);
        await page.clock.runFor(16);
      }
    };
    // Off screen they wait at 0.
    assert.deepEqual(await counters.allTextContents(), ["0+", "0+"]);
    // Assistive technology reads the final numbers throughout.
    assert.deepEqual(await page.locator(".reviews .counter .visually-hidden").allTextContents(), ["5000+", "200+"]);
    await counters.first().scrollIntoViewIfNeeded();
    await untilStarted(0);
    // 5000 over 5 s is one a millisecond: 1.5 s on, about 1500 more (within a few frames); short of 5000 at 4.9 s.
    const first = await count(0);
    await page.clock.runFor(1500);
    await reaches(0, first + 1480);
    const midway = await count(0);
    assert.ok(midway <= first + 1550, `1.5 s on, the count went from ${first} to ${midway}`);
    await page.clock.runFor(4900 - midway);
    await reaches(0, 4850);
    assert.ok((await count(0)) < 5000, "not done before 5 s");
    await page.clock.runFor(200);
    await reaches(0, 5000);
    assert.equal(await counters.first().textContent(), "5000+");
    await counters.nth(1).scrollIntoViewIfNeeded();
    await untilStarted(1);
    await page.clock.runFor(5000);
    await reaches(1, 200);
    assert.equal(await counters.nth(1).textContent(), "200+");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("with reduced motion the counters show their final numbers without counting", async () => {
    const { page, problems } = await openPage(site, "/", { reducedMotion: true });
    assert.deepEqual(await page.locator(".reviews .counter [aria-hidden=true]").allTextContents(), ["5000+", "200+"]);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("the services grid has six cards in 1, 2 and 3 columns, with Learn More on hover and on focus", async () => {
    for (const [width, columns] of [
      [390, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      const { page, problems } = await openPage(site, "/", { viewport: { width, height: 900 } });
      const cards = page.locator(".services-grid .service-card");
      assert.equal(await cards.count(), 6);
      const lefts = await cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
      assert.equal(new Set(lefts).size, columns, `${width} px`);
      if (width === 1280) {
        const hrefs = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("href")));
        assert.ok(hrefs.every((h) => h!.startsWith("/services/")));
        assert.ok(hrefs.includes("/services/child-and-adolescent-psychiatry"), "the registered form of the path");
        const learnMore = cards.first().locator(".learn-more");
        const opacity = () => learnMore.evaluate((e) => Number(getComputedStyle(e).opacity));
        assert.equal(await opacity(), 0);
        await cards.first().hover();
        await page.waitForFunction(() => getComputedStyle(document.querySelector(".service-card .learn-more")!).opacity === "1");
        await page.mouse.move(0, 0);
        await cards.nth(1).focus();
        await page.waitForFunction(() => getComputedStyle(document.querySelectorAll(".service-card .learn-more")[1]).opacity === "1");
      }
      assert.deepEqual(problems, []);
      await page.context().close();
    }
  });

  test("team cards flip on click and with Enter or Space, each on its own", async () => {
    const { page, problems } = await openPage(site, "/about", { viewport: DESKTOP });
    const cards = page.locator(".team .flip-card");
    assert.equal(await cards.count(), 3);
    const first = cards.nth(0);
    const second = cards.nth(1);
    await first.locator(".front").click();
    assert.equal(await first.locator(".flip-toggle").getAttribute("aria-pressed"), "true");
    assert.equal(await first.locator(".back").getAttribute("inert"), null);
    assert.equal(await second.locator(".flip-toggle").getAttribute("aria-pressed"), "false");
    await second.locator(".flip-toggle").focus();
    await page.keyboard.press("Enter");
    assert.equal(await second.locator(".flip-toggle").getAttribute("aria-pressed"), "true");
    await page.keyboard.press("Space");
    assert.equal(await second.locator(".flip-toggle").getAttribute("aria-pressed"), "false");
    assert.equal(await first.locator(".flip-toggle").getAttribute("aria-pressed"), "true");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("the map opens the maps page in a new tab; the banner's Book Now goes to the booking page", async () => {
    const { page, problems } = await openPage(site, "/");
    const map = page.locator(".location a:has(img)");
    assert.match((await map.getAttribute("href"))!, /^https:\/\//);
    assert.equal(await map.getAttribute("target"), "_blank");
    assert.equal(await map.getAttribute("rel"), "noopener noreferrer");
    const book = page.locator(".booking-banner a", { hasText: "Book Now" });
    assert.equal(await book.getAttribute("target"), "_blank");
    assert.equal(await page.locator(".booking-banner a", { hasText: "Get Started" }).getAttribute("href"), "/appointment");
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
