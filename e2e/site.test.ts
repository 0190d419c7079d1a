import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { assertAccordion, launchBrowser, recordWindowOpen, startServer, waitForHydration, watchConsole, type Server } from "./harness";
import hi from "../client/i18n/hi.json";

// One page of every kind in each language, plus the English edition's Hindi article and an unknown path.
const ROUTES = [
  { path: "/", status: 200, lang: "en", text: "Our Services" },
  { path: "/about", status: 200, lang: "en", text: "Meet Our Team" },
  { path: "/appointment", status: 200, lang: "en", text: "Make an Appointment" },
  { path: "/contact", status: 200, lang: "en", text: "3k+" },
  { path: "/therapy-and-counselling", status: 200, lang: "en", text: "Therapy" },
  { path: "/services/telepsychiatry", status: 200, lang: "en", text: "Telepsychiatry Services" },
  { path: "/blogs", status: 200, lang: "en", text: "Found" },
  { path: "/blog/paranoia", status: 200, lang: "en", text: "min read" },
  { path: "/blog/face-failures", status: 200, lang: "en", text: "min read" },
  { path: "/no-such-page", status: 404, lang: "en", text: "Oops! The page you are looking for does not exist." },
  { path: "/hi", status: 200, lang: "hi", text: hi.home.servicesTitle },
  { path: "/hi/about", status: 200, lang: "hi", text: hi.common.faqTitle },
  { path: "/hi/appointment", status: 200, lang: "hi", text: hi.form.selectService },
  { path: "/hi/contact", status: 200, lang: "hi", text: hi.form.sendMessage },
  { path: "/hi/therapy-and-counselling", status: 200, lang: "hi", text: hi.common.faqTitle },
  { path: "/hi/services/telepsychiatry", status: 200, lang: "hi", text: hi.service.howItWorks },
  { path: "/hi/blogs", status: 200, lang: "hi", text: hi.blogs.title },
  { path: "/hi/blog/paranoia", status: 200, lang: "hi", text: "24 दिसंबर 2024" },
  { path: "/hi/blog/face-failures", status: 200, lang: "hi", text: hi.article.related },
  { path: "/hi/no-such-page", status: 404, lang: "hi", text: "माफ़ कीजिए, आप जो पेज ढूँढ रहे हैं, वह मौजूद नहीं है।" },
];

describe("the site in Chromium", () => {
  let server: Server;
  let browser: Browser;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const route of ROUTES) {
    test(`${route.path} renders on the server and hydrates without console errors or hydration warnings`, async () => {
      const page = await browser.newPage();
      const problems = watchConsole(page, { expect404: route.status === 404 });
      const response = await page.goto(server.origin + route.path);
      assert.equal(response?.status(), route.status);
      // The text is in the first HTML, before any script ran.
      assert.ok((await response!.text()).includes(route.text), `first HTML lacks "${route.text}"`);
      await waitForHydration(page);
      assert.equal(await page.getAttribute("html", "lang"), route.lang);
      assert.ok((await page.textContent("main"))?.includes(route.text));
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  test("the FAQ accordion: none open, one at a time, the open one closes; the same once React has hydrated", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(server.origin + "/");
    await waitForHydration(page);
    // The carousels start late (the hero when the browser is idle, the testimonials above the FAQ when
    // scrolled near) and may move what lies below them while a click is on its way: click once both have.
    const questions = page.locator(".faq-item summary");
    await questions.first().scrollIntoViewIfNeeded();
    for (const carousel of [".home-hero .swiper", ".testimonials .swiper"]) {
      await page.waitForSelector(`${carousel}.swiper-initialized`, { state: "attached", timeout: 10_000 });
    }
    await assertAccordion(page);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test("the page paints before React and the page's code are requested, and hydrates after", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(server.origin + "/");
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js"))
        .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime }));
      return { paint, scripts };
    });
    assert.ok(timing.paint !== undefined, "no first-contentful-paint entry");
    const late = timing.scripts.filter((s) => /\/(hydrate|home)-\w+\.js$/.test(s.name));
    assert.equal(late.length, 2, `hydrate and home chunks requested: ${JSON.stringify(timing.scripts)}`);
    for (const script of late) assert.ok(script.start >= timing.paint!, `${script.name} requested before first paint`);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test("a link navigates on the client with the route's data from the server, without a reload", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(server.origin + "/");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
    const dataRequest = page.waitForRequest((r) => r.url().includes("/_data/services/telepsychiatry"));
    await page.locator('footer a[href="/services/telepsychiatry"]').click();
    await dataRequest;
    await page.waitForSelector("h1:has-text('Telepsychiatry Services')");
    assert.equal(new URL(page.url()).pathname, "/services/telepsychiatry");
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), "same document");
    assert.match(await page.title(), /^Telepsychiatry \|/);
    assert.equal(await page.getAttribute('link[rel="canonical"]', "href"), `${server.origin}/services/telepsychiatry`);
    assert.equal(await page.getAttribute('meta[property="og:url"]', "content"), `${server.origin}/services/telepsychiatry`);
    assert.equal(await page.getAttribute('meta[property="og:title"]', "content"), await page.title());
    assert.equal(await page.getAttribute('meta[property="og:type"]', "content"), "website");
    // The article texts are fetched as data, never shipped inside the scripts.
    await page.goBack();
    await page.waitForSelector("h2:has-text('Our Services')");
    assert.deepEqual(problems, []);
    await page.close();
  });

  test("the appointment form checks natively, opens WhatsApp with the message, then clears", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    const opened = await recordWindowOpen(page);
    await page.goto(server.origin + "/appointment");
    await waitForHydration(page);

    await page.getByRole("button", { name: "Book Appointment" }).click();
    assert.deepEqual(await opened(), [], "an empty form must not be sent");
    assert.equal(await page.locator("form").evaluate((f) => (f as HTMLFormElement).checkValidity()), false);

    await page.getByLabel("First name", { exact: true }).fill("Asha");
    await page.getByLabel("Last name", { exact: true }).fill("Kumari");
    await page.getByLabel("Email", { exact: true }).fill("asha@example.org");
    await page.getByLabel("Phone", { exact: true }).fill("+91 90000 00003");
    await page.getByLabel("Service", { exact: true }).selectOption("therapy");
    const min = await page.getByLabel("Preferred date", { exact: true }).getAttribute("min");
    await page.getByLabel("Preferred date", { exact: true }).fill(min!);
    await page.getByLabel("Your request", { exact: true }).fill("Evening & weekend slots");
    await page.getByRole("button", { name: "Book Appointment" }).click();

    const [url] = await opened();
    assert.match(url, /^https:\/\/wa\.me\/\d+\?text=/);
    const message = decodeURIComponent(url.split("?text=")[1]);
    assert.match(message, /Name: Asha Kumari/);
    assert.match(message, /Service: Therapy/);
    assert.match(message, /Request: Evening & weekend slots/);
    assert.equal(await page.getByLabel("First name", { exact: true }).inputValue(), "");
    assert.equal(await page.getByLabel("Your request", { exact: true }).inputValue(), "");
    assert.deepEqual(problems, []);
    await page.close();
  });
});
