import { describe, expect, it } from "vitest";
import { armMoments } from "./moments";

describe("armMoments", () => {
  it("uses p(1 − p) for a binomial rate", () => {
    // Hand: 100/1000 → p = 0.1, variance 0.1 × 0.9 = 0.09.
    expect(armMoments("binomial", { users: 1000, sum: 100, sumSquares: 100 })).toEqual({
      users: 1000,
      mean: 0.1,
      variance: expect.closeTo(0.09, 15),
    });
  });

  it("uses the n − 1 sample variance for a mean", () => {
    // Values 1, 2, 3, 6: sum 12, sum of squares 1 + 4 + 9 + 36 = 50, mean 3;
    // variance (50 − 144/4)/3 = 14/3, the same as Σ(x − 3)²/3 = (4 + 1 + 0 + 9)/3.
    const m = armMoments("mean", { users: 4, sum: 12, sumSquares: 50 });
    expect(m?.mean).toBe(3);
    expect(m?.variance).toBeCloseTo(14 / 3, 14);
  });

  it("clamps rounding noise to a zero variance when every value is equal", () => {
    // Three users worth 0.1: the exact variance is 0, but in doubles 0.03 − 0.30000000000000004²/3 ≈ −1e-17.
    expect(armMoments("mean", { users: 3, sum: 0.1 + 0.1 + 0.1, sumSquares: 0.01 + 0.01 + 0.01 })?.variance).toBe(0);
  });

  it("treats what rounding leaves of an all-equal arm as no spread, and keeps a real one", () => {
    // 400 daily rows of 7 users worth 19.99 each, added up in doubles like the results page does: the exact
    // variance is 0, the doubles leave about 1e-14 of sumSquares.
    let sum = 0;
    let sumSquares = 0;
    for (let day = 0; day < 400; day++) {
      sum += 7 * 19.99;
      sumSquares += 7 * 19.99 * 19.99;
    }
    expect(armMoments("mean", { users: 2800, sum, sumSquares })?.variance).toBe(0);
    // One user at 20.99 among 19.99s: Σ(x − x̄)² = 1 − 1/2800, variance (1 − 1/2800)/2799 = 1/2800.
    const spread = armMoments("mean", { users: 2800, sum: sum + 1, sumSquares: sumSquares - 19.99 ** 2 + 20.99 ** 2 });
    expect(spread?.variance).toBeCloseTo(1 / 2800, 9);
  });

  it("has no mean without users", () => {
    expect(armMoments("binomial", { users: 0, sum: 0, sumSquares: 0 })).toBeNull();
  });
});
