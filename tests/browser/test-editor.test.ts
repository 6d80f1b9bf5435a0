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
