import { describe, expect, it } from "vitest";
import { sequentialSampleRatioPValue, usersPerArmForRate } from "../stats";
import { compareAov, compareArms, compareRates, revenueVarianceRemoved, MIN_CONVERSIONS_FOR_CHANCE, MIN_VISITORS_FOR_CHANCE, planSample, sampleRatio, timeToGo } from "./stats";
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
    const [control, variant] = compareArms(arms, [totals(2000, 100), totals(2000, 200)], { alpha: 0.05 });
    expect(control).toEqual({});
    // Lift by hand: (0.10 − 0.05) / 0.05 = 1.
    expect(variant?.lift).toBeCloseTo(1, 10);
    expect(variant?.ciLow).toBeGreaterThan(0);
    expect(variant?.pValue).toBeLessThan(0.05);
    // The default prior N(0, 0.02²) on ln(ratio) holds a doubling in 2,000 visitors per arm far back: ln 2 is 35
    // of its sds. By hand: SE² = 0.95/100 + 0.90/200 = 0.014, precision 1/0.014 + 1/0.0004 = 2571.43, mean
    // ln 2/0.014/2571.43 = 0.019254, z = 0.019254·√2571.43 = 0.97633: Φ(z) = 0.8355570710692894 (scipy).
    expect(variant?.chanceToWin).toBeCloseTo(0.8355570710692894, 10);
    // A shop whose tests spread 15% (a prior it would learn, shop-prior.ts) believes it: 99.9%.
    const wide = compareArms(arms, [totals(2000, 100), totals(2000, 200)], { alpha: 0.05, prior: { mean: 0, sd: 0.15 } })[1];
    expect(wide?.chanceToWin).toBeGreaterThan(0.999);
    expect(variant).not.toHaveProperty("revenueLift");
  });

  it("compares revenue per visitor when there is revenue", () => {
    // Revenue 10 from each converting visitor: sumSquares = 100 per converting visitor.
    const withRevenue = (n: number, c: number) =>
      totals(n, c, {
        revenue: 10 * c,
        revenueSquares: 100 * c,
        cappedRevenue: 10 * c,
        cappedRevenueSquares: 100 * c,
        cappedRevenueCubes: 1000 * c,
        siteCurrencyConversions: c,
      });
    const [, variant] = compareArms(arms, [withRevenue(2000, 100), withRevenue(2000, 200)], { alpha: 0.05 });
    expect(variant?.revenueLift).toBeCloseTo(1, 10);
    expect(variant?.revenueCiLow).toBeLessThan(1);
    expect(variant?.revenueCiHigh).toBeGreaterThan(1);
  });

  it("shows no revenue comparison before the difference is near-normal by Kohavi's rule, or without Σx³", () => {
    // 90/10 with rare $500 orders: the small arm's skew dominates (stats/skewness.ts).
    const skewed = (n: number, c: number) =>
      totals(n, c, {
        revenue: 500 * c,
        cappedRevenue: 500 * c,
        cappedRevenueSquares: 250_000 * c,
        cappedRevenueCubes: 125_000_000 * c,
        siteCurrencyConversions: c,
      });
    const nineToOne = [{ id: "a", weight: 9 }, { id: "b", weight: 1 }];
    const [, early] = compareArms(nineToOne, [skewed(9000, 90), skewed(1000, 10)], { alpha: 0.05 });
    expect(early).not.toHaveProperty("revenueLift");
    expect(early?.lift).toBeDefined();
    const withSums = (c: number, cubes: number | null) =>
      totals(2000, c, { revenue: 10 * c, cappedRevenue: 10 * c, cappedRevenueSquares: 100 * c, cappedRevenueCubes: cubes });
    const [, unknown] = compareArms(arms, [withSums(100, null), withSums(200, 200_000)], { alpha: 0.05 });
    expect(unknown).not.toHaveProperty("revenueLift");
  });

  it("shows a chance to win only from the minimum data in both arms", () => {
    const enough = [totals(MIN_VISITORS_FOR_CHANCE, MIN_CONVERSIONS_FOR_CHANCE), totals(MIN_VISITORS_FOR_CHANCE, 30)];
    expect(compareArms(arms, enough, { alpha: 0.05 })[1]).toHaveProperty("chanceToWin");
    const fewControl = [totals(MIN_VISITORS_FOR_CHANCE, MIN_CONVERSIONS_FOR_CHANCE - 1), totals(MIN_VISITORS_FOR_CHANCE, 30)];
    expect(compareArms(arms, fewControl, { alpha: 0.05 })[1]).not.toHaveProperty("chanceToWin");
    const fewVisitors = [totals(MIN_VISITORS_FOR_CHANCE - 1, 20), totals(2000, 300)];
    expect(compareArms(arms, fewVisitors, { alpha: 0.05 })[1]).not.toHaveProperty("chanceToWin");
  });

  it("corrects for several variants: a 3-arm test's interval is wider than the same pair's alone", () => {
    const three = [{ id: "a", weight: 1 }, { id: "b", weight: 1 }, { id: "c", weight: 1 }];
    const pair = compareArms(arms, [totals(2000, 100), totals(2000, 140)], { alpha: 0.05 })[1]!;
    const family = compareArms(three, [totals(2000, 100), totals(2000, 140), totals(2000, 100)], { alpha: 0.05 })[1]!;
    expect(family.ciHigh! - family.ciLow!).toBeGreaterThan(pair.ciHigh! - pair.ciLow!);
    expect(family.pValue!).toBeGreaterThan(pair.pValue!);
  });

  it("keeps the reason instead of numbers when a comparison cannot be computed", () => {
    const [, variant] = compareArms(arms, [totals(100, 0), totals(100, 0)], { alpha: 0.05 });
    expect(variant).toEqual({ error: "zero-control-mean" });
  });

  it("has nothing to compare with a single arm", () => {
    expect(compareArms([{ id: "a", weight: 1 }], [totals(100, 10)], { alpha: 0.05 })).toEqual([{}]);
  });
});

describe("compareRates", () => {
  it("gives the variants' lift and interval only", () => {
    const [control, variant] = compareRates(arms, [totals(2000, 100), totals(2000, 200)], { alpha: 0.05 });
    expect(control).toEqual({});
    expect(Object.keys(variant ?? {}).sort()).toEqual(["ciHigh", "ciLow", "lift"]);
    expect(compareRates(arms, [totals(100, 0), totals(100, 0)], { alpha: 0.05 })[1]).toEqual({});
  });
});

describe("sampleRatio", () => {
  it("flags a split far from the weights with the anytime-valid test", () => {
    // 1000 vs 800 with equal weights (a one-look χ² would say p ≈ 2.4e-6).
    const srm = sampleRatio(arms, [1000, 800]);
    expect(srm.mismatch).toBe(true);
    expect(srm.pValue).toBe(sequentialSampleRatioPValue([1000, 800]));
    expect(srm.pValue).toBeLessThan(0.001);
    // 1000 vs 900: a one-look χ² gives p ≈ 0.022, no alarm at 0.001 either way.
    expect(sampleRatio(arms, [1000, 900]).mismatch).toBe(false);
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

  it("plans for the always-valid sequence the verdict reads, from the control's rate and the minimum detectable effect", () => {
    // p = 0.1, p' = 0.11: n = (3.035209 + 0.841621)² · (0.09 + 0.0979) / 0.01² = 15.029812 · 1879 = 28 241.0
    //   → 28 242 per arm, 56 484 in all (a fixed-horizon test would need 29 498: the sequence costs ~1.9×).
    const left = timeToGo({ ...base, controlRate: 0.1 });
    expect(usersPerArmForRate(0.1, 0.1, { sequential: true })).toBe(28242);
    expect(left.usersNeeded).toBe(56484);
    expect(left.remainingUsers).toBe(56484 - 1000);
    expect(left.days).toBeCloseTo((56484 - 1000) / 1000, 6);
  });

  it("plans at α/(k − 1) with several variants and tunes the sequence to the pair's planned users", () => {
    const three = [{ id: "a", weight: 2 }, { id: "b", weight: 1 }, { id: "c", weight: 1 }];
    const plan = planSample(three, 0.1, 0.1, 0.05);
    const perArm = usersPerArmForRate(0.1, 0.1, { alpha: 0.025, sequential: true });
    // The smallest arm has a quarter of the traffic; control and one variant are three quarters.
    expect(plan).toEqual({ usersNeeded: 4 * perArm, pairUsers: 3 * perArm });
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

describe("compareAov", () => {
  // Every visitor orders once: AOV = revenue per order, its per-visitor sums follow (Σx² = orders, Σxy = revenue).
  const orders = (visitors: number, buyers: number, value: number, spread = 0) =>
    totals(visitors, buyers, {
      siteCurrencyConversions: buyers,
      revenue: buyers * value,
      cappedRevenue: buyers * value,
      cappedRevenueSquares: buyers * (value * value + spread * spread),
      conversionSquares: buyers,
      revenueConversions: buyers * value,
      cappedRevenueConversions: buyers * value,
    });

  it("gives the variant's AOV minus control's with an always-valid interval around it", () => {
    const [control, variant] = compareAov(arms, [orders(2000, 100, 50, 20), orders(2000, 120, 60, 20)], { alpha: 0.05 });
    expect(control).toEqual({});
    expect(variant?.aovDifference).toBeCloseTo(10, 9);
    expect(variant?.aovDifferenceLow).toBeLessThan(10);
    expect(variant?.aovDifferenceHigh).toBeGreaterThan(10);
    // Always-valid: wider than a one-look 95% interval on the same data.
    const halfWidth = (variant!.aovDifferenceHigh! - variant!.aovDifferenceLow!) / 2;
    expect(halfWidth).toBeGreaterThan(1.96 * Math.sqrt(20 ** 2 / 100 + 20 ** 2 / 120) * 0.99);
  });

  it("says nothing before 10 orders in both arms, or for an arm without orders", () => {
    expect(compareAov(arms, [orders(2000, 9, 50, 20), orders(2000, 120, 60, 20)], { alpha: 0.05 })[1]).toEqual({});
    expect(compareAov(arms, [orders(2000, 100, 50, 20), totals(2000, 0)], { alpha: 0.05 })[1]).toEqual({});
  });
});

describe("CUPED on revenue per visitor", () => {
  // 2,000 visitors an arm; 100 buyers of $60, of whom 80 had spent $60 before exposure, as had 20 others.
  const arm = (buyers: number, covariate: ArmTotals["covariate"]) =>
    totals(2000, buyers, {
      revenue: 60 * buyers,
      cappedRevenue: 60 * buyers,
      cappedRevenueSquares: 3600 * buyers,
      cappedRevenueCubes: 216_000 * buyers,
      siteCurrencyConversions: buyers,
      covariate,
    });
  const before = (buyers: number) => ({ sum: 60 * (0.8 * buyers + 20), sumSquares: 3600 * (0.8 * buyers + 20), sumProducts: 3600 * 0.8 * buyers });

  it("says how much variance the visitors' revenue before exposure removed, and narrows the interval", () => {
    const adjusted = [arm(100, before(100)), arm(120, before(120))];
    const removed = revenueVarianceRemoved(adjusted);
    expect(removed).toBeGreaterThan(0.3);
    expect(removed).toBeLessThan(1);
    const plain = compareArms(arms, [arm(100, null), arm(120, null)], { alpha: 0.05 })[1]!;
    const cuped = compareArms(arms, adjusted, { alpha: 0.05 })[1]!;
    expect(cuped.revenueCiHigh! - cuped.revenueCiLow!).toBeLessThan(plain.revenueCiHigh! - plain.revenueCiLow!);
  });

  it("does nothing when some arm's rows did not keep the covariate", () => {
    expect(revenueVarianceRemoved([arm(100, before(100)), arm(120, null)])).toBeNull();
  });
});
