import { describe, expect, it } from "vitest";
import { conversionIncrement, type ConversionIncrement, type VisitorPrior } from "./conversion-increment";

const none: VisitorPrior = { conversions: 0, currencyConversions: 0, revenue: 0 };

/** A visitor's conversions one after the other, each increment summed: what the rollups end up with. */
function replay(values: Array<number | null>, cap: number | null): ConversionIncrement {
  const sum: ConversionIncrement = {
    conversions: 0, convertingVisitors: 0, revenue: 0, revenueSquares: 0, cappedRevenue: 0, cappedRevenueSquares: 0,
    cappedRevenueCubes: 0, conversionSquares: 0, revenueConversions: 0, cappedRevenueConversions: 0, refunded: 0, refundedOrders: 0,
  };
  let prior = none;
  for (const v of values) {
    const inc = conversionIncrement(prior, v, 0, cap);
    for (const k of Object.keys(sum) as Array<keyof ConversionIncrement>) sum[k] += inc[k];
    prior = { conversions: prior.conversions + 1, currencyConversions: prior.currencyConversions + 1, revenue: prior.revenue + (v ?? 0) };
  }
  return sum;
}

describe("conversionIncrement", () => {
  it("counts a first conversion as a new converting visitor with v² of squares", () => {
    expect(conversionIncrement(none, 30)).toEqual({
      conversions: 1, convertingVisitors: 1, revenue: 30, revenueSquares: 900, cappedRevenue: 30, cappedRevenueSquares: 900,
      cappedRevenueCubes: 27_000, conversionSquares: 1, revenueConversions: 30, cappedRevenueConversions: 30, refunded: 0, refundedOrders: 0,
    });
  });

  it("counts an order already refunded when it is counted among refunded orders", () => {
    expect(conversionIncrement(none, 30, 12)).toMatchObject({ refunded: 12, refundedOrders: 1 });
  });

  it("grows the visitor's square from r² to (r + v)² on a repeat conversion", () => {
    const inc = conversionIncrement({ conversions: 2, currencyConversions: 2, revenue: 10 }, 5, 1);
    expect(inc.convertingVisitors).toBe(0);
    expect(100 + inc.revenueSquares).toBe(15 * 15);
    expect(2 * 10 + inc.revenueConversions).toBe(3 * 15);
    expect(4 + inc.conversionSquares).toBe(9);
    expect(inc.refunded).toBe(1);
  });

  it("treats a conversion without value as zero revenue that still counts", () => {
    expect(conversionIncrement({ conversions: 1, currencyConversions: 1, revenue: 40 }, null)).toMatchObject({
      conversions: 1, convertingVisitors: 0, revenue: 0, revenueSquares: 0, cappedRevenue: 0,
      conversionSquares: 3, revenueConversions: 40, cappedRevenueConversions: 40,
    });
  });

  it("counts a visitor crossing the cap up to the cap only, and nothing once they are above it", () => {
    expect(conversionIncrement({ conversions: 1, currencyConversions: 1, revenue: 80 }, 50, 0, 100)).toMatchObject({
      revenue: 50, revenueSquares: 130 * 130 - 80 * 80, cappedRevenue: 20, cappedRevenueSquares: 100 * 100 - 80 * 80,
      cappedRevenueCubes: 100 ** 3 - 80 ** 3,
      cappedRevenueConversions: 2 * 100 - 80,
    });
    expect(conversionIncrement({ conversions: 2, currencyConversions: 2, revenue: 130 }, 70, 0, 100)).toMatchObject({
      revenue: 70, cappedRevenue: 0, cappedRevenueSquares: 0, cappedRevenueConversions: 100,
    });
  });

  it("caps one order above the cap on its own", () => {
    expect(conversionIncrement(none, 5000, 0, 300)).toMatchObject({ revenue: 5000, cappedRevenue: 300, cappedRevenueSquares: 90_000 });
  });

  it("sums several orders to the per-visitor figures, capped and uncapped", () => {
    const sum = replay([40, null, 90, 25, 300], 120);
    // Uncapped: r = 455 over x = 5 conversions; capped: min(455, 120) = 120.
    expect(sum).toMatchObject({
      conversions: 5, convertingVisitors: 1, revenue: 455, revenueSquares: 455 ** 2, cappedRevenue: 120, cappedRevenueSquares: 120 ** 2,
      cappedRevenueCubes: 120 ** 3, conversionSquares: 25, revenueConversions: 5 * 455, cappedRevenueConversions: 5 * 120,
    });
  });

  it("leaves the capped figures as the uncapped ones without a cap, or below it", () => {
    const uncapped = replay([10, 20, 30], null);
    const below = replay([10, 20, 30], 1000);
    expect(uncapped.cappedRevenue).toBe(uncapped.revenue);
    expect(uncapped.cappedRevenueSquares).toBe(uncapped.revenueSquares);
    expect(below).toEqual(uncapped);
  });

  it("lets a refund move only `refunded`: capping applies to gross revenue, as revenueSquares does", () => {
    // Refunds reach the rollups through `refunded` alone (settleOrder), never through revenue or its sums.
    const inc = conversionIncrement(none, 500, 200, 100);
    expect(inc).toMatchObject({ revenue: 500, cappedRevenue: 100, refunded: 200 });
  });
});
