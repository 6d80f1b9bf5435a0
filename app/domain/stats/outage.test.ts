import { describe, expect, it } from "vitest";
import { chiSquareSurvival } from "./distributions/chi-square";
import { normalCdf } from "./distributions/normal";
import { armMoments } from "./moments";
import { MIN_EXPECTED_COUNT, outageEffect } from "./outage";

const rate = (users: number, converted: number) => armMoments("binomial", { users, sum: converted, sumSquares: converted })!;

/** Pearson's X² of the 2×2 table (converted, not) × (control, variant), from the expected counts. */
function pearson(c: [number, number], t: [number, number]): number {
  const [nc, xc] = c;
  const [nt, xt] = t;
  const p = (xc + xt) / (nc + nt);
  const cells = [
    [xc, nc * p],
    [nc - xc, nc * (1 - p)],
    [xt, nt * p],
    [nt - xt, nt * (1 - p)],
  ] as const;
  return cells.reduce((sum, [observed, expected]) => sum + (observed - expected) ** 2 / expected, 0);
}

describe("outageEffect", () => {
  it("gives the difference with the pooled variance: 0 of 3,000 against 150 of 3,000", () => {
    // p̂ = 150/6000 = 0.025; Var = 0.025 × 0.975 × (2/3000) = 1.625e-5 (hand).
    const effect = outageEffect(rate(3000, 150), rate(3000, 0));
    expect(effect?.estimate).toBeCloseTo(-0.05, 15);
    expect(effect?.variance).toBeCloseTo(1.625e-5, 18);
  });

  it("is the score test: z² equals Pearson's X² for the 2×2 table, and its p-value the χ²'s", () => {
    for (const [c, t] of [
      [[3000, 150], [3000, 0]],
      [[800, 40], [1200, 0]],
      [[500, 500], [400, 380]],
    ] as Array<[[number, number], [number, number]]>) {
      const effect = outageEffect(rate(...c), rate(...t))!;
      const z2 = effect.estimate ** 2 / effect.variance;
      expect(z2).toBeCloseTo(pearson(c, t), 9);
      const p = 2 * normalCdf(-Math.sqrt(z2));
      expect(Math.log(p)).toBeCloseTo(Math.log(chiSquareSurvival(pearson(c, t), 1)), 6);
    }
  });

  it("is symmetric in the arms: swapping them negates the estimate and keeps the variance", () => {
    const ab = outageEffect(rate(2000, 0), rate(1500, 60))!;
    const ba = outageEffect(rate(1500, 60), rate(2000, 0))!;
    expect(ba.estimate).toBeCloseTo(-ab.estimate, 15);
    expect(ba.variance).toBeCloseTo(ab.variance, 18);
  });

  it("applies only where one arm is constant and the other is not, with enough expected in every cell", () => {
    expect(outageEffect(rate(1000, 100), rate(1000, 120))).toBeNull();
    expect(outageEffect(rate(1000, 0), rate(1000, 0))).toBeNull();
    expect(outageEffect(rate(1000, 0), rate(1000, 1000))).toBeNull();
    // 3 of 3 against 100 of 1,000: the variant expects 0.3 non-converters; 3 of 3 proves nothing (Cochran).
    expect(outageEffect(rate(1000, 100), rate(3, 3))).toBeNull();
    // At the edge: 10 of 200 against 0 of 200 expects exactly 5 conversions per arm.
    expect(MIN_EXPECTED_COUNT).toBe(5);
    expect(outageEffect(rate(200, 10), rate(200, 0))).not.toBeNull();
    expect(outageEffect(rate(200, 9), rate(200, 0))).toBeNull();
  });
});
