// The instrument checked on a reference it must get right: a plain fixed-horizon two-proportion z-test
// (valid at its one planned look) and the same test read every 100 visitors (known to inflate false positives:
// Armitage, McPherson & Rowe, "Repeated significance tests on accumulating data", JRSS A 132:235, 1969).
import { describe, expect, it } from "vitest";
import { DEFAULT_VISITOR } from "./generators";
import { createRng, deriveSeed } from "../random/prng";
import { everyVisitors, simulatePath, type SimArmTotals } from "./runner";

/** Pooled two-proportion z-test, two-sided at 5%: |z| > 1.959964. */
function zTestSignificant(totals: readonly SimArmTotals[]): boolean {
  const [a, b] = totals;
  if (!a || !b || a.visitors === 0 || b.visitors === 0) return false;
  const pooled = (a.converting + b.converting) / (a.visitors + b.visitors);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors));
  if (!(se > 0)) return false;
  return Math.abs(b.converting / b.visitors - a.converting / a.visitors) / se > 1.959964;
}

describe("everyVisitors", () => {
  it("looks every step and always at the horizon", () => {
    expect(everyVisitors(100, 350)).toEqual([100, 200, 300, 350]);
    expect(everyVisitors(100, 300)).toEqual([100, 200, 300]);
    expect(() => everyVisitors(0, 10)).toThrow(RangeError);
  });
});

describe("simulatePath", () => {
  it("reads the cumulative totals at each look, the same ones for the same seed", () => {
    const spec = { assignment: [1, 1], arms: [DEFAULT_VISITOR, DEFAULT_VISITOR], looks: [100, 250] };
    const run = () => simulatePath(createRng(9), spec, (totals, visitors) => ({ totals, visitors }));
    const [first, second] = run();
    expect(first?.visitors).toBe(100);
    expect(second?.visitors).toBe(250);
    expect((second?.totals ?? []).reduce((s, t) => s + t.visitors, 0)).toBe(250);
    // Totals only grow, and the reader got copies (the first look kept its own numbers).
    expect(first?.totals[0]?.visitors).toBeLessThanOrEqual(second?.totals[0]?.visitors ?? 0);
    expect((first?.totals ?? []).reduce((s, t) => s + t.visitors, 0)).toBe(100);
    expect(run()).toEqual(run());
  });

  it("measures ≈ 5% A/A false positives for a fixed-horizon z-test, and detects peeking at it as inflated", () => {
    const paths = 2000;
    const model = { ...DEFAULT_VISITOR, conversionRate: 0.1 };
    const spec = { assignment: [1, 1], arms: [model, model], looks: everyVisitors(100, 2000) };
    let fixed = 0;
    let peeking = 0;
    for (let i = 0; i < paths; i++) {
      const significant = simulatePath(createRng(deriveSeed(21, "z-test", i)), spec, zTestSignificant);
      if (significant[significant.length - 1]) fixed++;
      if (significant.some(Boolean)) peeking++;
    }
    const se = Math.sqrt((0.05 * 0.95) / paths);
    expect(Math.abs(fixed / paths - 0.05)).toBeLessThan(3 * se);
    // Twenty looks take a 5% test to about 20–25%; well above 5% plus five standard errors.
    expect(peeking / paths).toBeGreaterThan(0.05 + 5 * se + 0.03);
  });
});
