import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fiellerLiftInterval } from "./fieller";

const control = { users: 1000, mean: 0.1, variance: 0.09 };
const variant = { users: 1000, mean: 0.12, variance: 0.1056 };

const arm = fc.record({
  users: fc.integer({ min: 2, max: 1e6 }),
  mean: fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
  variance: fc.double({ min: 1e-6, max: 1e4, noNaN: true }),
});
const multiplier = fc.double({ min: 0.5, max: 6, noNaN: true });

describe("fiellerLiftInterval", () => {
  it("matches the quadratic solved by hand at m = 1.96", () => {
    // v_c = 9e-5, v_t = 1.056e-4, m² = 3.8416: a = 0.01 − 3.8416 × 9e-5 = 0.009654256;
    // root = √(3.8416 × (9e-5 × 0.0144 + 1.056e-4 × 0.009654256)) = √(3.8416 × 2.3154894e-6) = 0.0029825;
    // ratios (0.012 ∓ 0.0029825)/0.009654256: 0.93405 and 1.55192.
    const interval = fiellerLiftInterval(control, variant, 1.96, true);
    expect(interval.bounded).toBe(true);
    if (!interval.bounded) return;
    expect(interval.low).toBeCloseTo(0.93405 - 1, 4);
    expect(interval.high).toBeCloseTo(1.55192 - 1, 4);
  });

  it("excludes a lift of 0 exactly when the absolute difference's z-test at the same multiplier rejects", () => {
    fc.assert(
      fc.property(arm, arm, multiplier, (c, t, m) => {
        const interval = fiellerLiftInterval(c, t, m, false);
        const z = Math.abs(t.mean - c.mean) / Math.sqrt(t.variance / t.users + c.variance / c.users);
        if (Math.abs(z - m) < 1e-9 * m) return;
        const excludes = interval.bounded ? interval.low > 0 || interval.high < 0 : false;
        // Unbounded sets may still exclude 0 (the complement of an interval); the page shows none then.
        if (interval.bounded) expect(excludes).toBe(z > m);
      }),
    );
  });

  it("favours neither arm: swapping them maps the ratio interval to its reciprocal", () => {
    fc.assert(
      fc.property(arm, arm, multiplier, (c, t, m) => {
        const ab = fiellerLiftInterval(c, t, m, false);
        const ba = fiellerLiftInterval(t, c, m, false);
        if (!ab.bounded || !ba.bounded || !(ab.low > -1) || !(ba.low > -1)) return;
        expect((1 + ab.low) * (1 + ba.high)).toBeCloseTo(1, 6);
        expect((1 + ab.high) * (1 + ba.low)).toBeCloseTo(1, 6);
      }),
    );
  });

  it("says unbounded when the control's mean is within m standard errors of 0", () => {
    // c̄² = 0.0001 ≤ m²·v_c = 3.8416 × 0.09/10.
    expect(fiellerLiftInterval({ users: 10, mean: 0.01, variance: 0.09 }, variant, 1.96, true)).toEqual({ bounded: false });
  });

  it("never goes below −100% for values that cannot be negative", () => {
    // A variant mean not itself distinguishable from 0: the unclipped low end is a negative ratio.
    const vague = { users: 20, mean: 0.05, variance: 0.0475 };
    const open = fiellerLiftInterval(control, vague, 3, false);
    const clipped = fiellerLiftInterval(control, vague, 3, true);
    expect(open.bounded && open.low).toBeLessThan(-1);
    expect(clipped.bounded && clipped.low).toBe(-1);
  });

  it("reads a negative control mean as (t − c)/|c|, so a less negative variant is a positive lift", () => {
    const interval = fiellerLiftInterval({ users: 1000, mean: -2, variance: 1 }, { users: 1000, mean: -1, variance: 1 }, 1.96, false);
    expect(interval.bounded && interval.low).toBeGreaterThan(0);
    expect(interval.bounded && interval.high).toBeLessThan(1);
  });
});
