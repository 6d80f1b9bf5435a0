// The results page's "Segments (exploratory)" card in Chromium, on the demo's seeded example: labelled
// exploratory, saying how to read its always-valid intervals (corrected for every interval it shows), a
// breakdown per device by default with each segment's arms and intervals, and the other dimensions (new or
// returning, channel, country) a choice away. And the real snippet's batches carry
// the landing facts the exposure's segment is read from (on PostgreSQL, which the test can read meanwhile).
import { describe, expect, it } from "vitest";
import pg from "pg";
import { DEMO_TEST_ID } from "~/demo/constants";
import { collectPageProblems, saveScreenshot } from "../support/browser";
import { databaseKinds } from "../support/databases";
import { useDemoInChromium } from "../support/demo-in-chromium";

describe("the results page's segment breakdown in Chromium", () => {
  const demo = useDemoInChromium();

  it("shows the demo's segments by device, new or returning, channel and country, labelled exploratory", async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1040, height: 900 } });
    const errors = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/demo-results-ship`, { waitUntil: "networkidle" });
    const card = page.locator("#segments");
    await expect(card.getByRole("heading", { name: "Segments (exploratory)" }).count()).resolves.toBe(1);
    // Read when opened: the page itself reads no segment row.
    await expect(card.getByText("How to read the intervals").count()).resolves.toBe(0);
    await card.getByRole("button", { name: "Show segments" }).click();
    await card.getByText("How to read the intervals", { exact: false }).waitFor();
    const text = await page.locator("#segments").innerText();
    expect(text).toContain("never change the test's verdict");
    // Device 3, new or returning 2, channel 6, country 8 segments (the seeded shares) × one variant × the 4 goals
    // the page lists (the purchase and the funnel's steps): 76 intervals, each at 1 − 0.05/76.
    expect(text).toContain("How to read the intervals: each stays valid however often you look, and each is widened for all 76 intervals this card can show");
    expect(text).toContain("so each is at 99.93% confidence");
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

describe.runIf(databaseKinds.includes("postgres"))("the snippet's landing facts in Chromium", () => {
  const demo = useDemoInChromium("postgres");

  it("reach the exposure's segment as classes only, after consent", async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${demo.server.url}/demo?utm_source=newsletter&utm_campaign=spring-sale`);
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 10_000 });
    const sid = await page.evaluate(() => localStorage.getItem("svc_sid"));
    // Leaving the page flushes the batch (sendBeacon on pagehide).
    await page.goto("about:blank");
    await context.close();
    const client = new pg.Client({ connectionString: demo.db.env.DATABASE_URL });
    await client.connect();
    try {
      let rows: Array<{ segment: string | null }> = [];
      for (let i = 0; i < 20 && rows.length === 0; i++) {
        rows = (await client.query(`SELECT segment FROM "Exposure" WHERE "sessionId" = $1 AND "testId" = $2`, [sid, DEMO_TEST_ID])).rows;
        if (rows.length === 0) await new Promise((r) => setTimeout(r, 250));
      }
      // Headless Chromium on a desktop, a new visitor from an email campaign, from an address with no country.
      expect(rows).toEqual([{ segment: "desktop|new|email|unknown|" }]);
    } finally {
      await client.end();
    }
  });
});
