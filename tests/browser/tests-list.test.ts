// The tests list at the embedded admin's width (1,040 px) and a laptop's (1,280 px), in Chromium: every row's
// decision and dates are in view without scrolling sideways, a 120-character name with no space wraps instead of
// pushing the columns away, and a test with a sample ratio mismatch shows that warning instead of its lift.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { RESULTS_SITE_ID } from "~/demo/results-scenarios";
import { collectPageProblems, saveScreenshot } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { purchaseRows, seedRows, seedTest, ago } from "../support/seed";

const LONG_ID = "long-name";
/** The longest name the form takes (MAX_NAME_LENGTH), with no space to break it at. */
const LONG_NAME = "Free-shipping-banner-".repeat(6).slice(0, 120);

/** Each row's decision cell and last cell, as how far they reach past the page's visible width (≤ 0: in view). */
async function rowsOverflow(page: Page, width: number) {
  return page.locator(".Polaris-IndexTable__TableRow").evaluateAll((rows, viewport) => {
    return rows.map((row) => {
      const name = (row.querySelector("a[data-primary-link]")?.textContent ?? "").trim();
      const decision = row.querySelector("[data-svc-decision]");
      const cells = [...row.querySelectorAll("td, th")];
      const last = cells[cells.length - 1];
      return {
        name,
        decision: decision ? decision.getBoundingClientRect().right - viewport : null,
        last: last ? last.getBoundingClientRect().right - viewport : null,
      };
    });
  }, width);
}

describe("the tests list in Chromium", () => {
  const demo = useDemoInChromium("pglite", {
    async seed(sql) {
      // A decided test with the longest unbroken name the form allows, beside the demo's results examples.
      await seedTest(sql, { id: LONG_ID, site: RESULTS_SITE_ID, name: LONG_NAME, status: "running", startedAt: ago("14 days"), goals: [{ label: "purchase", kind: "purchase" }] });
      const [site] = await sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = $1`, [RESULTS_SITE_ID]);
      const rows = [...purchaseRows(`${LONG_ID}-a`, 600), ...purchaseRows(`${LONG_ID}-b`, 800)].map((r) => ({ ...r, siteId: site!.id, testId: LONG_ID }));
      await seedRows(sql, "DailyRollup", rows);
    },
  });

  it.each([1040, 1280])("shows each test's decision and dates without scrolling at %i px", async (width) => {
    const context = await demo.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app`, { waitUntil: "networkidle" });

    const rows = await rowsOverflow(page, width);
    expect(rows.map((r) => r.name)).toContain(LONG_NAME);
    // The demo's two tests, its six results examples and the long name: each row has its decision cell, in view.
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const row of rows) expect({ name: row.name, decision: Math.max(0, row.decision ?? Infinity), last: Math.max(0, row.last ?? Infinity) }).toEqual({ name: row.name, decision: 0, last: 0 });

    // Nothing scrolls sideways: neither the page nor the table's own scroll container.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Polaris wraps the table in a scrolling box of its own: no box from the table up to the IndexTable may scroll.
    const scrolling = await page.locator(".Polaris-IndexTable__Table").first().evaluate((table) => {
      const boxes: Array<{ box: string; scroll: number; client: number }> = [];
      for (let el: Element | null = table; el && !el.classList.contains("Polaris-IndexTable"); el = el.parentElement) {
        if (el.scrollWidth > el.clientWidth) boxes.push({ box: el.className, scroll: el.scrollWidth, client: el.clientWidth });
      }
      return boxes;
    });
    expect(scrolling).toEqual([]);

    // The long name wraps inside its cell and its row still says its decision.
    const long = page.locator(".Polaris-IndexTable__TableRow", { hasText: LONG_NAME });
    await expect(long.locator("[data-svc-decision]").innerText()).resolves.toContain("Decided: better");
    const link = await long.locator("a[data-primary-link]").boundingBox();
    expect(link && link.x + link.width).toBeLessThanOrEqual(width);

    // A sample ratio mismatch is a warning in the list, never a lift to read.
    const srm = page.locator(".Polaris-IndexTable__TableRow", { hasText: "Example: sample ratio mismatch" }).locator("[data-svc-decision]");
    const srmText = await srm.innerText();
    expect(srmText).toContain("Sample ratio mismatch");
    expect(srmText).not.toMatch(/%|Not yet/);
    await expect(srm.locator(".Polaris-Badge").first().getAttribute("class")).resolves.toContain("toneCritical");

    await saveScreenshot(page, `tests-list-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
