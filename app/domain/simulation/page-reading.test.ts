import { describe, expect, it } from "vitest";
import { buildResults } from "../results/build-results";
import { totalsPerArm } from "../results/totals";
import { GOAL, readPage, resultsInput, rollupsOf, type PageSetting } from "./page-reading";
import type { SimArmTotals } from "./runner";

const setting: PageSetting = { weights: [1, 1], minDetectableEffect: 0.2 };
// Orders of $60 on average with a spread (E[x²] = 7,200, E[x³] = 1,080,000 per order): mildly skewed.
const arm = (visitors: number, converting: number, revenue = converting * 60, revenueSquares = converting * 7200): SimArmTotals => ({
  visitors,
  converting,
  revenue,
  revenueSquares,
  cappedRevenue: revenue,
  cappedRevenueSquares: revenueSquares,
  cappedRevenueCubes: converting * 1_080_000,
  covariateSum: 0,
  covariateSquares: 0,
  covariateRevenueProducts: 0,
});

describe("readPage", () => {
  it("gives the page the totals as rollups: the page adds them up to the same figures", () => {
    const totals = [arm(1000, 50), arm(1010, 61)];
    const summed = totalsPerArm(rollupsOf(totals), ["A", "B"], "USD", GOAL);
    expect(summed.map((t) => [t.visitors, t.convertingVisitors, t.revenue, t.revenueSquares, t.cappedRevenueCubes])).toEqual(
      totals.map((t) => [t.visitors, t.converting, t.revenue, t.revenueSquares, t.cappedRevenueCubes]),
    );
  });

  it("reads the numbers buildResults() puts on the page, and its verdict", () => {
    const totals = [arm(5000, 250), arm(5000, 350)];
    const view = buildResults(resultsInput(setting, totals));
    const variant = view.goals[0]?.arms[1];
    const reading = readPage(setting, totals, 10_000);
    expect(reading).toMatchObject({ visitors: 10_000, verdict: view.verdict.kind, srmMismatch: false });
    expect(reading.verdict).toBe("variant-ahead");
    expect(reading.verdictArm).toBe("B");
    expect(reading.variants).toEqual([
      {
        rate: { lift: variant?.lift, ciLow: variant?.ciLow, ciHigh: variant?.ciHigh, pValue: variant?.pValue },
        chanceToWin: variant?.chanceToWin,
        revenue: { lift: variant?.revenueLift, ciLow: variant?.revenueCiLow, ciHigh: variant?.revenueCiHigh },
      },
    ]);
  });

  it("shows no numbers the page does not show, and the sample-ratio warning against the configured split", () => {
    const early = readPage(setting, [arm(10, 0, 0, 0), arm(12, 1)], 22);
    expect(early.verdict).toBe("collecting");
    expect(early.variants).toEqual([{}]);
    const broken = readPage({ ...setting, weights: [9, 1] }, [arm(1000, 50), arm(1000, 50)], 2000);
    expect(broken).toMatchObject({ srmMismatch: true, verdict: "srm" });
  });

  it("passes the shop's prior to the page as the service does; without one, the engine's default", () => {
    const totals = [arm(2000, 100), arm(2000, 130)];
    expect(resultsInput(setting, totals)).not.toHaveProperty("prior");
    expect(resultsInput({ ...setting, prior: { mean: 0, sd: 0.1 } }, totals).prior).toEqual({ mean: 0, sd: 0.1 });
    const chance = (sd?: number) => readPage(sd === undefined ? setting : { ...setting, prior: { mean: 0, sd } }, totals, 4000).variants[0]?.chanceToWin ?? 0;
    // A wider prior believes the 30% difference more; the default (2%) is the narrowest here.
    expect(chance(0.1)).toBeGreaterThan(chance(0.05));
    expect(chance(0.05)).toBeGreaterThan(chance());
    expect(chance()).toBe(chance(0.02));
  });
});
