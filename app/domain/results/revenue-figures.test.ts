import { describe, expect, it } from "vitest";
import { conversionIncrement, type VisitorPrior } from "../events/conversion-increment";
import { revenueFigures } from "./revenue-figures";
import { emptyTotals, type ArmTotals } from "./totals";

/** An arm's totals as the rollups would hold them after each visitor's orders were ingested one by one. */
function armOf(visitors: number, buyers: ReadonlyArray<readonly number[]>, cap: number | null): ArmTotals {
  const t = { ...emptyTotals(), visitors };
  for (const orders of buyers) {
    let prior: VisitorPrior = { conversions: 0, currencyConversions: 0, revenue: 0 };
    for (const v of orders) {
      const inc = conversionIncrement(prior, v, 0, cap);
      t.conversions += 1;
      t.siteCurrencyConversions += 1;
      t.convertingVisitors += inc.convertingVisitors;
      t.revenue += inc.revenue;
      t.revenueSquares += inc.revenueSquares;
      t.cappedRevenue += inc.cappedRevenue;
      t.cappedRevenueSquares += inc.cappedRevenueSquares;
      t.conversionSquares += inc.conversionSquares;
      t.revenueConversions += inc.revenueConversions;
      t.cappedRevenueConversions += inc.cappedRevenueConversions;
      prior = { conversions: prior.conversions + 1, currencyConversions: prior.currencyConversions + 1, revenue: prior.revenue + v };
    }
  }
  return t;
}

describe("revenueFigures", () => {
  const control = armOf(10, [[40], [60, 20], [30]], 100);
  // One visitor spends 5,000 in two orders: capped, they count 100.
  const variant = armOf(10, [[50], [4000, 1000], [30]], 100);

  it("gives capped revenue per visitor's mean and variance inputs", () => {
    const [c, v] = revenueFigures([control, variant], 1.96);
    expect(c!.cappedRevenuePerVisitor).toMatchObject({ users: 10, sum: 150, sumSquares: 40 ** 2 + 80 ** 2 + 30 ** 2, mean: 15 });
    expect(v!.cappedRevenuePerVisitor).toMatchObject({ sum: 180, mean: 18 });
    const values = [50, 100, 30, 0, 0, 0, 0, 0, 0, 0];
    const variance = values.reduce((a, x) => a + (x - 18) ** 2, 0) / 9;
    expect(v!.cappedRevenuePerVisitor.variance).toBeCloseTo(variance, 9);
  });

  it("gives AOV, uncapped as the page shows it and capped, with intervals and the variant's difference", () => {
    const [c, v] = revenueFigures([control, variant], 1.96);
    expect(c!.aov!.estimate).toBe(150 / 4);
    expect(v!.aov!.estimate).toBe(5080 / 4);
    expect(v!.cappedAov!.estimate).toBe(180 / 4);
    expect(c!.aovDifference).toBeUndefined();
    expect(v!.cappedAovDifference!.estimate).toBeCloseTo(180 / 4 - 150 / 4, 9);
    expect(v!.cappedAovDifference!.high - v!.cappedAovDifference!.estimate).toBeCloseTo(1.96 * Math.sqrt(v!.cappedAovDifference!.variance), 9);
    // The capped interval is far narrower than the uncapped one, which the 5,000 visitor dominates.
    expect(v!.cappedAov!.high - v!.cappedAov!.low).toBeLessThan((v!.aov!.high - v!.aov!.low) / 10);
  });

  it("has no AOV without an order", () => {
    const [c] = revenueFigures([{ ...emptyTotals(), visitors: 5 }], 1.96);
    expect(c!.aov).toBeNull();
    expect(c!.cappedRevenuePerVisitor).toMatchObject({ mean: 0, variance: 0 });
  });
});
