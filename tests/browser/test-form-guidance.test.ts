// How the test form guides the merchant, in Chromium on the demo: the back link says where it goes in words, a
// refused save brings its first error into view and focuses it, a name past 120 characters is kept whole and
// refused beside the field at once, the device and visitor audiences are checkboxes, and switching a new test to
// the Shopify storefront gives it the purchase goal instead of the web site's blank custom goal.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_TEST_ID } from "~/demo/constants";
import { collectPageProblems, hydrated } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";

/** What the page's back link shows beside its arrow, and how wide it is. */
async function backLink(page: Page) {
  return page.locator(".Polaris-Page-Header__BreadcrumbWrapper a").first().evaluate((a) => ({
    label: a.getAttribute("aria-label"),
    shown: getComputedStyle(a, "::after").content,
    width: a.getBoundingClientRect().width,
    arrow: a.querySelector("svg")?.getBoundingClientRect().width ?? 0,
  }));
}

describe("the test form's guidance in Chromium (demo)", () => {
  const demo = useDemoInChromium();

  it("labels the back link in words on a test's edit page and on its results page", async () => {
    const page = await demo.browser.newPage();
    const problems = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/${DEMO_TEST_ID}/edit`, { waitUntil: "networkidle" });
    await hydrated(page);
    const edit = await backLink(page);
    expect(edit).toMatchObject({ label: "Results", shown: '"Results"' });
    // The words take room of their own beside the arrow: they are drawn, not only announced.
    expect(edit.width).toBeGreaterThan(edit.arrow + 30);
    await page.getByRole("link", { name: "Results" }).click();
    await page.waitForURL(`${demo.server.url}/app/tests/${DEMO_TEST_ID}`);
    await expect(backLink(page)).resolves.toMatchObject({ label: "Tests", shown: '"Tests"' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("brings the first error into view and focuses it after a refused save", async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1040, height: 700 } });
    const page = await context.newPage();
    await page.goto(`${demo.server.url}/app/tests/new`, { waitUntil: "networkidle" });
    await hydrated(page);
    await page.getByLabel("Name", { exact: true }).fill("Below the fold");
    // The variant's change has no selector yet: its field is far below the button at the top.
    const selectorTop = await page.getByLabel("CSS selector").evaluate((el) => el.getBoundingClientRect().top);
    expect(selectorTop).toBeGreaterThan(700);
    await page.getByRole("button", { name: "Create test" }).click();
    await page.getByText("Enter a CSS selector").waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const box = el?.getBoundingClientRect();
          return {
            invalid: el?.getAttribute("aria-invalid"),
            label: el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null,
            inView: box ? box.top >= 0 && box.bottom <= window.innerHeight : false,
          };
        }),
      )
      .toEqual({ invalid: "true", label: "CSS selector", inView: true });
    expect(page.url()).toMatch(/\/app\/tests\/new$/);
    await context.close();
  });

  it("keeps a name past 120 characters whole and refuses it beside the field at once", async () => {
    const page = await demo.browser.newPage();
    await page.goto(`${demo.server.url}/app/tests/new`, { waitUntil: "networkidle" });
    await hydrated(page);
    const name = page.getByLabel("Name", { exact: true });
    await name.click();
    // Typed text, as a paste lands: a maxlength would drop the last ten characters without a word.
    await page.keyboard.insertText("n".repeat(130));
    await expect(name.inputValue()).resolves.toHaveLength(130);
    await page.getByText("Keep the name to 120 characters or fewer (this one has 130)").waitFor();
    await name.fill("n".repeat(120));
    await expect(page.getByText(/Keep the name to 120 characters/).count()).resolves.toBe(0);
    await page.close();
  });

  it("offers the device and visitor audiences as checkboxes, and saves what is ticked", async () => {
    const page = await demo.browser.newPage();
    const problems = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/new`, { waitUntil: "networkidle" });
    await hydrated(page);
    await page.getByLabel("Name", { exact: true }).fill("Phones and tablets");
    await page.getByLabel("CSS selector").fill("h1.hero");
    await page.getByLabel("New text").fill("Hello there");
    const label = page.getByLabel("Goal label");
    if ((await label.count()) > 0) await label.fill("signup");

    await page.getByRole("button", { name: "Add audience rule" }).click();
    const rule = page.locator("[data-svc-audience-rule='0']");
    await expect(rule.getByRole("checkbox").evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value))).resolves.toEqual(["mobile", "tablet", "desktop"]);
    // Nothing ticked is an error in words, not a typo to find.
    await page.getByRole("button", { name: "Create test" }).click();
    await rule.getByText("Choose at least one of: mobile, tablet, desktop").waitFor();
    await rule.getByText("mobile", { exact: true }).click();
    await rule.getByText("tablet", { exact: true }).click();
    await rule.getByText(/^Who matches:/).waitFor();

    // The visitor rule's two values are checkboxes too.
    await page.getByRole("button", { name: "Add audience rule" }).click();
    await page.getByLabel("Audience rule 2 reads").selectOption("visitor");
    const visitor = page.locator("[data-svc-audience-rule='1']");
    await expect(visitor.getByRole("checkbox").evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value))).resolves.toEqual(["new", "returning"]);
    await visitor.getByText("returning", { exact: true }).click();

    await page.getByRole("button", { name: "Create test" }).click();
    await page.getByText("Test created").waitFor();
    await page.waitForURL(/\/app\/tests\/[A-Za-z0-9_-]+\/edit$/);
    await page.reload({ waitUntil: "networkidle" });
    const ticked = (i: number) =>
      page.locator(`[data-svc-audience-rule='${i}']`).getByRole("checkbox").evaluateAll((boxes) => boxes.filter((b) => (b as HTMLInputElement).checked).map((b) => (b as HTMLInputElement).value));
    await expect(ticked(0)).resolves.toEqual(["mobile", "tablet"]);
    await expect(ticked(1)).resolves.toEqual(["returning"]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("gives a new test the purchase goal when its site becomes the Shopify storefront, and the custom goal back", async () => {
    const page = await demo.browser.newPage();
    await page.goto(`${demo.server.url}/app/tests/new`, { waitUntil: "networkidle" });
    await hydrated(page);
    const site = page.getByLabel("Site", { exact: true });
    const options = await site.locator("option").evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
    const shopify = options.find((o) => o.text.endsWith("(Shopify)"));
    const web = options.find((o) => o.text.endsWith("(web)"));
    expect(shopify && web).toBeTruthy();
    const goalKinds = () => page.getByLabel("Counts when").evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).value));

    await site.selectOption(web!.value);
    await expect.poll(goalKinds).toEqual(["custom"]);
    await site.selectOption(shopify!.value);
    await expect.poll(goalKinds).toEqual(["purchase", "added_to_cart"]);
    await site.selectOption(web!.value);
    await expect.poll(goalKinds).toEqual(["custom"]);
    await page.close();
  });
});
