import { describe, expect, it } from "vitest";
import { nearNormal, normalQuantile } from "../stats";
import { logMean } from "../random/draws";
import { DEFAULT_VISITOR } from "./generators";
import {
  binomial,
  cappedOrderMean,
  HOLDOUT_PERCENT,
  holdoutClaims,
  holdoutScenarios,
  simulateHoldoutRun,
  trueDifferences,
  type HoldoutRead,
} from "./holdout-scenarios";
import { createRng } from "../random/prng";
import { REVENUE_CAP } from "./scenario";

describe("binomial", () => {
  it("has the binomial's mean np and variance np(1 − p), on both sides of p = 1/2", () => {
    const rng = createRng(34);
    for (const [n, p] of [
      [1000, 0.05],
      [40, 0.8],
    ] as const) {
      const draws = Array.from({ length: 20_000 }, () => binomial(rng, n, p));
      const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
      const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / (draws.length - 1);
      // Monte Carlo error of the mean: √(np(1 − p)/20,000); 5 of them.
      expect(Math.abs(mean - n * p)).toBeLessThan(5 * Math.sqrt((n * p * (1 - p)) / 20_000));
      expect(variance / (n * p * (1 - p))).toBeGreaterThan(0.95);
      expect(variance / (n * p * (1 - p))).toBeLessThan(1.05);
      expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...draws)).toBeLessThanOrEqual(n);
    }
  });

  it("gives 0 at p = 0 or n = 0 and n at p = 1", () => {
    const rng = createRng(1);
    expect(binomial(rng, 100, 0)).toBe(0);
    expect(binomial(rng, 0, 0.3)).toBe(0);
    expect(binomial(rng, 100, 1)).toBe(100);
  });
});

describe("cappedOrderMean", () => {
  it("is E[min(X, cap)] of the lognormal order, by quadrature over its quantiles", () => {
    const order = DEFAULT_VISITOR.order;
    const steps = 200_000;
    let sum = 0;
    for (let i = 0; i < steps; i++) sum += Math.min(REVENUE_CAP, Math.exp(logMean(order) + order.logSd * normalQuantile((i + 0.5) / steps)));
    expect(cappedOrderMean(order, REVENUE_CAP)).toBeCloseTo(sum / steps, 2);
    // Capping at the 99th percentile takes about 5% off the mean of $60 (docs/statistics.md, "Revenue capping").
    expect(cappedOrderMean(order, REVENUE_CAP) / order.mean).toBeCloseTo(0.949, 3);
    expect(cappedOrderMean(order, 1e12)).toBeCloseTo(order.mean, 6);
  });
});

describe("the simulated shop's capped revenue per visitor", () => {
  it("meets Kohavi's rule at a 5% holdout from about 54,000 visitors on the holdout side", () => {
    // Exact moments of min(X, cap) by quadrature over the lognormal's quantiles; 5% of visitors buy once.
    const order = DEFAULT_VISITOR.order;
    const steps = 200_000;
    const raw = [0, 0, 0];
    for (let i = 0; i < steps; i++) {
      const x = Math.min(REVENUE_CAP, Math.exp(logMean(order) + order.logSd * normalQuantile((i + 0.5) / steps)));
      for (let k = 0; k < 3; k++) raw[k]! += (DEFAULT_VISITOR.conversionRate * x ** (k + 1)) / steps;
    }
    const sums = (users: number) => ({ users, sum: users * raw[0]!, sumSquares: users * raw[1]!, sumCubes: users * raw[2]! });
    const at = (holdout: number) => nearNormal(sums(holdout), sums(19 * holdout));
    expect(at(52_000)).toBe(false);
    expect(at(56_000)).toBe(true);
  });
});

describe("simulateHoldoutRun", () => {
  const spec = { dailyVisitors: 2000, days: 40, holdoutRate: 0.05, restRate: 0.05 };

  it("reads every day over the whole run by default, as the rollups add up", () => {
    const reads: HoldoutRead[] = [];
    simulateHoldoutRun(createRng(7), spec, (r) => reads.push(r));
    expect(reads.map((r) => r.day)).toEqual(Array.from({ length: 40 }, (_, d) => d));
    for (const r of reads) expect(r.holdout.visitors + r.rest.visitors).toBe(2000 * (r.day + 1));
    const last = reads[39]!;
    expect(last.holdout.visitors / 80_000).toBeCloseTo(HOLDOUT_PERCENT / 100, 2);
    // Conversions land on their own day, some after the first visit's: the rate read is up to 5%.
    expect(last.rest.converters / last.rest.visitors).toBeGreaterThan(0.045);
    expect(last.rest.converters / last.rest.visitors).toBeLessThan(0.052);
    // Capped revenue never above the cap per converting visitor; the cubes are kept.
    expect(last.rest.cappedRevenue).toBeLessThanOrEqual(last.rest.converters * REVENUE_CAP);
    expect(last.rest.cappedRevenue).toBeLessThanOrEqual(last.rest.revenue);
    expect(last.rest.cappedRevenueCubes).toBeGreaterThan(0);
    expect(last.comparison.conversionRate?.interval).not.toBeNull();
  });

  it("gives no interval over a moving window, which is not the run's one growing sample", () => {
    const window = (day: number) => ({ from: new Date(Date.UTC(2026, 0, 5) + Math.max(0, day - 29) * 86_400_000).toISOString().slice(0, 10) });
    const reads: HoldoutRead[] = [];
    simulateHoldoutRun(createRng(7), { ...spec, query: window }, (r) => reads.push(r));
    // The first 30 days the window is the whole run; after that it starts later and says so.
    expect(reads[29]!.comparison.conversionRate?.interval).not.toBeNull();
    expect(reads.slice(30).every((r) => r.comparison.conversionRate?.withheld === "period")).toBe(true);
  });
});

describe("holdoutClaims", () => {
  it("counts the one-sided case: the holdout never converts, and no interval excluding 0 is shown", () => {
    const claims = holdoutClaims(createRng(3), { dailyVisitors: 200, days: 120, holdoutRate: 0, restRate: 0.05 });
    expect(claims.zeroSideReads).toBe(120);
    expect(claims.oneSidedClaim).toBe(false);
    expect(claims.firstRateInterval).toBeNull();
  });

  it("knows the true differences everyone else minus the holdout", () => {
    const truth = trueDifferences({ holdoutRate: 0.05, restRate: 0.0525 });
    expect(truth.rate).toBeCloseTo(0.0025, 12);
    expect(truth.revenue).toBeCloseTo(0.0025 * cappedOrderMean(DEFAULT_VISITOR.order, REVENUE_CAP), 12);
  });

  it("lists each line of issue 34's holdout rows with its target", () => {
    const lines = holdoutScenarios().flatMap((s) => s.lines);
    const target = (id: string) => lines.find((l) => l.id === id)?.target;
    expect(target("holdout-aa-rate")).toEqual({ at: "least", value: 0.95 });
    expect(target("holdout-aa-revenue")).toEqual({ at: "least", value: 0.95 });
    expect(target("holdout-one-side")).toEqual({ at: "most", value: 0 });
    expect(target("holdout-power-rate-120")).toEqual({ info: true });
  });
});
