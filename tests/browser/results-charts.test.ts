// The results page's charts with little data, drawn by polaris-viz in Chromium (issue 36): a 44% conversion rate
// sits under the rate axis's top tick (polaris-viz let it run half a step past a 40% one), and a test with
// visitors but no conversion draws no empty 0–1,000% axis: the lift chart says there is no lift yet, the rate
// chart keeps to a small axis.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_SITE_ID } from "~/demo/constants";
import { collectPageProblems, saveScreenshot } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { seedRows, seedTest, ago } from "../support/seed";

const TALL = "charts-tall";
const NONE = "charts-none";

/** A day's rollup rows for one arm: its new visitors, and its signups. */
function dayRows(armId: string, day: string, visitors: number, signups: number) {
  const base = { armId, day, exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0 };
  return [
    { ...base, goal: "", currency: "", exposures: visitors, exposedVisitors: visitors },
    { ...base, goal: "signup", currency: "USD", convertingVisitors: signups, conversions: signups, conversionSquares: signups },
  ];
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * The percentages a chart's drawing prints, as numbers ("40%" → 0.4): its axis ticks, and its points' values,
 * which polaris-viz writes for screen readers in visually hidden text.
 */
async function percentLabels(page: Page, title: string): Promise<{ ticks: number[]; points: number[] }> {
  // polaris-viz draws after hydration, into the figure's first (hidden from screen readers) box.
  const drawing = page.getByRole("figure", { name: title }).locator("div[aria-hidden=true]").first();
  await drawing.locator("*").first().waitFor({ state: "visible", timeout: 15_000 });
  const texts = await drawing.evaluate((box) =>
    [...box.querySelectorAll("*")]
      .filter((e) => e.children.length === 0)
      .map((e) => ({ text: (e.textContent ?? "").trim(), hidden: (e.getAttribute("class") ?? "").includes("VisuallyHidden") })),
  );
  const percent = (hidden: boolean) =>
    texts.filter((t) => t.hidden === hidden && /^[-−]?[\d,.]+%$/.test(t.text)).map((t) => Number(t.text.replace("−", "-").replace(/[,%]/g, "")) / 100);
  return { ticks: percent(false), points: percent(true) };
}

describe("the results page's charts with little data, in Chromium", () => {
  const demo = useDemoInChromium("pglite", {
    async seed(sql) {
      const [site] = await sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = $1`, [DEMO_SITE_ID]);
      for (const id of [TALL, NONE])
        await seedTest(sql, { id, site: DEMO_SITE_ID, name: id, status: "running", startedAt: ago("3 days"), pages: [`/${id}`], goals: ["signup"] });
      // Cumulative rates: control 40% then 44%, the variant 36% then 38%.
      const tall = [
        ...dayRows(`${TALL}-a`, daysAgo(1), 50, 20), ...dayRows(`${TALL}-a`, daysAgo(0), 50, 24),
        ...dayRows(`${TALL}-b`, daysAgo(1), 50, 18), ...dayRows(`${TALL}-b`, daysAgo(0), 50, 20),
      ];
      const none = [...dayRows(`${NONE}-a`, daysAgo(1), 60, 0), ...dayRows(`${NONE}-b`, daysAgo(1), 60, 0)];
      await seedRows(sql, "DailyRollup", [...tall, ...none].map((r) => ({ ...r, siteId: site!.id, testId: r.armId.startsWith(TALL) ? TALL : NONE })));
    },
  });

  it("puts the rate axis's top tick above the highest rate, not half a step under it", async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1040, height: 900 } });
    const problems = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/${TALL}`, { waitUntil: "networkidle" });
    const { ticks, points } = await percentLabels(page, "Cumulative conversion rate");
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...points)).toBe(0.44);
    // The top tick is at or above every point, and the axis no taller than a step more.
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(0.44);
    expect(Math.max(...ticks)).toBeLessThanOrEqual(0.6);
    // The text alternative holds the point the axis must reach.
    await expect(page.getByRole("figure", { name: "Cumulative conversion rate" }).innerText()).resolves.toContain("44.0%");
    await saveScreenshot(page, "results-charts-tall");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("draws no empty 0–1,000% axis for a test without a conversion: no lift to draw, and a small rate axis", async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1040, height: 900 } });
    const problems = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/${NONE}`, { waitUntil: "networkidle" });
    const rates = await percentLabels(page, "Cumulative conversion rate");
    expect(rates.ticks.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...rates.ticks)).toBeLessThanOrEqual(0.05);
    const lift = page.getByRole("figure", { name: "Lift over control" });
    await expect(lift.getByText("Not enough data for a lift yet.").isVisible()).resolves.toBe(true);
    await expect(lift.locator("svg").count()).resolves.toBe(0);
    await expect(page.locator("figure").filter({ hasText: "1,000%" }).count()).resolves.toBe(0);
    await saveScreenshot(page, "results-charts-none");
    expect(problems).toEqual([]);
    await page.close();
  });
});
