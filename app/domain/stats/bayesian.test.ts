import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bayesianTest, chanceToWin, credibleInterval, effectPosterior, expectedLoss } from "./bayesian";
import { analyze } from "./engine";

// Hand values at μ = 0.1, σ = 0.1 (z = 1): Φ(1) = 0.8413447460685429 (A&S table 26.1: 0.8413447461),
// φ(1) = e^(−½)/√(2π) = 0.24197072451914337, Φ(−1) = 0.15865525393145707.
describe("chance to win and risk", () => {
  const posterior = { mean: 0.1, sd: 0.1 };

  it("chance to win is Φ(μ/σ)", () => {
    expect(chanceToWin(posterior)).toBeCloseTo(0.8413447460685429, 14);
  });

  it("risks match the closed form by hand", () => {
    // riskVariant = σφ(1) − μΦ(−1) = 0.024197072451914337 − 0.015865525393145707 = 0.00833154705876863
    // riskControl = σφ(1) + μΦ(1)  = 0.024197072451914337 + 0.08413447460685429  = 0.10833154705876864
    const { riskControl, riskVariant } = expectedLoss(posterior);
    expect(riskVariant).toBeCloseTo(0.00833154705876863, 14);
    expect(riskControl).toBeCloseTo(0.10833154705876864, 14);
  });

  it("risks differ by the posterior mean: E[max(0, X)] − E[max(0, −X)] = E[X]", () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: 1e-3, max: 10, noNaN: true }), (mean, sd) => {
        const { riskControl, riskVariant } = expectedLoss({ mean, sd });
        expect(riskControl - riskVariant).toBeCloseTo(mean, 9);
        expect(riskControl).toBeGreaterThanOrEqual(0);
        expect(riskVariant).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("the credible interval is μ ± z₀.₉₇₅σ (z from scipy norm.ppf(.975) = 1.959963984540054)", () => {
    const { ciLow, ciHigh } = credibleInterval(posterior, 0.05);
    expect(ciLow).toBeCloseTo(0.1 - 0.1959963984540054, 14);
    expect(ciHigh).toBeCloseTo(0.1 + 0.1959963984540054, 14);
  });
});

describe("effectPosterior", () => {
  it("is the likelihood itself under the default flat prior", () => {
    expect(effectPosterior({ estimate: 0.2, variance: 0.04 })).toEqual({ mean: 0.2, sd: 0.2 });
  });

  it("combines precisions with a normal prior (hand)", () => {
    // Likelihood N(0.1, 0.01), prior N(0, 0.01): precision 100 + 100 = 200, mean (0.1 × 100 + 0)/200 = 0.05,
    // sd = √(1/200) = 0.07071067811865475.
    const p = effectPosterior({ estimate: 0.1, variance: 0.01 }, { mean: 0, variance: 0.01 });
    expect(p.mean).toBeCloseTo(0.05, 15);
    expect(p.sd).toBeCloseTo(Math.sqrt(1 / 200), 15);
  });
});

describe("Bayesian analysis in the engine", () => {
  it("reproduces the hand values from rollups built to give μ = 0.1, σ = 0.1 (absolute)", () => {
    // Each arm: 100 users with sample variance 0.5, so SE² = 0.5/100 + 0.5/100 = 0.01.
    // sumSquares = (n − 1)s² + sum²/n: control 99 × 0.5 + 100²/100 = 149.5, variant 49.5 + 110²/100 = 170.5.
    const out = analyze({
      metric: "mean",
      method: "bayesian",
      difference: "absolute",
      // The flat prior, for the hand values; the default prior is tested below.
      prior: null,
      arms: [
        { name: "control", users: 100, sum: 100, sumSquares: 149.5 },
        { name: "variant", users: 100, sum: 110, sumSquares: 170.5 },
      ],
    });
    const arm = out.arms[1];
    expect(arm?.lift).toBeCloseTo(0.1, 12);
    expect(arm?.chanceToWin).toBeCloseTo(0.8413447460685429, 10);
    expect(arm?.riskVariant).toBeCloseTo(0.00833154705876863, 10);
    expect(arm?.riskControl).toBeCloseTo(0.10833154705876864, 10);
    expect(arm?.pValue).toBeUndefined();
  });

  it("shrinks toward no effect under the default prior N(0, 0.02²) on the relative effect, scaled by the control mean", () => {
    // Same data: estimate 0.1 with variance 0.01; the prior on t − c is N(0, (0.02 × 1)²) = variance 0.0004.
    // Precision 100 + 2500 = 2600: posterior mean 0.1 × 100/2600 = 0.0038461538, sd √(1/2600) = 0.0196116;
    // Φ(0.1961161) = 0.57774036626353 (scipy norm.cdf).
    const out = analyze({
      metric: "mean",
      method: "bayesian",
      difference: "absolute",
      arms: [
        { name: "control", users: 100, sum: 100, sumSquares: 149.5 },
        { name: "variant", users: 100, sum: 110, sumSquares: 170.5 },
      ],
    });
    expect(out.arms[1]?.lift).toBeCloseTo(0.0038461538461538464, 12);
    expect(out.arms[1]?.chanceToWin).toBeCloseTo(0.57774036626353, 10);
  });

  it("puts chance to win on the lift of a rate: Φ(0.2/√0.02352) for 100/1000 vs 120/1000", () => {
    // Lift and its delta-method variance by hand in lift.test.ts: 0.2 and 0.02352; z = 0.2/0.15336231610144652
    // = 1.304100...; Φ(1.3041) ≈ 0.9039 (normal table: Φ(1.30) = 0.9032, Φ(1.31) = 0.9049).
    const result = bayesianTest({ estimate: 0.2, variance: 0.02352 }, 0.05);
    expect(result.chanceToWin).toBeGreaterThan(0.9032);
    expect(result.chanceToWin).toBeLessThan(0.9049);
  });
});
