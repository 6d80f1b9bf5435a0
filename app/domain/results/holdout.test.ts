import { describe, expect, it } from "vitest";
import { sequentialMultiplier, DEFAULT_SEQUENTIAL_TUNING } from "../stats/sequential";
import { compareHoldout, holdoutPeriod, parseHoldoutPercent } from "./holdout";

describe("compareHoldout", () => {
  it("gives each side's rate and revenue per visitor, and everyone else minus the holdout", () => {
    const holdout = { visitors: 100, converters: 10, revenue: 500, revenueSquares: 10 * 50 * 50 };
    const rest = { visitors: 1900, converters: 228, revenue: 11_400, revenueSquares: 228 * 50 * 50 };
    const c = compareHoldout(holdout, rest);
    expect(c.holdout.conversionRate).toBeCloseTo(0.1, 12);
    expect(c.rest.conversionRate).toBeCloseTo(0.12, 12);
    expect(c.holdout.revenuePerVisitor).toBeCloseTo(5, 12);
    expect(c.rest.revenuePerVisitor).toBeCloseTo(6, 12);
    expect(c.conversionRate!.estimate).toBeCloseTo(0.02, 12);
    expect(c.conversionRate!.relative).toBeCloseTo(0.2, 12);
    // The interval is the always-valid sequence around the Welch standard error of the difference.
    const se = Math.sqrt((0.1 * 0.9) / 100 + (0.12 * 0.88) / 1900);
    const half = se * sequentialMultiplier(2000, 0.05, DEFAULT_SEQUENTIAL_TUNING);
    expect(c.conversionRate!.ciLow).toBeCloseTo(0.02 - half, 12);
    expect(c.conversionRate!.ciHigh).toBeCloseTo(0.02 + half, 12);
    expect(c.revenuePerVisitor!.estimate).toBeCloseTo(1, 12);
    expect(c.revenuePerVisitor!.ciLow).toBeLessThan(1);
    expect(c.revenuePerVisitor!.ciHigh).toBeGreaterThan(1);
  });

  it("gives no interval without visitors on a side, or without any spread", () => {
    const none = { visitors: 0, converters: 0, revenue: 0, revenueSquares: 0 };
    const some = { visitors: 50, converters: 5, revenue: 100, revenueSquares: 2000 };
    const c = compareHoldout(none, some);
    expect(c.holdout.conversionRate).toBeNull();
    expect(c.conversionRate).toBeNull();
    expect(c.revenuePerVisitor).toBeNull();
    const flat = { visitors: 50, converters: 0, revenue: 0, revenueSquares: 0 };
    expect(compareHoldout(flat, flat).conversionRate).toBeNull();
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
  it("defaults to the last 30 days, never before the run began", () => {
    expect(holdoutPeriod({}, today, null)).toEqual({ from: "2026-03-02", to: "2026-03-31" });
    expect(holdoutPeriod({}, today, new Date("2026-03-20T08:00:00Z"))).toEqual({ from: "2026-03-20", to: "2026-03-31" });
  });

  it("takes valid days in either order, and ignores bad ones", () => {
    expect(holdoutPeriod({ from: "2026-03-10", to: "2026-03-12" }, today, null)).toEqual({ from: "2026-03-10", to: "2026-03-12" });
    expect(holdoutPeriod({ from: "2026-03-12", to: "2026-03-10" }, today, null)).toEqual({ from: "2026-03-10", to: "2026-03-12" });
    expect(holdoutPeriod({ from: "2026-02-30", to: "tomorrow" }, today, null)).toEqual({ from: "2026-03-02", to: "2026-03-31" });
    expect(holdoutPeriod({ to: "2027-01-01" }, today, null).to).toBe("2026-03-31");
  });
});
