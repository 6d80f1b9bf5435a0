import { describe, expect, it } from "vitest";
import { dailySeries } from "./daily";
import { compareRates } from "./stats";
import { totalsPerArm, type RollupRow } from "./totals";

function row(armId: string, goal: string, day: string, fields: Partial<RollupRow>): RollupRow {
  return { armId, goal, day, currency: goal === "" ? "" : "USD", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0, ...fields };
}

const arms = [
  { id: "a", weight: 1 },
  { id: "b", weight: 1 },
];

describe("dailySeries", () => {
  const rollups = [
    row("a", "", "2026-11-01", { exposedVisitors: 1000 }),
    row("b", "", "2026-11-01", { exposedVisitors: 1000 }),
    row("a", "", "2026-11-02", { exposedVisitors: 1000 }),
    row("b", "", "2026-11-02", { exposedVisitors: 1000 }),
    row("a", "signup", "2026-11-01", { convertingVisitors: 50 }),
    row("b", "signup", "2026-11-01", { convertingVisitors: 100 }),
    row("a", "signup", "2026-11-02", { convertingVisitors: 50 }),
    row("b", "signup", "2026-11-02", { convertingVisitors: 100 }),
  ];

  it("gives each day's new visitors and the cumulative rate, with the variants' cumulative lift", () => {
    const series = dailySeries({ arms, rollups, currency: "USD", goal: "signup", settings: { alpha: 0.05 } });
    expect(series.map((d) => d.day)).toEqual(["2026-11-01", "2026-11-02"]);
    const [first, second] = series;
    expect(first?.arms.map((a) => a.visitors)).toEqual([1000, 1000]);
    expect(second?.arms.map((a) => [a.visitors, a.cumulativeVisitors, a.cumulativeConvertingVisitors])).toEqual([
      [1000, 2000, 100],
      [1000, 2000, 200],
    ]);
    expect(second?.arms[0]?.cumulativeRate).toBeCloseTo(0.05, 12);
    expect(second?.arms[0]).not.toHaveProperty("lift");
    // (0.10 − 0.05)/0.05 = 1 on both days; twice the visitors narrows the interval.
    expect(first?.arms[1]?.lift).toBeCloseTo(1, 10);
    const width = (d: typeof first) => (d?.arms[1]?.ciHigh ?? 0) - (d?.arms[1]?.ciLow ?? 0);
    expect(width(second)).toBeLessThan(width(first));
  });

  it("has visitors only without a primary goal, and no rate before the first visitor", () => {
    const series = dailySeries({
      arms,
      rollups: [row("a", "", "2026-11-01", { exposedVisitors: 3 }), row("a", "signup", "2026-11-01", { convertingVisitors: 1 })],
      currency: "USD",
      goal: null,
      settings: { alpha: 0.05 },
    });
    expect(series[0]?.arms).toEqual([
      { armId: "a", visitors: 3, cumulativeVisitors: 3, cumulativeConvertingVisitors: 0, cumulativeRate: 0 },
      { armId: "b", visitors: 0, cumulativeVisitors: 0, cumulativeConvertingVisitors: 0, cumulativeRate: null },
    ]);
  });

  it("gives every day the totals of all rows up to it, whatever the rows' order (the running sums match a fresh sum)", () => {
    // Rows in no order, over 12 days, two currencies, rows of other goals: each day's point must equal what summing
    // every row up to that day gives.
    const days = Array.from({ length: 12 }, (_, d) => `2026-11-${String(d + 1).padStart(2, "0")}`);
    const rows: RollupRow[] = [];
    days.forEach((day, d) =>
      ["a", "b"].forEach((arm, i) => {
        rows.push(row(arm, "", day, { exposedVisitors: 100 + 17 * d + i, covariateSum: d, covariateSquares: d * d }));
        rows.push(row(arm, "signup", day, { convertingVisitors: 3 + ((d * 7 + i) % 5), conversions: 4 + (d % 3), revenue: 10 * d }));
        rows.push({ ...row(arm, "signup", day, { convertingVisitors: 1, conversions: 1, revenue: 99 }), currency: "EUR" });
        rows.push(row(arm, "purchase", day, { convertingVisitors: 50, conversions: 50 }));
      }),
    );
    const shuffled = rows.map((r, k) => [(k * 7919) % rows.length, r] as const).sort((x, y) => x[0] - y[0]).map(([, r]) => r);
    const settings = { alpha: 0.05 };
    const series = dailySeries({ arms, rollups: shuffled, currency: "USD", goal: "signup", settings });
    expect(series.map((p) => p.day)).toEqual(days);
    for (const point of series) {
      const totals = totalsPerArm(rows, ["a", "b"], "USD", "signup", point.day);
      const lifts = compareRates(arms, totals, settings);
      expect(point.arms.map((a) => [a.cumulativeVisitors, a.cumulativeConvertingVisitors, a.lift, a.ciLow, a.ciHigh])).toEqual(
        totals.map((t, i) => [t.visitors, t.convertingVisitors, lifts[i]?.lift, lifts[i]?.ciLow, lifts[i]?.ciHigh]),
      );
    }
  });
});
