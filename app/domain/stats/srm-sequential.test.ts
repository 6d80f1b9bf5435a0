import { describe, expect, it } from "vitest";
import { SRM_PRIOR_VISITORS, sequentialSampleRatioPValue } from "./srm-sequential";

/** The Bayes factor by products of integers, not log-gamma: Γ(a + x)/Γ(a) = a(a + 1)…(a + x − 1). */
function rising(a: number, x: number): number {
  let product = 1;
  for (let i = 0; i < x; i++) product *= a + i;
  return product;
}

describe("sequentialSampleRatioPValue", () => {
  it("is 1/BF of the Dirichlet–multinomial mixture, checked by rising factorials at small counts", () => {
    // 10 visitors all in arm A of a 50/50 test, α = (50, 50): BF = 50·51·…·59 / (100·101·…·109) · 2^10.
    const bf = (rising(SRM_PRIOR_VISITORS / 2, 10) / rising(SRM_PRIOR_VISITORS, 10)) * 2 ** 10;
    expect(sequentialSampleRatioPValue([10, 0])).toBeCloseTo(Math.min(1, 1 / bf), 12);
    // 30 of 40 in A of a 2:1 test: α = (66.67, 33.33), π = (2/3, 1/3).
    const a = (2 / 3) * SRM_PRIOR_VISITORS;
    const b = SRM_PRIOR_VISITORS / 3;
    const bf2 = (rising(a, 30) * rising(b, 10)) / rising(SRM_PRIOR_VISITORS, 40) / ((2 / 3) ** 30 * (1 / 3) ** 10);
    expect(sequentialSampleRatioPValue([30, 10], [2, 1])).toBeCloseTo(Math.min(1, 1 / bf2), 10);
  });

  it("gives no evidence for a split that matches, or for nobody", () => {
    expect(sequentialSampleRatioPValue([5000, 5000])).toBe(1);
    expect(sequentialSampleRatioPValue([6000, 3000], [2, 1])).toBe(1);
    expect(sequentialSampleRatioPValue([0, 0, 0])).toBe(1);
  });

  it("finds a 48/52 split of 20,000 visitors and a visitor in an arm configured to get none", () => {
    expect(sequentialSampleRatioPValue([9600, 10400])).toBeLessThan(0.001);
    expect(sequentialSampleRatioPValue([100, 1], [1, 0])).toBe(0);
  });

  it("refuses a single arm or weights of the wrong length", () => {
    expect(() => sequentialSampleRatioPValue([10])).toThrow(RangeError);
    expect(() => sequentialSampleRatioPValue([10, 10], [1])).toThrow(RangeError);
  });
});
