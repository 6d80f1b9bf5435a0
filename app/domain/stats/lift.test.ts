import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { absoluteDifference, logRatio } from "./lift";

// Control 100/1000 (p = 0.10, s² = 0.09), variant 120/1000 (p = 0.12, s² = 0.1056).
const control = { users: 1000, mean: 0.1, variance: 0.09 };
const variant = { users: 1000, mean: 0.12, variance: 0.1056 };

// GrowthBook's (t − c)/|c| with Var(t̄)/c² + t²·Var(c̄)/c⁴ (its delta method) is no longer computed: it is not
// symmetric in the arms (the control's term is scaled by (t/c)²), which made false "control ahead" four times as
// common as false "variant ahead" (issue 21). The relative lift's interval is Fieller's (fieller.test.ts).
describe("logRatio", () => {
  it("matches the delta-method variance computed by hand", () => {
    // ln(0.12/0.10) = 0.1823215567939546; Var = 0.1056/(1000 × 0.0144) + 0.09/(1000 × 0.01) = 0.0073333 + 0.009.
    const effect = logRatio(control, variant);
    expect(effect.estimate).toBeCloseTo(0.1823215567939546, 14);
    expect(effect.variance).toBeCloseTo(0.1056 / 14.4 + 0.009, 14);
  });

  it("negates, and keeps its variance, when the arms are swapped", () => {
    const arm = fc.record({
      users: fc.integer({ min: 2, max: 1e6 }),
      mean: fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
      variance: fc.double({ min: 0, max: 1e3, noNaN: true }),
    });
    fc.assert(
      fc.property(arm, arm, (a, b) => {
        const ab = logRatio(a, b);
        const ba = logRatio(b, a);
        expect(ab.estimate).toBeCloseTo(-ba.estimate, 12);
        expect(ab.variance).toBeCloseTo(ba.variance, 12);
      }),
    );
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
