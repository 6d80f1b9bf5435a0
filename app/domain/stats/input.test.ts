import { describe, expect, it } from "vitest";
import { parseAnalysisInput } from "./input";

const valid = {
  metric: "binomial",
  method: "frequentist",
  arms: [
    { name: "control", users: 100, sum: 10 },
    { name: "b", users: 100, sum: 12 },
  ],
};

function errorFor(value: unknown): string {
  const result = parseAnalysisInput(value);
  if (result.ok) throw new Error("expected the input to be rejected");
  return result.error;
}

describe("parseAnalysisInput", () => {
  it("fills the documented defaults", () => {
    const result = parseAnalysisInput(valid);
    expect(result).toEqual({
      ok: true,
      input: {
        metric: "binomial",
        method: "frequentist",
        arms: [
          { name: "control", users: 100, sum: 10, sumSquares: 10 },
          { name: "b", users: 100, sum: 12, sumSquares: 12 },
        ],
        weights: [1, 1],
        alpha: 0.05,
        sequential: false,
        sequentialTuning: 5000,
        difference: "relative",
        prior: { mean: 0, sd: 0.02 },
        correction: "bonferroni",
        nonNegative: true,
      },
    });
  });

  it("keeps explicit settings", () => {
    const result = parseAnalysisInput({
      ...valid,
      weights: [3, 1],
      alpha: 0.1,
      sequential: true,
      sequentialTuning: 800,
      difference: "absolute",
    });
    expect(result.ok && result.input).toMatchObject({
      weights: [3, 1],
      alpha: 0.1,
      sequential: true,
      sequentialTuning: 800,
      difference: "absolute",
    });
  });

  it.each([
    [null, /^input: must be a JSON object/],
    [[1, 2], /^input: must be a JSON object/],
    [{ ...valid, metric: "ratio" }, /^metric: must be one of "binomial", "mean" \(got "ratio"\)/],
    [{ ...valid, method: undefined }, /^method: must be one of .*\(got nothing\)/],
    [{ ...valid, arms: [valid.arms[0]] }, /^arms: must be an array of at least 2 arms/],
    [{ ...valid, arms: "x" }, /^arms: /],
    [{ ...valid, arms: [valid.arms[0], 5] }, /^arms\[1\]: must be an object/],
    [{ ...valid, arms: [valid.arms[0], { name: "", users: 1, sum: 0 }] }, /^arms\[1\]\.name: must be a non-empty string/],
    [{ ...valid, arms: [valid.arms[0], { name: "b", users: -3, sum: 0 }] }, /^arms\[1\]\.users: .*non-negative integer \(got -3\)/],
    [{ ...valid, arms: [valid.arms[0], { name: "b", users: 2.5, sum: 0 }] }, /^arms\[1\]\.users: /],
    [{ ...valid, arms: [valid.arms[0], { name: "b", users: 10, sum: 11 }] }, /^arms\[1\]\.sum: must be at most users \(10\)/],
    [{ ...valid, arms: [valid.arms[0], { name: "b", users: 10, sum: 1.5 }] }, /^arms\[1\]\.sum: /],
    [{ ...valid, arms: [valid.arms[0], { name: "b", users: 10, sum: "3" }] }, /^arms\[1\]\.sum: must be a finite number/],
    [{ ...valid, arms: [valid.arms[0], { name: "b", users: 10, sum: 3, sumSquares: 4 }] }, /^arms\[1\]\.sumSquares: /],
    [{ ...valid, arms: [valid.arms[0], { name: "control", users: 10, sum: 3 }] }, /^arms\[1\]\.name: duplicates arms\[0\]/],
    [{ ...valid, arms: [valid.arms[0], { name: "b", users: 10, sum: 3, visitors: 4 }] }, /^arms\[1\]\.visitors: unknown field/],
    [{ ...valid, sequentialTunning: 10 }, /^sequentialTunning: unknown field/],
    [{ ...valid, weights: [1] }, /^weights: must be an array with one weight per arm \(2\)/],
    [{ ...valid, weights: [1, 0] }, /^weights\[1\]: must be positive/],
    [{ ...valid, alpha: 1 }, /^alpha: must be between 0 and 1/],
    [{ ...valid, alpha: "0.05" }, /^alpha: must be a finite number/],
    [{ ...valid, sequential: "yes" }, /^sequential: must be true or false/],
    [{ ...valid, sequentialTuning: 0 }, /^sequentialTuning: must be a positive number/],
    [{ ...valid, difference: "ratio" }, /^difference: must be one of "relative", "absolute"/],
  ])("rejects %j naming the field", (value, message) => {
    expect(errorFor(value)).toMatch(message);
  });

  describe("mean metrics", () => {
    const mean = (arm: Record<string, unknown>) => ({
      metric: "mean",
      method: "bayesian",
      arms: [{ name: "c", users: 4, sum: 12, sumSquares: 50 }, { name: "t", ...arm }],
    });

    it("accept negative sums (refunds) and require sumSquares", () => {
      expect(parseAnalysisInput(mean({ users: 2, sum: -4, sumSquares: 10 })).ok).toBe(true);
      expect(errorFor(mean({ users: 2, sum: 4 }))).toMatch(/^arms\[1\]\.sumSquares: must be given for a mean metric/);
    });

    it("reject a sum of squares no real values could have (below sum²/users)", () => {
      // Two users summing to 4 have squares summing to at least 4²/2 = 8.
      expect(errorFor(mean({ users: 2, sum: 4, sumSquares: 7 }))).toMatch(/^arms\[1\]\.sumSquares: must be at least/);
      expect(parseAnalysisInput(mean({ users: 2, sum: 4, sumSquares: 8 })).ok).toBe(true);
    });

    it("reject values for an arm without users", () => {
      expect(errorFor(mean({ users: 0, sum: 3, sumSquares: 9 }))).toMatch(/^arms\[1\]\.sum: must be 0/);
    });
  });
});
