// The test editor in Chromium (local demo): filling the form, a selector the browser cannot parse shown
// inline at once, the URL tester answering, and saving with a toast and the test saved.
import { describe, expect, it } from "vitest";
import { collectPageProblems, hydrated } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";

describe("test editor in Chromium (demo)", () => {
  const demo = useDemoInChromium();

  it("creates a test from the form, with inline errors and the URL tester on the way", async () => {
    const page = await demo.browser.newPage();
    const problems = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/new`, { waitUntil: "networkidle" });
    await hydrated(page);
    await page.getByRole("heading", { name: "New test" }).waitFor();

    await page.getByLabel("Name", { exact: true }).fill("Friendlier headline");
    await page.getByLabel("Hypothesis").fill("A warmer headline gets more sign-ups");

    // The URL tester answers with the snippet's matcher as the rules change.
    await page.getByLabel("Rule 1 kind").selectOption("prefix");
    await page.getByLabel("Rule 1 path").fill("/pricing");
    const tester = page.getByLabel("Does this URL match?");
    await tester.fill("https://example.com/pricing/teams?ref=ad");
    await expect(page.locator("[data-svc-url-test]").textContent()).resolves.toContain("Matches");
    await tester.fill("/about");
    await expect(page.locator("[data-svc-url-test]").textContent()).resolves.toContain("Does not match");

    // A selector that does not parse is flagged inline before anything is sent.
    const selector = page.getByLabel("CSS selector");
    await selector.fill("div[");
    await page.getByText("This is not a valid CSS selector").waitFor();
    await selector.fill("body");
    await page.getByText("A change cannot apply to html, head, body or :root").waitFor();
    await selector.fill("h1.hero");
    await expect(page.getByText("This is not a valid CSS selector").count()).resolves.toBe(0);
    await page.getByLabel("New text").fill("Hello there");

    // The first demo site is a web site: the default goal is a custom label.
    const label = page.getByLabel("Goal label");
    if ((await label.count()) > 0) await label.fill("signup");

    // The unsaved-changes bar is up; saving creates the test and opens it in the editor.
    await page.getByRole("region", { name: "Unsaved changes" }).waitFor();
    await page.getByRole("button", { name: "Create test" }).click();
    await page.getByText("Test created").waitFor();
    await page.waitForURL(/\/app\/tests\/[A-Za-z0-9_-]+\/edit$/);
    await page.getByRole("heading", { name: "Friendlier headline" }).waitFor();
    await expect(page.getByLabel("CSS selector").inputValue()).resolves.toBe("h1.hero");
    await expect(page.getByLabel("Rule 1 path").inputValue()).resolves.toBe("/pricing");
    await expect(page.getByRole("region", { name: "Unsaved changes" }).count()).resolves.toBe(0);

    // An edit shows the bar again; saving it says so.
    await page.getByLabel("Name", { exact: true }).fill("Friendlier headline, v2");
    await page.getByRole("region", { name: "Unsaved changes" }).getByRole("button", { name: "Save" }).click();
    await page.getByText("Test saved").waitFor();
    await page.reload({ waitUntil: "networkidle" });
    await expect(page.getByLabel("Name", { exact: true }).inputValue()).resolves.toBe("Friendlier headline, v2");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("creates a price test on the Shopify site whose variant changes only what it charges, with its discount's title and Buy-it-now choice", async () => {
    const page = await demo.browser.newPage();
    const problems = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/new`, { waitUntil: "networkidle" });
    await hydrated(page);
    await page.getByRole("heading", { name: "New test" }).waitFor();
    const site = page.getByLabel("Site", { exact: true });
    const shopify = await site.locator("option", { hasText: "(Shopify)" }).first().getAttribute("value");
    await site.selectOption(shopify!);
    await page.getByLabel("Name", { exact: true }).fill("Bowl at 19.99");

    // The variant changes nothing on the page: only its price at checkout.
    await page.getByLabel("What Variant B changes").selectOption("none");
    await page.getByLabel("What Variant B charges at checkout").selectOption("price");
    const prices = page.getByLabel("Price per variant");
    // A line that is not "variant id: price" is refused by the form's own check: shown, nothing sent.
    await prices.fill("the bowl: cheaper");
    await page.getByRole("button", { name: "Create test" }).click();
    await page.getByText('Line 1 is not "variant id: price"').waitFor();
    expect(page.url()).toMatch(/\/app\/tests\/new$/);
    await prices.fill("44810745389307: 19.99");
    await expect(page.getByText('Line 1 is not "variant id: price"').count()).resolves.toBe(0);
    // The demo runs outside Shopify admin: no product picker, ids are typed.
    await expect(page.getByRole("button", { name: "Choose products" }).count()).resolves.toBe(0);
    // With an offer, the test's settings at checkout: its discount's title (refused past 60 characters), and the
    // choice about Buy-it-now buttons, hidden by default.
    const title = page.getByLabel("Discount title");
    await title.fill("x".repeat(61));
    await page.getByRole("button", { name: "Create test" }).click();
    await page.getByText("Keep the title to 60 characters or fewer (this one has 61)").waitFor();
    expect(page.url()).toMatch(/\/app\/tests\/new$/);
    await title.fill("Bowl week price");
    await expect(page.getByLabel("Hide them on the test's pages, on every arm").isChecked()).resolves.toBe(true);
    // Polaris draws its own radio over the input: the merchant clicks the choice's words.
    const leave = page.getByText("Leave them, and keep their buyers out of the results (they pay the list price)", { exact: true });
    // Clear of the sticky unsaved-changes bar at the bottom of the window, which would take the click.
    await leave.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await leave.click();
    await expect(page.getByLabel("Leave them, and keep their buyers out of the results (they pay the list price)").isChecked()).resolves.toBe(true);

    await page.getByRole("button", { name: "Create test" }).click();
    await page.getByText("Test created").waitFor();
    await page.waitForURL(/\/app\/tests\/[A-Za-z0-9_-]+\/edit$/);
    // Loaded back from the stored arm (the offer as the Function reads it, shown as the form wrote it).
    await page.reload({ waitUntil: "networkidle" });
    await hydrated(page);
    await expect(page.getByLabel("What Variant B charges at checkout").inputValue()).resolves.toBe("price");
    await expect(page.getByLabel("Price per variant").inputValue()).resolves.toBe("44810745389307: 19.99");
    await expect(page.getByLabel("What Variant B changes").inputValue()).resolves.toBe("none");
    await expect(page.getByLabel("Discount title").inputValue()).resolves.toBe("Bowl week price");
    await expect(page.getByLabel("Leave them, and keep their buyers out of the results (they pay the list price)").isChecked()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows field errors, and sends nothing, when a required field is left empty", async () => {
    const page = await demo.browser.newPage();
    await page.goto(`${demo.server.url}/app/tests/new`, { waitUntil: "networkidle" });
    await hydrated(page);
    await page.getByRole("heading", { name: "New test" }).waitFor();
    await page.getByRole("button", { name: "Create test" }).click();
    await page.getByText("Give the test a name").waitFor();
    await page.getByText("Fix the highlighted fields").waitFor();
    expect(page.url()).toMatch(/\/app\/tests\/new$/);
    await page.close();
  });
});
