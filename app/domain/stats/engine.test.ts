import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalCdf } from "./distributions/normal";
import { analyze, StatsInputError } from "./engine";
import { sequentialPValue } from "./sequential";
import type { AnalysisInput, ArmInput, VariantArmOutput } from "./types";

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
  const three = [rate("control", 1000, 100), rate("b", 1000, 120), rate("c", 1000, 90)];

  it("without a correction, compares every arm with the first, each independently of the others", () => {
    const out = analyze({ metric: "binomial", method: "frequentist", arms: three, correction: "none", difference: "absolute" });
    // Equal arms at every possible split: the anytime-valid SRM p-value is 1 (the Bayes factor is below 1).
    expect(out.srmPValue).toBe(1);
    const twoArm = analyze({ metric: "binomial", method: "frequentist", arms: three.slice(0, 2), difference: "absolute" });
    expect(out.arms[1]).toEqual(twoArm.arms[1]);
    // Arm c: 0.09 − 0.1 = −0.01 with Var = 0.0819/1000 + 0.09/1000 = 0.0001719; Welch df ≈ 1990, t ≈ 1.96115.
    const c = out.arms[2];
    expect(c?.lift).toBeCloseTo(-0.01, 14);
    const halfWidth = (c!.ciHigh! - c!.ciLow!) / 2;
    expect(halfWidth / Math.sqrt(0.0001719)).toBeGreaterThan(1.96);
    expect(halfWidth / Math.sqrt(0.0001719)).toBeLessThan(1.9625);
  });

  it("with Bonferroni (the default), widens each interval to α/(k − 1) and multiplies the p-values by k − 1", () => {
    const none = analyze({ metric: "binomial", method: "frequentist", arms: three, correction: "none", difference: "absolute" });
    const bonferroni = analyze({ metric: "binomial", method: "frequentist", arms: three, difference: "absolute" });
    const [pb, pc] = [none.arms[1]!.pValue!, none.arms[2]!.pValue!];
    expect(bonferroni.arms[1]!.pValue).toBeCloseTo(Math.min(1, 2 * pb), 14);
    expect(bonferroni.arms[2]!.pValue).toBeCloseTo(Math.min(1, 2 * pc), 14);
    // The interval is Welch's at α = 0.025: t(0.9875, ≈1990) ≈ 2.2430.
    const b = bonferroni.arms[1]!;
    const se = Math.sqrt(0.09 / 1000 + (0.12 * 0.88) / 1000);
    expect((b.ciHigh! - b.ciLow!) / 2 / se).toBeCloseTo(2.243, 2);
  });

  it("with Holm, adjusts the p-values step-down over the same α/(k − 1) intervals", () => {
    const none = analyze({ metric: "binomial", method: "frequentist", arms: three, correction: "none", difference: "absolute" });
    const holm = analyze({ metric: "binomial", method: "frequentist", arms: three, difference: "absolute", correction: "holm" });
    const [pb, pc] = [none.arms[1]!.pValue!, none.arms[2]!.pValue!];
    // b has the smaller raw p: ×2; c: max(2·p_b, 1·p_c).
    expect(pb).toBeLessThan(pc);
    expect(holm.arms[1]!.pValue).toBeCloseTo(Math.min(1, 2 * pb), 14);
    expect(holm.arms[2]!.pValue).toBeCloseTo(Math.max(Math.min(1, 2 * pb), pc), 14);
  });

  it("never decides a variant beside an interval that holds 0 under the default correction (issue 34's 4-arm case)", () => {
    // Four arms, one variant near the edge: Holm's last step would reject at p just under α while the
    // α/3 interval still held 0; Bonferroni's p and the interval agree for every arm, sequential or not.
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 160 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 60, max: 140 }),
        fc.boolean(),
        (variantConversions, controlConversions, sequential) => {
          const arms = [rate("a", 2000, controlConversions), ...variantConversions.map((c, i) => rate(`v${i}`, 2000, Math.max(1, c)))];
          const out = analyze({ metric: "binomial", method: "frequentist", arms, sequential });
          for (const v of out.arms.slice(1) as VariantArmOutput[]) {
            if (v.pValue === undefined || v.ciLow === undefined || v.ciHigh === undefined) continue;
            const excludes = v.ciLow > 0 || v.ciHigh < 0;
            // Away from the boundary itself, where rounding decides.
            if (Math.abs(v.pValue - 0.05) > 1e-9) expect(v.pValue < 0.05).toBe(excludes);
          }
        },
      ),
      { numRuns: 300 },
    );
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

  it("a variant with zero conversions against a control with some: the outage test, with no interval", () => {
    // Welch's variance would be 0 for the variant. Pooled under "same rate": p̂ = 100/2000 = 0.05,
    // Var = 0.05 × 0.95 × (1/1000 + 1/1000) = 9.5e-5, z = −0.1/√9.5e-5 = −10.2598 (hand).
    const out = run([rate("c", 1000, 100), rate("t", 1000, 0)]).arms[1];
    expect(out).toEqual({ name: "t", users: 1000, mean: 0, lift: -1, pValue: expect.any(Number), outage: true });
    expect(out?.pValue).toBeCloseTo(2 * normalCdf(-0.1 / Math.sqrt(9.5e-5)), 30);
    expect(out?.pValue).toBeLessThan(1e-20);
    // An absolute difference: the same test, the lift in rate points.
    expect(run([rate("c", 1000, 100), rate("t", 1000, 0)], { difference: "absolute" }).arms[1]).toMatchObject({ lift: -0.1, outage: true });
  });

  it("the outage test reads the always-valid sequence like every other comparison, and is not fooled by chance", () => {
    // Sequential: sequentialPValue at n = 2000 with the pooled variance.
    const out = run([rate("c", 1000, 100), rate("t", 1000, 0)], { sequential: true, sequentialTuning: 2000 }).arms[1];
    expect(out?.pValue).toBeCloseTo(sequentialPValue({ estimate: -0.1, variance: 9.5e-5 }, 2000, 0.05, 2000), 20);
    // 10 conversions against 0 among 200 visitors each is early days for a sequence tuned to 20,000 users:
    // a fixed-horizon z of 3.2, but the sequence does not read it as proof yet.
    const early = run([rate("c", 200, 10), rate("t", 200, 0)], { sequential: true, sequentialTuning: 20_000 }).arms[1];
    expect(early).toMatchObject({ outage: true, lift: -1 });
    expect(early?.pValue).toBeGreaterThan(0.5);
    // Cochran's rule: 5 against 0 among 100 each expects 2.5 conversions per arm, too few for the approximation.
    expect(run([rate("c", 100, 5), rate("t", 100, 0)], { sequential: true }).arms[1]?.error).toBe("zero-variance");
  });

  it("the outage test is for conversion rates read by the frequentist test only", () => {
    expect(run([rate("c", 1000, 100), rate("t", 1000, 0)], { method: "bayesian" }).arms[1]?.error).toBe("zero-variance");
    const mean = analyze({ metric: "mean", method: "frequentist", arms: [{ name: "c", users: 100, sum: 50, sumSquares: 100 }, { name: "t", users: 100, sum: 0, sumSquares: 0 }] });
    expect(mean.arms[1]?.error).toBe("zero-variance");
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

  describe("an arm whose users all did the same has no variance to compare with", () => {
    const methods: Array<Partial<AnalysisInput>> = [
      { method: "frequentist", sequential: false },
      { method: "frequentist", sequential: true },
      { method: "bayesian" },
    ];
    const everySetting = methods.flatMap((m) => [
      { ...m, difference: "relative" as const },
      { ...m, difference: "absolute" as const },
    ]);

    it.each(everySetting)("every visitor converted (3 of 3) against a control with spread: %o", (setting) => {
      // Before the rule: relative lift 9 with Var = 0/(3 × 0.01) + 1 × 0.09/(1000 × 1e-4) = 0.9, an interval
      // built from the control's 1000 users alone although the variant has 3.
      const out = run([rate("c", 1000, 100), rate("t", 3, 3)], setting);
      expect(out.arms[1]).toEqual({ name: "t", users: 3, mean: 1, error: "zero-variance" });
    });

    it.each(everySetting)("a control where every visitor converted, against a variant with spread: %o", (setting) => {
      const out = run([rate("c", 50, 50), rate("t", 1000, 500), rate("u", 1000, 0)], setting);
      // Two arms that are both constant (all against none) have no variance to pool either.
      expect(out.arms[2]?.error).toBe("zero-variance");
      if (setting.method === "bayesian") {
        expect(out.arms[1]?.error).toBe("zero-variance");
        expect(out.arms[1]).not.toHaveProperty("lift");
      } else {
        // 50 of 50 against 500 of 1000 is an outage (every expected count ≥ 5): a test, but no interval.
        expect(out.arms[1]).toMatchObject({ outage: true, lift: -0.5 });
        expect(out.arms[1]).not.toHaveProperty("ciLow");
      }
    });

    it.each(everySetting)("a mean where every user has the same value, despite rounding: %o", (setting) => {
      // Three users worth 0.1: in doubles sumSquares − sum²/n is a hair off 0, not a spread.
      const same = { name: "t", users: 3, sum: 0.1 + 0.1 + 0.1, sumSquares: 0.01 + 0.01 + 0.01 };
      const spread = { name: "c", users: 4, sum: 12, sumSquares: 50 };
      const out = analyze({ metric: "mean", arms: [spread, same], ...setting } as AnalysisInput);
      expect(out.arms[1]?.error).toBe("zero-variance");
      const swapped = analyze({ metric: "mean", arms: [same, spread], ...setting } as AnalysisInput);
      expect(swapped.arms[1]?.error).toBe("zero-variance");
    });

    it("keeps the numbers as soon as both arms vary (2 of 3 against the same control)", () => {
      // On the log of the ratio, flat prior: ln((2/3)/0.1) = ln(6.6667); Var = (2/9)/(3 × 4/9) + 0.09/(1000 × 0.01)
      // = 0.1666667 + 0.009 = 0.1756667 (hand); the interval is e^(ln r ± 1.96·√Var) − 1.
      const arm = run([rate("c", 1000, 100), rate("t", 3, 2)], { method: "bayesian", prior: null }).arms[1];
      expect(arm?.error).toBeUndefined();
      expect(arm?.lift).toBeCloseTo((2 / 3 - 0.1) / 0.1, 12);
      const half = 1.959963984540054 * Math.sqrt(1 / 6 + 0.009);
      expect(Math.log1p(arm!.ciHigh!)).toBeCloseTo(Math.log(20 / 3) + half, 9);
      expect(Math.log1p(arm!.ciLow!)).toBeCloseTo(Math.log(20 / 3) - half, 9);
    });
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
  it("an arm with no conversion or only conversions gets no interval, and a test only as an outage", () => {
    const constantArm = (name: string) =>
      fc.tuple(fc.integer({ min: 2, max: 1_000_000 }), fc.boolean()).map(([users, all]) => rate(name, users, all ? users : 0));
    const anyArm = (name: string) =>
      fc.integer({ min: 2, max: 1_000_000 }).chain((users) => fc.integer({ min: 0, max: users }).map((sum) => rate(name, users, sum)));
    fc.assert(
      fc.property(constantArm("x"), anyArm("y"), fc.boolean(), settings, (constant, other, constantIsControl, s) => {
        const arms = constantIsControl ? [{ ...constant, name: "c" }, { ...other, name: "t" }] : [{ ...other, name: "c" }, { ...constant, name: "t" }];
        const arm = analyze({ metric: "binomial", arms, ...s }).arms[1];
        expect(arm?.ciLow).toBeUndefined();
        expect(arm?.ciHigh).toBeUndefined();
        const [c, t] = arms.map((a) => ({ n: a.users, p: a.sum / a.users }));
        // An outage: the other arm varies and every cell of the 2×2 table expects at least 5 under "same rate".
        const pooled = (c!.n * c!.p + t!.n * t!.p) / (c!.n + t!.n);
        const otherVaries = [c!, t!].some((a) => a.p > 0 && a.p < 1);
        const outage = s.method === "frequentist" && otherVaries && Math.min(c!.n, t!.n) * Math.min(pooled, 1 - pooled) >= 5;
        if (s.difference === "relative" && c!.p === 0) {
          // A control without conversions has no relative lift at all, which is reported first.
          expect(arm?.error).toBe("zero-control-mean");
        } else if (!outage) {
          expect(arm?.error).toBe("zero-variance");
          expect(arm?.lift).toBeUndefined();
        } else {
          expect(arm?.outage).toBe(true);
          expect(Math.sign(arm!.lift!)).toBe(Math.sign(t!.p - c!.p));
          expect(arm!.pValue).toBeGreaterThanOrEqual(0);
          expect(arm!.pValue).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });

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
        if (arm?.lift === undefined || arm.intervalUnbounded) return;
        // An outage has a test and no interval (the pooled variance is the null's); every other lift has one.
        if (arm.outage) {
          expect(arm.ciLow ?? arm.ciHigh).toBeUndefined();
        } else {
          expect(arm.ciLow!).toBeLessThanOrEqual(arm.lift);
          expect(arm.ciHigh!).toBeGreaterThanOrEqual(arm.lift);
        }
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
        expect(ba.outage).toBe(ab.outage);
        if (!ab.outage) expect(ba.ciLow! / scale).toBeCloseTo(-ab.ciHigh! / scale, 9);
        expect(ba.pValue!).toBeCloseTo(ab.pValue!, 9);
      }),
      { numRuns: 300 },
    );
  });
});

describe("analyze: CUPED with a pre-exposure covariate in every arm", () => {
  // Per arm 1,000 users; y = x + noise in both, so the covariate explains most of the spread.
  const arm = (name: string, shift: number) => {
    let sum = 0, sumSquares = 0, sx = 0, sx2 = 0, sxy = 0;
    for (let i = 0; i < 1000; i++) {
      const x = (i % 10) * 3;
      const y = x + shift + ((i * 7) % 5) - 2;
      sum += y; sumSquares += y * y; sx += x; sx2 += x * x; sxy += x * y;
    }
    return { name, users: 1000, sum, sumSquares, covariate: { sum: sx, sumSquares: sx2, sumProducts: sxy } };
  };

  it("narrows the interval, reports the variance removed, and keeps the measured means", () => {
    const arms = [arm("c", 10), arm("t", 10.5)];
    const adjusted = analyze({ metric: "mean", method: "frequentist", difference: "absolute", arms });
    const plain = analyze({ metric: "mean", method: "frequentist", difference: "absolute", arms: arms.map(({ covariate: _, ...a }) => a) });
    expect(adjusted.cupedVarianceReduction).toBeGreaterThan(0.9);
    expect(plain.cupedVarianceReduction).toBeUndefined();
    const width = (o: typeof plain) => o.arms[1]!.ciHigh! - o.arms[1]!.ciLow!;
    expect(width(adjusted)).toBeLessThan(width(plain) / 3);
    // Same covariate distribution in both arms: the adjusted difference is the raw one.
    expect(adjusted.arms[1]!.lift).toBeCloseTo(0.5, 9);
    expect(adjusted.arms[0]).toEqual(plain.arms[0]);
  });

  it("ignores a covariate that only some arms bring", () => {
    const [c, t] = [arm("c", 10), arm("t", 10.5)];
    const { covariate: _, ...bare } = t;
    expect(analyze({ metric: "mean", method: "frequentist", arms: [c, bare] }).cupedVarianceReduction).toBeUndefined();
  });

  it("refuses a malformed covariate naming the field", () => {
    const bad = { ...arm("t", 1), covariate: { sum: 1, sumSquares: -1, sumProducts: 0 } };
    expect(() => analyze({ metric: "mean", method: "frequentist", arms: [arm("c", 1), bad] })).toThrow(/arms\[1\]\.covariate\.sumSquares/);
  });
});
