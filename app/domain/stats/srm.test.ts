import { describe, expect, it } from "vitest";
import { isSampleRatioMismatch, sampleRatioTest, SRM_P_VALUE_THRESHOLD } from "./srm";

describe("sampleRatioTest", () => {
  it("finds nothing in a perfect 50/50 split", () => {
    expect(sampleRatioTest([5000, 5000])).toEqual({ statistic: 0, degreesOfFreedom: 1, pValue: 1 });
  });

  it("does not flag ordinary noise: 5050 vs 4950", () => {
    // Expected 5000 each: χ² = 2 × 50²/5000 = 1 with 1 df; p = 2Φ(−1) = 2 × 0.15865525393145707 = 0.3173105.
    const r = sampleRatioTest([5050, 4950]);
    expect(r.statistic).toBeCloseTo(1, 14);
    expect(r.pValue).toBeCloseTo(0.31731050786291415, 13);
    expect(isSampleRatioMismatch(r.pValue)).toBe(false);
  });

  it("flags a clear mismatch: 5000 vs 4000", () => {
    // Expected 4500 each: χ² = 2 × 500²/4500 = 111.11; scipy chi2.sf(1000/9, 1) = 5.59455723619152e-26.
    const r = sampleRatioTest([5000, 4000]);
    expect(r.statistic).toBeCloseTo(1000 / 9, 12);
    expect(r.pValue / 5.59455723619152e-26).toBeCloseTo(1, 9);
    expect(isSampleRatioMismatch(r.pValue)).toBe(true);
  });

  it("uses k − 1 degrees of freedom with three arms", () => {
    // 1000/1100/900 against 1000 each: χ² = 0 + 100²/1000 + 100²/1000 = 20 with 2 df; p = e^(−20/2) = 4.54e-5.
    const r = sampleRatioTest([1000, 1100, 900]);
    expect(r.degreesOfFreedom).toBe(2);
    expect(r.statistic).toBeCloseTo(20, 12);
    expect(r.pValue / Math.exp(-10)).toBeCloseTo(1, 12);
    expect(isSampleRatioMismatch(r.pValue)).toBe(true);
  });

  it("measures against configured weights: 6000/3000 is right for 2:1 and wrong for 1:1", () => {
    expect(sampleRatioTest([6000, 3000], [2, 1]).pValue).toBe(1);
    // 1:1 expects 4500 each: χ² = 2 × 1500²/4500 = 1000.
    expect(sampleRatioTest([6000, 3000]).statistic).toBeCloseTo(1000, 10);
    // 2:1 on a 4500/4500 split expects 6000/3000: χ² = 1500²/6000 + 1500²/3000 = 375 + 750 = 1125.
    expect(sampleRatioTest([4500, 4500], [2, 1]).statistic).toBeCloseTo(1125, 10);
  });

  it("treats an empty test as no evidence of mismatch", () => {
    expect(sampleRatioTest([0, 0, 0]).pValue).toBe(1);
  });

  it("flags strictly below 0.001", () => {
    expect(SRM_P_VALUE_THRESHOLD).toBe(0.001);
    expect(isSampleRatioMismatch(0.000999)).toBe(true);
    expect(isSampleRatioMismatch(0.001)).toBe(false);
  });

  it("rejects mismatched weights", () => {
    expect(() => sampleRatioTest([10, 10], [1, 1, 1])).toThrow(RangeError);
  });
});
