import { describe, expect, it } from "vitest";
import { compareArms, compareRates, sampleRatio, timeToGo } from "./stats";
import { emptyTotals, type ArmTotals } from "./totals";

const arms = [
  { id: "a", weight: 1 },
  { id: "b", weight: 1 },
];
const totals = (visitors: number, convertingVisitors: number, more: Partial<ArmTotals> = {}): ArmTotals => ({
  ...emptyTotals(),
  visitors,
  convertingVisitors,
  conversions: convertingVisitors,
  ...more,
});

describe("compareArms", () => {
  it("gives each variant the rate's lift, always-valid interval and p-value, and the chance to win", () => {
    const [control, variant] = compareArms(arms, [totals(2000, 100), totals(2000, 200)], 0.05);
    expect(control).toEqual({});
    // Lift by hand: (0.10 − 0.05) / 0.05 = 1.
    expect(variant?.lift).toBeCloseTo(1, 10);
    expect(variant?.ciLow).toBeGreaterThan(0);
    expect(variant?.pValue).toBeLessThan(0.05);
    expect(variant?.chanceToWin).toBeGreaterThan(0.99);
    expect(variant).not.toHaveProperty("revenueLift");
  });

  it("compares revenue per visitor when there is revenue", () => {
    // Revenue 10 from each converting visitor: sumSquares = 100 per converting visitor.
    const withRevenue = (n: number, c: number) => totals(n, c, { revenue: 10 * c, revenueSquares: 100 * c, siteCurrencyConversions: c });
    const [, variant] = compareArms(arms, [withRevenue(2000, 100), withRevenue(2000, 200)], 0.05);
    expect(variant?.revenueLift).toBeCloseTo(1, 10);
    expect(variant?.revenueCiLow).toBeLessThan(1);
    expect(variant?.revenueCiHigh).toBeGreaterThan(1);
  });

  it("keeps the reason instead of numbers when a comparison cannot be computed", () => {
    const [, variant] = compareArms(arms, [totals(100, 0), totals(100, 0)], 0.05);
    expect(variant).toEqual({ error: "zero-control-mean" });
  });

  it("has nothing to compare with a single arm", () => {
    expect(compareArms([{ id: "a", weight: 1 }], [totals(100, 10)], 0.05)).toEqual([{}]);
  });
});

describe("compareRates", () => {
  it("gives the variants' lift and interval only", () => {
    const [control, variant] = compareRates(arms, [totals(2000, 100), totals(2000, 200)], 0.05);
    expect(control).toEqual({});
    expect(Object.keys(variant ?? {}).sort()).toEqual(["ciHigh", "ciLow", "lift"]);
    expect(compareRates(arms, [totals(100, 0), totals(100, 0)], 0.05)[1]).toEqual({});
  });
});

describe("sampleRatio", () => {
  it("flags a split far from the weights", () => {
    // 1000 vs 800 with equal weights: χ² = 2·100²/900 = 22.2, p ≈ 2.4e-6 < 0.001.
    const srm = sampleRatio(arms, [1000, 800]);
    expect(srm.mismatch).toBe(true);
    expect(srm.pValue).toBeCloseTo(2.4e-6, 6);
  });

  it("checks against the weights, or an equal split when an arm has weight 0", () => {
    expect(sampleRatio([{ id: "a", weight: 2 }, { id: "b", weight: 1 }], [2000, 1000])).toEqual({ pValue: 1, mismatch: false });
    expect(sampleRatio([{ id: "a", weight: 0 }, { id: "b", weight: 1 }], [1000, 1000])).toEqual({ pValue: 1, mismatch: false });
  });

  it("has no p-value without visitors or with one arm", () => {
    expect(sampleRatio(arms, [0, 0])).toEqual({ pValue: null, mismatch: false });
    expect(sampleRatio([{ id: "a", weight: 1 }], [10])).toEqual({ pValue: null, mismatch: false });
  });
});

describe("timeToGo", () => {
  const base = { arms, visitors: 1000, days: 1, minDetectableEffect: 0.1, alpha: 0.05 };

  it("estimates the visitors still needed from the control's rate and the minimum detectable effect", () => {
    // p = 0.1, p' = 0.11: n = (1.959964 + 0.841621)² · (0.09 + 0.0979) / 0.01²
    //   = 7.848879 · 0.1879 / 0.0001 = 14 748.04 → 14 749 per arm, 29 498 in all.
    const left = timeToGo({ ...base, controlRate: 0.1 });
    expect(left.usersNeeded).toBe(29498);
    expect(left.remainingUsers).toBe(29498 - 1000);
    expect(left.days).toBeCloseTo((29498 - 1000) / 1000, 6);
  });

  it("has no estimate without a control rate, a minimum effect, or room above the rate for the effect", () => {
    const none = { usersNeeded: null, remainingUsers: null, days: null };
    expect(timeToGo({ ...base, controlRate: null })).toEqual(none);
    expect(timeToGo({ ...base, controlRate: 0 })).toEqual(none);
    expect(timeToGo({ ...base, controlRate: 1 })).toEqual(none);
    expect(timeToGo({ ...base, controlRate: 0.1, minDetectableEffect: 0 })).toEqual(none);
    // 0.95 × 1.1 > 1: no rate can show that effect (this used to throw and take the results page down).
    expect(timeToGo({ ...base, controlRate: 0.95 })).toEqual(none);
    expect(timeToGo({ ...base, controlRate: 0.5, minDetectableEffect: 1 })).toEqual(none);
  });
});
