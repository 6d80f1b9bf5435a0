import { describe, expect, it } from "vitest";
import { sequentialMultiplier } from "../stats";
import { compareHoldout, HOLDOUT_SEQUENTIAL_TUNING, holdoutPeriod, MIN_CONVERSIONS_PER_SIDE, parseHoldoutPercent, startsWithRun, type SideSums } from "./holdout";

/** A side whose `payers` converting visitors each spent `amount` (capped at it too), and `revenue` as recorded. */
function side(visitors: number, payers: number, amount: number, revenue = payers * amount): SideSums {
  return { visitors, converters: payers, revenue, cappedRevenue: payers * amount, cappedRevenueSquares: payers * amount ** 2, cappedRevenueCubes: payers * amount ** 3 };
}

const FROM_START = { fromStart: true };

describe("compareHoldout", () => {
  it("gives each side's figures, and everyone else minus the holdout with the always-valid interval", () => {
    const holdout = side(4000, 400, 50);
    const rest = side(76_000, 9120, 50);
    const c = compareHoldout(holdout, rest, FROM_START);
    expect(c.holdout.conversionRate).toBeCloseTo(0.1, 12);
    expect(c.rest.conversionRate).toBeCloseTo(0.12, 12);
    expect(c.holdout.cappedRevenuePerVisitor).toBeCloseTo(5, 12);
    expect(c.rest.revenuePerVisitor).toBeCloseTo(6, 12);
    expect(c.conversionRate!.estimate).toBeCloseTo(0.02, 12);
    expect(c.conversionRate!.relative).toBeCloseTo(0.2, 12);
    expect(c.conversionRate!.withheld).toBeNull();
    // By hand: Welch's standard error of the difference, times the sequence's multiplier at both sides'
    // visitors, tuned to the holdout's N*.
    const se = Math.sqrt((0.1 * 0.9) / 4000 + (0.12 * 0.88) / 76_000);
    const half = se * sequentialMultiplier(80_000, 0.05, HOLDOUT_SEQUENTIAL_TUNING);
    expect(c.conversionRate!.interval!.low).toBeCloseTo(0.02 - half, 12);
    expect(c.conversionRate!.interval!.high).toBeCloseTo(0.02 + half, 12);
    // Two-point revenue (0 or 50) at 10% of 4,000 is near-normal by Kohavi's rule: an interval around +$1.
    expect(c.revenuePerVisitor!.estimate).toBeCloseTo(1, 12);
    expect(c.revenuePerVisitor!.withheld).toBeNull();
    expect(c.revenuePerVisitor!.interval!.low).toBeLessThan(1);
    expect(c.revenuePerVisitor!.interval!.high).toBeGreaterThan(1);
  });

  it("gives no interval from one side's data: 0 of 200 against 190 of 3,800 (issue 34 measured 3.9% to 6.1%)", () => {
    const c = compareHoldout(side(200, 0, 0), side(3800, 190, 40), FROM_START);
    expect(c.conversionRate).toEqual({ estimate: 0.05, relative: null, interval: null, withheld: "conversions" });
    expect(c.revenuePerVisitor).toMatchObject({ interval: null, withheld: "conversions" });
    // The same with the sides swapped: the holdout converts, everyone else never does.
    expect(compareHoldout(side(3800, 190, 40), side(200, 0, 0), FROM_START).conversionRate).toMatchObject({ interval: null, withheld: "conversions" });
  });

  it(`waits for ${MIN_CONVERSIONS_PER_SIDE} converting and ${MIN_CONVERSIONS_PER_SIDE} non-converting visitors on each side`, () => {
    const rest = side(19_000, 1900, 20);
    const below = compareHoldout(side(1000, MIN_CONVERSIONS_PER_SIDE - 1, 20), rest, FROM_START);
    expect(below.conversionRate).toMatchObject({ interval: null, withheld: "conversions" });
    expect(compareHoldout(side(1000, MIN_CONVERSIONS_PER_SIDE, 20), rest, FROM_START).conversionRate!.interval).not.toBeNull();
    // Everyone on a side converted but a few (a goal every visit reaches): its variance says little either.
    const almostAll = compareHoldout(side(1000, 1000 - MIN_CONVERSIONS_PER_SIDE + 1, 20), rest, FROM_START);
    expect(almostAll.conversionRate!.withheld).toBe("conversions");
  });

  it("gives no interval without visitors on a side", () => {
    const c = compareHoldout(side(0, 0, 0), side(500, 50, 10), FROM_START);
    expect(c.holdout.conversionRate).toBeNull();
    expect(c.conversionRate).toBeNull();
    expect(c.revenuePerVisitor).toBeNull();
  });

  it("gives intervals only over a period that starts with the run", () => {
    const c = compareHoldout(side(4000, 400, 50), side(76_000, 9120, 50), { fromStart: false });
    expect(c.conversionRate).toMatchObject({ interval: null, withheld: "period" });
    expect(c.conversionRate!.estimate).toBeCloseTo(0.02, 12);
    expect(c.revenuePerVisitor).toMatchObject({ interval: null, withheld: "period" });
  });

  it("compares capped revenue, never revenue as recorded", () => {
    // One order of 10,000 on the holdout side was capped at 50: recorded revenue says nothing to the interval.
    const c = compareHoldout(side(4000, 400, 50, 400 * 50 + 9950), side(76_000, 9120, 50), FROM_START);
    expect(c.holdout.revenuePerVisitor).toBeCloseTo(7.4875, 12);
    expect(c.revenuePerVisitor!.estimate).toBeCloseTo(1, 12);
    expect(c.revenuePerVisitor!.interval).not.toBeNull();
  });

  it("waits for Kohavi's rule before any revenue interval, and needs revenue on both sides", () => {
    // 30 payers of 1,000 visitors: skewness of the mean ≈ 5.5/√1000 ≈ 0.17, above 1/√355 ≈ 0.053.
    const skewed = compareHoldout(side(1000, 30, 100), side(19_000, 570, 100), FROM_START);
    expect(skewed.conversionRate!.interval).not.toBeNull();
    expect(skewed.revenuePerVisitor).toMatchObject({ interval: null, withheld: "skewness" });
    // Rows written before the cubes were kept: the rule cannot be checked.
    const unknown = compareHoldout({ ...side(4000, 400, 50), cappedRevenueCubes: null }, side(76_000, 9120, 50), FROM_START);
    expect(unknown.revenuePerVisitor!.withheld).toBe("skewness");
    // Conversions without any revenue in the site's currency on one side (all paid in another currency).
    const noRevenue = compareHoldout({ ...side(4000, 400, 0), revenue: 0 }, side(76_000, 9120, 50), FROM_START);
    expect(noRevenue.conversionRate!.interval).not.toBeNull();
    expect(noRevenue.revenuePerVisitor).toMatchObject({ interval: null, withheld: "revenue" });
  });
});

describe("parseHoldoutPercent", () => {
  it("accepts 0 to 50 whole percent", () => {
    expect(parseHoldoutPercent("5")).toEqual({ ok: true, percent: 5 });
    expect(parseHoldoutPercent("0")).toEqual({ ok: true, percent: 0 });
    for (const bad of ["51", "-1", "2.5", "", "x", null]) expect(parseHoldoutPercent(bad).ok).toBe(false);
  });
});

describe("holdoutPeriod", () => {
  const today = new Date("2026-03-31T12:00:00Z");
  const since = new Date("2026-01-10T08:00:00Z");
  it("defaults to the whole run, from its first day up to today", () => {
    const period = holdoutPeriod({}, today, since);
    expect(period).toEqual({ from: "2026-01-10", to: "2026-03-31" });
    expect(startsWithRun(period, since)).toBe(true);
  });

  it("takes valid days in either order, kept within the run, and ignores bad ones", () => {
    expect(holdoutPeriod({ from: "2026-03-10", to: "2026-03-12" }, today, since)).toEqual({ from: "2026-03-10", to: "2026-03-12" });
    expect(holdoutPeriod({ from: "2026-03-12", to: "2026-03-10" }, today, since)).toEqual({ from: "2026-03-10", to: "2026-03-12" });
    expect(holdoutPeriod({ from: "2026-02-30", to: "tomorrow" }, today, since)).toEqual({ from: "2026-01-10", to: "2026-03-31" });
    expect(holdoutPeriod({ to: "2027-01-01" }, today, since).to).toBe("2026-03-31");
    expect(holdoutPeriod({ from: "2025-12-01", to: "2025-12-31" }, today, since)).toEqual({ from: "2026-01-10", to: "2026-01-10" });
  });

  it("says which periods start with the run: an earlier end is still one, a later start is not", () => {
    expect(startsWithRun(holdoutPeriod({ to: "2026-02-01" }, today, since), since)).toBe(true);
    expect(startsWithRun(holdoutPeriod({ from: "2026-03-02" }, today, since), since)).toBe(false);
    // The run's first day the day it starts.
    expect(holdoutPeriod({}, new Date("2026-01-10T09:00:00Z"), since)).toEqual({ from: "2026-01-10", to: "2026-01-10" });
  });
});
