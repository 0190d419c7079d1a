// Every page before and without its script: on slow links a page is read for seconds before its script
// arrives, and some visitors never run it. With JavaScript off in Chromium, the FAQ and the small-screen menu
// work as the spec says, the blog search has a button, and a form never sends the visitor's details anywhere:
// it offers the clinic's WhatsApp and phones instead.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccordion, DESKTOP, PHONE, useSite } from "./harness";
import en from "../client/i18n/en.json";
import hi from "../client/i18n/hi.json";

describe("the site with JavaScript off", () => {
  const site = useSite();

  /** `path` in a browser that runs no script, with the documents it requests recorded. */
  async function withoutScript(path: string, viewport = DESKTOP): Promise<{ page: Page; documents: string[] }> {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
    const response = await page.goto(site.server.origin + path);
    assert.equal(response?.status(), 200, path);
    return { page, documents };
  }

  test("the FAQ opens and closes as the spec says, the emergency answer included", async () => {
    const { page } = await withoutScript("/");
    await assertAccordion(page);
    const emergency = page.locator(".faq-item", { hasText: "What should I do in a mental health emergency?" });
    await emergency.locator("summary").click();
    const answer = emergency.locator(".faq-answer");
    assert.ok(await answer.isVisible());
    assert.match((await answer.textContent())!, /112/);
    await page.context().close();
  });

  test("the small-screen menu opens, Services unfolds, the close button closes it and a link leads on", async () => {
    const { page, documents } = await withoutScript("/about", PHONE);
    const panel = page.getByRole("dialog", { name: en.nav.menu });
    assert.equal(await panel.isVisible(), false);
    await page.locator(".menu-button").click();
    await panel.waitFor();
    const telepsychiatry = panel.locator('a[href="/services/telepsychiatry"]');
    assert.equal(await telepsychiatry.isVisible(), false);
    await panel.locator("summary", { hasText: en.nav.services }).click();
    assert.ok(await telepsychiatry.isVisible());
    await panel.getByRole("button", { name: en.nav.closeMenu }).click();
    await panel.waitFor({ state: "hidden" });
    await page.locator(".menu-button").click();
    await panel.locator('a[href="/contact"]').click();
    await page.waitForURL("**/contact");
    assert.deepEqual(documents.map((d) => new URL(d).pathname), ["/about", "/contact"]);
    await page.context().close();
  });

  const forms = [
    { path: "/contact", t: en, fields: { firstName: "Asha", lastName: "Devi", email: "asha@example.org", phone: "+91 90000 00009" } },
    { path: "/hi/contact", t: hi, fields: { firstName: "आशा", lastName: "देवी", email: "asha@example.org", phone: "+91 90000 00009" } },
    {
      path: "/appointment",
      t: en,
      fields: { firstName: "Asha", lastName: "Devi", email: "asha@example.org", phone: "+91 90000 00009", request: "A first consultation" },
    },
  ] as const;
  for (const { path, t, fields } of forms) {
    test(`${path}: the form sends nothing anywhere, and offers the clinic's WhatsApp and phones`, async () => {
      const { page, documents } = await withoutScript(path);
      for (const [field, value] of Object.entries(fields)) {
        await page.getByLabel(t.form[field as keyof typeof fields], { exact: true }).fill(value);
      }
      if (path === "/appointment") {
        await page.getByLabel(t.form.service, { exact: true }).selectOption({ index: 1 });
        await page.getByLabel(t.form.date).fill("2099-01-01");
      }
      // Neither Enter in a field nor the button submits: the button waits for the script.
      await page.getByLabel(t.form.phone, { exact: true }).press("Enter");
      const button = page.locator("form.form button[type=submit]");
      assert.equal(await button.isDisabled(), true);
      await button.click({ force: true });
      await page.waitForTimeout(300); // a submission would start a navigation within this time
      assert.equal(page.url(), site.server.origin + path, "no query in the address bar");
      assert.deepEqual(documents, [site.server.origin + path], "no second request carried the details");
      // No field has a name, so no submission could carry one.
      assert.equal(await page.locator("form.form [name]").count(), 0);
      assert.ok(await page.locator(".form-needs-script").isVisible());
      assert.equal(await page.locator(".form-needs-script").textContent(), t.form.needsScript);
      const alternatives = page.locator(".form-alternatives");
      assert.match((await alternatives.locator("a[href^='https://wa.me/']").getAttribute("href"))!, /^https:\/\/wa\.me\/\d+$/);
      assert.equal(await alternatives.locator("a[href^='tel:+91']").count(), 2);
      await page.context().close();
    });
  }

  test("the blog search has a visible button that searches", async () => {
    const { page } = await withoutScript("/blogs");
    await page.getByLabel(en.blogs.search).fill("sleep");
    await page.getByRole("button", { name: en.blogs.searchButton, exact: true }).click();
    await page.waitForURL("**/blogs?q=sleep");
    assert.match((await page.locator("main").textContent())!, /Found \d+ blogs?/);
    await page.context().close();
  });
});
