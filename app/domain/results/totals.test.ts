import { describe, expect, it } from "vitest";
import { otherCurrencyRevenue, rollupDays, totalsPerArm, visitorsPerDay, type RollupRow } from "./totals";

function row(armId: string, goal: string, day: string, fields: Partial<RollupRow>): RollupRow {
  return { armId, goal, day, currency: goal === "" ? "" : "USD", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0, ...fields };
}

const rollups = [
  row("a", "", "2026-11-02", { exposedVisitors: 40 }),
  row("a", "", "2026-11-01", { exposedVisitors: 60 }),
  row("b", "", "2026-11-01", { exposedVisitors: 50 }),
  row("a", "signup", "2026-11-01", { convertingVisitors: 5, conversions: 6 }),
  row("a", "signup", "2026-11-02", { convertingVisitors: 3, conversions: 3 }),
  row("b", "purchase", "2026-11-01", { convertingVisitors: 2, conversions: 2, revenue: 30, revenueSquares: 500 }),
  row("b", "purchase", "2026-11-01", { currency: "EUR", convertingVisitors: 1, conversions: 1, revenue: 9, revenueSquares: 81 }),
  row("gone", "", "2026-11-01", { exposedVisitors: 7 }),
];

describe("totalsPerArm", () => {
  it("adds the days up per arm, in the arms' order, and ignores rows of arms no longer in the test", () => {
    const [a, b] = totalsPerArm(rollups, ["a", "b"], "USD", "signup");
    expect(a).toMatchObject({ visitors: 100, convertingVisitors: 8, conversions: 9 });
    expect(b).toMatchObject({ visitors: 50, convertingVisitors: 0, conversions: 0 });
    expect(totalsPerArm(rollups, ["b", "a"], "USD", "signup").map((t) => t.visitors)).toEqual([50, 100]);
  });

  it("counts conversions in every currency but revenue only in the site's", () => {
    const [, b] = totalsPerArm(rollups, ["a", "b"], "USD", "purchase");
    expect(b).toEqual({
      visitors: 50, convertingVisitors: 3, conversions: 3, revenue: 30, revenueSquares: 500, refunded: 0, refundedOrders: 0, siteCurrencyConversions: 2,
      // Rows without the capped and AOV sums read as stored before them: uncapped, one conversion per visitor.
      cappedRevenue: 30, cappedRevenueSquares: 500, cappedRevenueCubes: null, conversionSquares: 2, revenueConversions: 30, cappedRevenueConversions: 30,
      // Nor CUPED's covariate sums: no adjustment.
      covariate: null,
    });
  });

  it("adds up the capped revenue and AOV's sums of the site's currency", () => {
    const sums = { cappedRevenue: 20, cappedRevenueSquares: 400, conversionSquares: 5, revenueConversions: 70, cappedRevenueConversions: 45 };
    const rows = [
      row("a", "", "2026-11-01", { exposedVisitors: 10 }),
      row("a", "purchase", "2026-11-01", { conversions: 3, revenue: 35, revenueSquares: 900, ...sums }),
      row("a", "purchase", "2026-11-02", { conversions: 1, revenue: 10, revenueSquares: 100, ...sums }),
      row("a", "purchase", "2026-11-02", { currency: "EUR", conversions: 1, revenue: 10, revenueSquares: 100, ...sums }),
    ];
    const [a] = totalsPerArm(rows, ["a"], "USD", "purchase");
    expect(a).toMatchObject({ revenue: 45, cappedRevenue: 40, cappedRevenueSquares: 800, conversionSquares: 10, revenueConversions: 140, cappedRevenueConversions: 90 });
  });

  it("adds CUPED's sums of the site's currency, and any row stored as unknown (null) makes the arm's unknown", () => {
    const cov = { covariateSum: 0, covariateSquares: 0, covariateRevenueProducts: 0 };
    const rows = [
      row("a", "", "2026-11-01", { ...cov, exposedVisitors: 10, covariateSum: 30, covariateSquares: 500 }),
      row("a", "purchase", "2026-11-01", { ...cov, conversions: 2, revenue: 50, covariateRevenueProducts: 700 }),
      row("a", "purchase", "2026-11-01", { ...cov, currency: "EUR", conversions: 1, revenue: 9, covariateRevenueProducts: 99 }),
      row("b", "", "2026-11-01", { ...cov, exposedVisitors: 10, covariateSum: 20, covariateSquares: 400 }),
      row("b", "", "2026-11-02", { exposedVisitors: 3, covariateSum: null, covariateSquares: null, covariateRevenueProducts: null }),
    ];
    const [a, b] = totalsPerArm(rows, ["a", "b"], "USD", "purchase");
    expect(a?.covariate).toEqual({ sum: 30, sumSquares: 500, sumProducts: 700 });
    expect(b?.covariate).toBeNull();
  });

  it("stops at a day when asked, and counts visitors only without a goal", () => {
    expect(totalsPerArm(rollups, ["a"], "USD", "signup", "2026-11-01")[0]).toMatchObject({ visitors: 60, conversions: 6 });
    expect(totalsPerArm(rollups, ["a"], "USD", null)[0]).toMatchObject({ visitors: 100, conversions: 0 });
  });
});

describe("days, daily visitors and other currencies", () => {
  it("lists the days in order and each day's new visitors per arm", () => {
    expect(rollupDays(rollups)).toEqual(["2026-11-01", "2026-11-02"]);
    const byDay = visitorsPerDay(rollups, ["a", "b"]);
    expect(byDay.get("2026-11-01")).toEqual([60, 50]);
    expect(byDay.get("2026-11-02")).toEqual([40, 0]);
  });

  it("keeps revenue in other currencies apart, per goal, arm and currency", () => {
    const more = [...rollups, row("b", "purchase", "2026-11-02", { currency: "EUR", conversions: 2, revenue: 11 })];
    expect(otherCurrencyRevenue(more, "USD")).toEqual([{ goal: "purchase", armId: "b", currency: "EUR", conversions: 3, revenue: 20 }]);
  });
});
