import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyze, StatsInputError } from "./engine";
import type { AnalysisInput, ArmInput } from "./types";

const rate = (name: string, users: number, sum: number): ArmInput => ({ name, users, sum });

describe("analyze: shape of the output", () => {
  const arms = [rate("control", 1000, 100), rate("b", 1000, 120)];

  it("reports the control with its mean only, and frequentist variants with a p-value", () => {
    const out = analyze({ metric: "binomial", method: "frequentist", arms });
    expect(out.arms[0]).toEqual({ name: "control", users: 1000, mean: 0.1 });
    expect(Object.keys(out.arms[1] ?? {}).sort()).toEqual(
      ["ciHigh", "ciLow", "lift", "mean", "name", "pValue", "users"].sort(),
    );
  });

  it("gives Bayesian variants chance to win and risks instead of a p-value", () => {
    const out = analyze({ metric: "binomial", method: "bayesian", arms });
    expect(Object.keys(out.arms[1] ?? {}).sort()).toEqual(
      ["chanceToWin", "ciHigh", "ciLow", "lift", "mean", "name", "riskControl", "riskVariant", "users"].sort(),
    );
  });

  it("narrows the interval when alpha grows", () => {
    const wide = analyze({ metric: "binomial", method: "frequentist", arms }).arms[1];
    const narrow = analyze({ metric: "binomial", method: "frequentist", arms, alpha: 0.1 }).arms[1];
    expect(narrow!.ciHigh! - narrow!.ciLow!).toBeLessThan(wide!.ciHigh! - wide!.ciLow!);
  });

  it("throws StatsInputError naming the field for malformed input", () => {
    expect(() => analyze({ metric: "binomial", method: "frequentist", arms: [rate("a", -1, 0), rate("b", 1, 0)] })).toThrow(
      /arms\[0\]\.users/,
    );
    expect(() => analyze({ metric: "binomial", method: "frequentist", arms: [rate("a", 1, 0)] })).toThrow(StatsInputError);
  });
});

describe("analyze: three arms and traffic splits", () => {
  it("compares every arm with the first, each independently of the others", () => {
    const out = analyze({
      metric: "binomial",
      method: "frequentist",
      arms: [rate("control", 1000, 100), rate("b", 1000, 120), rate("c", 1000, 90)],
    });
    expect(out.srmPValue).toBe(1);
    const twoArm = analyze({
      metric: "binomial",
      method: "frequentist",
      arms: [rate("control", 1000, 100), rate("b", 1000, 120)],
    });
    expect(out.arms[1]).toEqual(twoArm.arms[1]);
    // Arm c: lift (0.09 − 0.1)/0.1 = −0.1; Var = 0.0819/(1000 × 0.01) + 0.09 × 0.0081/(1000 × 0.0001)
    // = 0.00819 + 0.00729 = 0.01548 (s_t² = 0.09 × 0.91 = 0.0819).
    const c = out.arms[2];
    expect(c?.lift).toBeCloseTo(-0.1, 14);
    const halfWidth = (c!.ciHigh! - c!.ciLow!) / 2;
    expect(halfWidth / Math.sqrt(0.01548)).toBeGreaterThan(1.96);
    expect(halfWidth / Math.sqrt(0.01548)).toBeLessThan(1.9625);
  });

  it("checks the sample ratio against the configured weights", () => {
    const arms = [rate("control", 6000, 600), rate("b", 3000, 300)];
    const weighted = analyze({ metric: "binomial", method: "frequentist", arms, weights: [2, 1] });
    expect(weighted.srmPValue).toBe(1);
    expect(weighted.srmMismatch).toBe(false);
    const equal = analyze({ metric: "binomial", method: "frequentist", arms });
    expect(equal.srmPValue).toBeLessThan(1e-100);
    expect(equal.srmMismatch).toBe(true);
  });
});

describe("analyze: comparisons that cannot be computed", () => {
  const run = (arms: ArmInput[], extra: Partial<AnalysisInput> = {}) =>
    analyze({ metric: "binomial", method: "frequentist", arms, ...extra });

  it("a variant with zero conversions has no relative lift variance (delta method collapses)", () => {
    // t = 0 and s_t² = 0, so Var = 0/(n c²) + s_c² × 0²/(n c⁴) = 0.
    expect(run([rate("c", 1000, 100), rate("t", 1000, 0)]).arms[1]).toEqual({
      name: "t",
      users: 1000,
      mean: 0,
      error: "zero-variance",
    });
  });

  it("but its absolute difference is fine, with df = n_c − 1", () => {
    // diff = 0 − 0.1; SE = √(0.09/1000) = 0.009486832980505138; Welch df = 999 (only control varies);
    // scipy t.ppf(.975, 999) = 1.9623414611334493 → half-width 0.018616405692493447.
    const arm = run([rate("c", 1000, 100), rate("t", 1000, 0)], { difference: "absolute" }).arms[1];
    expect(arm?.lift).toBeCloseTo(-0.1, 14);
    expect(arm?.ciLow).toBeCloseTo(-0.1 - 0.018616405692493447, 12);
    expect(arm?.ciHigh).toBeCloseTo(-0.1 + 0.018616405692493447, 12);
  });

  it("a control with zero conversions has no relative lift", () => {
    expect(run([rate("c", 1000, 0), rate("t", 1000, 10)]).arms[1]?.error).toBe("zero-control-mean");
  });

  it("two arms with zero conversions have nothing to compare", () => {
    expect(run([rate("c", 1000, 0), rate("t", 1000, 0)], { difference: "absolute" }).arms[1]?.error).toBe(
      "zero-variance",
    );
    expect(
      analyze({
        metric: "binomial",
        method: "bayesian",
        difference: "absolute",
        arms: [rate("c", 50, 0), rate("t", 50, 0)],
      }).arms[1]?.error,
    ).toBe("zero-variance");
  });

  it("an arm without users has no mean and no comparison", () => {
    const out = run([rate("c", 1000, 100), rate("t", 0, 0), rate("u", 1000, 120)]);
    expect(out.arms[1]).toEqual({ name: "t", users: 0, mean: null, error: "no-users" });
    expect(out.arms[2]?.error).toBeUndefined();
    const noControl = run([rate("c", 0, 0), rate("t", 10, 1)]);
    expect(noControl.arms[0]).toEqual({ name: "c", users: 0, mean: null });
    expect(noControl.arms[1]?.error).toBe("no-users");
  });

  it("one user is too few for a variance or Welch's df", () => {
    expect(
      analyze({
        metric: "mean",
        method: "frequentist",
        arms: [
          { name: "c", users: 1, sum: 5, sumSquares: 25 },
          { name: "t", users: 10, sum: 50, sumSquares: 300 },
        ],
      }).arms[1]?.error,
    ).toBe("too-few-users");
  });
});

// Properties over random but valid rollups.
const binomialArm = (name: string) =>
  fc
    .tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([users, p]): ArmInput => ({ name, users, sum: Math.round(users * p) }));
const meanArm = (name: string) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: 100_000 }),
      fc.double({ min: -100, max: 100, noNaN: true }),
      fc.double({ min: 0, max: 1e4, noNaN: true }),
    )
    .map(([users, mean, variance]): ArmInput => {
      const sum = users * mean;
      return { name, users, sum, sumSquares: users === 0 ? 0 : Math.max(0, users - 1) * variance + (sum * sum) / users };
    });
const settings = fc.record({
  method: fc.constantFrom("frequentist" as const, "bayesian" as const),
  sequential: fc.boolean(),
  difference: fc.constantFrom("relative" as const, "absolute" as const),
  alpha: fc.double({ min: 0.001, max: 0.5, noNaN: true }),
});
const anyInput = fc.oneof(
  fc.tuple(binomialArm("c"), binomialArm("t"), settings).map(([c, t, s]): AnalysisInput => ({
    metric: "binomial",
    arms: [c, t],
    ...s,
  })),
  fc.tuple(meanArm("c"), meanArm("t"), settings).map(([c, t, s]): AnalysisInput => ({ metric: "mean", arms: [c, t], ...s })),
);

describe("analyze: properties", () => {
  it("only ever returns finite numbers, or an error code", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const out = analyze(input);
        expect(Number.isFinite(out.srmPValue)).toBe(true);
        for (const arm of out.arms) {
          for (const value of Object.values(arm)) {
            if (typeof value === "number") expect(Number.isFinite(value)).toBe(true);
          }
        }
        const variant = out.arms[1];
        expect(variant?.error !== undefined || variant?.lift !== undefined).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("every interval contains its point estimate", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const arm = analyze(input).arms[1];
        if (arm?.lift === undefined) return;
        expect(arm.ciLow!).toBeLessThanOrEqual(arm.lift);
        expect(arm.ciHigh!).toBeGreaterThanOrEqual(arm.lift);
      }),
      { numRuns: 500 },
    );
  });

  it("swapping the arms flips the sign of an absolute difference and keeps the p-value", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const frequentist = { ...input, method: "frequentist" as const, difference: "absolute" as const };
        const [c, t] = input.arms;
        const ab = analyze(frequentist).arms[1];
        const ba = analyze({ ...frequentist, arms: [t!, c!] }).arms[1];
        if (ab?.lift === undefined || ba?.lift === undefined) {
          expect(ab?.error).toBe(ba?.error);
          return;
        }
        const scale = Math.max(1, Math.abs(ab.lift));
        expect(ba.lift).toBeCloseTo(-ab.lift, 9 - Math.ceil(Math.log10(scale)));
        expect(ba.ciLow! / scale).toBeCloseTo(-ab.ciHigh! / scale, 9);
        expect(ba.pValue!).toBeCloseTo(ab.pValue!, 9);
      }),
      { numRuns: 300 },
    );
  });
});
