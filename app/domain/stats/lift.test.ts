import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { absoluteDifference, relativeLift } from "./lift";

// Control 100/1000 (p = 0.10, s² = 0.09), variant 120/1000 (p = 0.12, s² = 0.1056).
const control = { users: 1000, mean: 0.1, variance: 0.09 };
const variant = { users: 1000, mean: 0.12, variance: 0.1056 };

describe("relativeLift", () => {
  it("matches the delta-method variance computed by hand", () => {
    // lift = (0.12 − 0.10)/0.10 = 0.2
    // Var = s_t²/(n_t c²) + s_c² t²/(n_c c⁴) = 0.1056/(1000 × 0.01) + 0.09 × 0.0144/(1000 × 0.0001)
    //     = 0.01056 + 0.01296 = 0.02352
    const lift = relativeLift(control, variant);
    expect(lift.estimate).toBeCloseTo(0.2, 14);
    expect(lift.variance).toBeCloseTo(0.02352, 14);
  });

  it("divides by |c| so a less negative mean is a positive lift", () => {
    // c = −2, t = −1: (−1 − (−2))/2 = 0.5; Var = 1/(10 × 4) + 2 × 1/(10 × 16) = 0.025 + 0.0125 = 0.0375.
    const lift = relativeLift({ users: 10, mean: -2, variance: 2 }, { users: 10, mean: -1, variance: 1 });
    expect(lift.estimate).toBeCloseTo(0.5, 14);
    expect(lift.variance).toBeCloseTo(0.0375, 14);
  });
});

describe("absoluteDifference", () => {
  it("adds the variances of the two means (hand: 0.1056/1000 + 0.09/1000 = 1.956e-4)", () => {
    const diff = absoluteDifference(control, variant);
    expect(diff.estimate).toBeCloseTo(0.02, 14);
    expect(diff.variance).toBeCloseTo(1.956e-4, 16);
  });

  it("flips sign, and keeps its variance, when the arms are swapped", () => {
    const arm = fc.record({
      users: fc.integer({ min: 2, max: 1e6 }),
      mean: fc.double({ min: -1e3, max: 1e3, noNaN: true }),
      variance: fc.double({ min: 0, max: 1e3, noNaN: true }),
    });
    fc.assert(
      fc.property(arm, arm, (a, b) => {
        const ab = absoluteDifference(a, b);
        const ba = absoluteDifference(b, a);
        // Numeric equality: equal arms give 0 one way and -0 the other, which Object.is would tell apart.
        expect(ab.estimate === -ba.estimate).toBe(true);
        expect(ab.variance).toBe(ba.variance);
      }),
    );
  });
});
