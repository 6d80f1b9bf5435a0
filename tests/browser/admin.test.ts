// The demo admin in a real browser: the home page's tests list renders with Polaris and hydrates without
// errors, its status tabs filter it, and the results page's lifecycle buttons change a test's status.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { collectPageProblems } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";

describe("demo admin in Chromium", () => {
  const demo = useDemoInChromium();

  // The demo's own tests; its results examples (one per state of the results page) are tested in results-decision.test.ts.
  const rowNames = async (page: Page) =>
    (await page.locator(".Polaris-IndexTable__TableRow").locator("a[data-primary-link]").allInnerTexts()).filter((name) => name.startsWith("Demo: "));

  it("shows the tests list on the home page, in Polaris, with the install card above it", async () => {
    const page = await demo.browser.newPage();
    const errors = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app`, { waitUntil: "networkidle" });
    await expect(page.locator(".Polaris-Page").first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: "svc: A/B tests" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: "Storefront" }).isVisible()).resolves.toBe(true);
    expect((await rowNames(page)).sort()).toEqual(["Demo: bowl price", "Demo: headline", "Demo: product headline"]);
    const row = page.locator(".Polaris-IndexTable__TableRow", { hasText: "Demo: headline" });
    expect(await row.innerText()).toContain("Running");
    await expect(page.getByRole("link", { name: "Create test" }).first().getAttribute("href")).resolves.toBe("/app/tests/new");
    // Polaris' stylesheet is applied, not just its markup.
    const radius = await page.locator(".Polaris-Card, .Polaris-ShadowBevel").first().evaluate((el) => getComputedStyle(el).borderRadius);
    expect(radius).not.toBe("0px");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("pauses a test from its results page, and the list's tabs filter by status", async () => {
    const page = await demo.browser.newPage();
    const errors = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/demo-headline`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await page.getByText("Test paused").waitFor();
    await page.getByRole("button", { name: "Resume", exact: true }).waitFor();
    await page.locator("[data-decision-state]").getByText(/^This test is paused/).waitFor();
    await page.locator(".Polaris-Badge", { hasText: "Paused" }).first().waitFor();

    await page.goto(`${demo.server.url}/app`, { waitUntil: "networkidle" });
    expect(await page.locator(".Polaris-IndexTable__TableRow", { hasText: "Demo: headline" }).innerText()).toContain("Paused");
    await page.getByRole("tab", { name: /^Paused/ }).click();
    await page.waitForURL(`${demo.server.url}/app?status=paused`);
    await expect.poll(() => rowNames(page)).toEqual(["Demo: headline"]);
    await page.getByRole("tab", { name: /^Running/ }).click();
    await page.waitForURL(`${demo.server.url}/app?status=running`);
    await expect.poll(async () => (await rowNames(page)).sort()).toEqual(["Demo: bowl price", "Demo: product headline"]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("completes a test after asking which arm won, and shows the winner", async () => {
    const page = await demo.browser.newPage();
    const errors = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/demo-shopify-headline`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Complete test" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Which arm won?").waitFor();
    // Polaris draws its own radio over a visually hidden input: choose it by its label, as a merchant does.
    await dialog.getByText("Free-shipping headline", { exact: true }).click();
    await expect(dialog.getByLabel("Free-shipping headline", { exact: true }).isChecked()).resolves.toBe(true);
    // No data names it: the dialog says so, and Complete waits until the merchant says the choice is theirs.
    await dialog.getByText(/(nothing says Free-shipping headline is|Free-shipping headline is not shown to be) better than the original\./).waitFor();
    await expect(dialog.getByRole("button", { name: "Complete test" }).isDisabled()).resolves.toBe(true);
    await dialog.getByLabel("Complete this way anyway: this is my decision, not the data's").check();
    await dialog.getByRole("button", { name: "Complete test" }).click();
    await page.getByText("Test completed").waitFor();
    // The decision summary says what was declared beside what the data says: no green banner for a winner without data.
    const decision = page.locator("[data-decision-state]");
    await decision.getByText("You declared Free-shipping headline the winner, but the data does not name it.").waitFor();
    expect(await decision.innerText()).toMatch(/^Completed: the data names no winner/);
    expect(await page.locator(".Polaris-Banner", { hasText: "Winner:" }).count()).toBe(0);
    await expect(page.getByRole("button", { name: "Archive" }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
