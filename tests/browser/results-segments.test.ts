// The results page's "Segments (exploratory)" card in Chromium, on the demo's seeded example: labelled
// exploratory, a breakdown per device by default with each segment's arms and corrected intervals, and the
// other dimensions (new or returning, channel, country) a choice away.
import { describe, expect, it } from "vitest";
import { collectPageProblems, saveScreenshot } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";

describe("the results page's segment breakdown in Chromium", () => {
  const demo = useDemoInChromium();

  it("shows the demo's segments by device, new or returning, channel and country, labelled exploratory", async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1040, height: 900 } });
    const errors = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/demo-results-ship`, { waitUntil: "networkidle" });
    const card = page.locator("#segments");
    await expect(card.getByRole("heading", { name: "Segments (exploratory)" }).count()).resolves.toBe(1);
    const text = await card.innerText();
    expect(text).toContain("never change the test's verdict");
    expect(text).toMatch(/3 comparisons: each interval at 98\.33% confidence/);
    for (const segment of ["Mobile", "Tablet", "Desktop"]) expect(text).toContain(segment);
    expect(text).toMatch(/[+-]\d+\.\d% to [+-]\d+\.\d%/);

    const select = card.getByLabel("Segment by");
    await expect(select.locator("option").allInnerTexts()).resolves.toEqual(["Device", "New or returning", "Traffic channel", "Country"]);
    await select.selectOption("visitor");
    await expect(card.innerText()).resolves.toContain("Returning visitors");
    await select.selectOption("channel");
    await expect(card.innerText()).resolves.toContain("Organic search");
    await select.selectOption("country");
    const countries = await card.innerText();
    for (const value of ["US", "DE", "Other", "Unknown"]) expect(countries).toContain(value);
    await saveScreenshot(page, "results-segments");
    expect(errors).toEqual([]);
    await page.close();
  });
});
