import { describe, expect, it } from "vitest";
import { differenceSkewness, MAX_MEAN_SKEWNESS, nearNormal } from "./skewness";

/** Sums of n users of whom `buyers` spent `value` each. */
const sums = (n: number, buyers: number, value: number) => ({
  users: n,
  sum: buyers * value,
  sumSquares: buyers * value ** 2,
  sumCubes: buyers * value ** 3,
});

describe("differenceSkewness", () => {
  it("cancels for two equal arms of one distribution", () => {
    expect(differenceSkewness(sums(10_000, 500, 60), sums(10_000, 500, 60))).toBeCloseTo(0, 12);
  });

  it("matches the cumulant formula by hand for a 9:1 split", () => {
    // Bernoulli(0.05)·60: mean 3, variance 171, third central moment 60³·p(1−p)(1−2p) = 216000 × 0.04275 = 9234.
    const c = sums(9000, 450, 60);
    const t = sums(1000, 50, 60);
    const expected = (9234 / 1000 ** 2 - 9234 / 9000 ** 2) / (171 / 1000 + 171 / 9000) ** 1.5;
    expect(differenceSkewness(c, t)).toBeCloseTo(expected, 9);
  });

  it("is null without two users or without spread", () => {
    expect(differenceSkewness(sums(1, 1, 5), sums(100, 5, 5))).toBeNull();
    expect(differenceSkewness(sums(100, 0, 5), sums(100, 0, 5))).toBeNull();
  });
});

describe("nearNormal", () => {
  it("holds a small unequal arm back until Kohavi's rule is met, then lets it through", () => {
    // Rare big orders (1% of visitors spend 500): the 10% arm's skew dominates at 1,000 visitors, not at 200,000.
    expect(nearNormal(sums(9000, 90, 500), sums(1000, 10, 500))).toBe(false);
    expect(nearNormal(sums(1_800_000, 18_000, 500), sums(200_000, 2_000, 500))).toBe(true);
    expect(MAX_MEAN_SKEWNESS).toBeCloseTo(0.0530745, 6);
  });
});
