import { describe, expect, it } from "vitest";
import { cupedAdjust, type CovariateSums } from "./cuped";
import { createRng } from "../random/prng";
import { standardNormal } from "../random/draws";

/** Sums of paired values (x, y). */
function sums(pairs: ReadonlyArray<readonly [number, number]>): CovariateSums {
  return pairs.reduce(
    (s, [x, y]) => ({ users: s.users + 1, sumX: s.sumX + x, sumX2: s.sumX2 + x * x, sumY: s.sumY + y, sumY2: s.sumY2 + y * y, sumXY: s.sumXY + x * y }),
    { users: 0, sumX: 0, sumX2: 0, sumY: 0, sumY2: 0, sumXY: 0 },
  );
}

describe("cupedAdjust", () => {
  it("matches θ, the adjusted means and the variance removed, by hand", () => {
    // Arm A: (0,1) (2,3) (4,5); arm B: (1,3) (3,5) (5,7). Within each arm y = x + const, so s²_X = s²_Y = s_XY = 4,
    // θ = 1, and the adjusted variance is 4 − 8 + 4 = 0: all of it removed. x̄ = 2.5; A: 3 − (2 − 2.5) = 3.5,
    // B: 5 − (3 − 2.5) = 4.5.
    const out = cupedAdjust([sums([[0, 1], [2, 3], [4, 5]]), sums([[1, 3], [3, 5], [5, 7]])]);
    expect(out?.theta).toBeCloseTo(1, 12);
    expect(out?.arms.map((a) => a.mean)).toEqual([3.5, 4.5]);
    expect(out?.varianceReduction).toBeCloseTo(1, 12);
  });

  it("changes nothing when the covariate is unrelated to the metric", () => {
    // Within each arm Cov(X, Y) = 0: (0,1) (2,3) (0,3) (2,1).
    const arm = sums([[0, 1], [2, 3], [0, 3], [2, 1]]);
    const out = cupedAdjust([arm, arm]);
    expect(out?.theta).toBeCloseTo(0, 12);
    expect(out?.varianceReduction).toBeCloseTo(0, 12);
    expect(out?.arms[0]?.mean).toBeCloseTo(2, 12);
  });

  it("removes about ρ² of the variance (seeded: ρ = 0.6 → ≈ 0.36)", () => {
    const rng = createRng(17);
    const pairs = (n: number) =>
      Array.from({ length: n }, () => {
        const x = standardNormal(rng);
        return [x, 0.6 * x + 0.8 * standardNormal(rng)] as const;
      });
    const out = cupedAdjust([sums(pairs(20_000)), sums(pairs(20_000))]);
    expect(out?.varianceReduction).toBeGreaterThan(0.34);
    expect(out?.varianceReduction).toBeLessThan(0.38);
  });

  it("has nothing to adjust by without a covariate spread, or with fewer than 2 users", () => {
    expect(cupedAdjust([sums([[1, 1], [1, 2]]), sums([[1, 3], [1, 5]])])).toBeNull();
    expect(cupedAdjust([sums([[1, 1]]), sums([[1, 3], [2, 5]])])).toBeNull();
  });
});
