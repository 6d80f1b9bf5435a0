import { describe, expect, it } from "vitest";
import { chiSquareCdf, chiSquareQuantile, chiSquareSurvival } from "./chi-square";
import { normalCdf } from "./normal";

describe("chi-square distribution", () => {
  it("matches the closed form for 2 df: P(X > x) = exp(−x/2)", () => {
    // Hand: the 95th percentile is −2 ln 0.05 = 5.991464547107979; P(X > 20) = e^−10.
    expect(chiSquareSurvival(5.991464547107979, 2)).toBeCloseTo(0.05, 14);
    expect(chiSquareSurvival(20, 2) / Math.exp(-10)).toBeCloseTo(1, 13);
  });

  it("matches the normal for 1 df: P(X > x) = 2Φ(−√x)", () => {
    expect(chiSquareSurvival(2.5, 1)).toBeCloseTo(2 * normalCdf(-Math.sqrt(2.5)), 14);
    // scipy chi2.ppf(.95, 1) = 3.841458820694124.
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 13);
  });

  it("matches the NIST/SEMATECH e-Handbook table 1.3.6.7.4 (upper critical values, 3 decimals)", () => {
    // 1 df, α = 0.001: 10.828; 3 df, α = 0.05: 7.815; 10 df, α = 0.05: 18.307.
    expect(chiSquareSurvival(10.828, 1)).toBeCloseTo(0.001, 6);
    expect(chiSquareSurvival(7.815, 3)).toBeCloseTo(0.05, 4);
    expect(chiSquareSurvival(18.307, 10)).toBeCloseTo(0.05, 5);
  });

  it("matches scipy for the CDF and far tails", () => {
    // scipy 1.17.1: chi2.cdf(3, 4) = 0.4421745996289252; chi2.sf(1000/9, 1) = 5.59455723619152e-26.
    expect(chiSquareCdf(3, 4)).toBeCloseTo(0.4421745996289252, 14);
    expect(chiSquareSurvival(1000 / 9, 1) / 5.59455723619152e-26).toBeCloseTo(1, 10);
  });

  it("is 0/1 at x ≤ 0", () => {
    expect(chiSquareCdf(0, 3)).toBe(0);
    expect(chiSquareSurvival(0, 3)).toBe(1);
  });

  it("inverts the CDF: quantiles match scipy chi2.ppf", () => {
    // scipy 1.17.1: chi2.ppf(.8, 10) = 13.441957574973113, chi2.ppf(.8, 1) = 1.642374415149818,
    // chi2.ppf(.5, 3) = 2.3659738843753377, chi2.ppf(.2, 200) = 183.00279080626865.
    expect(chiSquareQuantile(0.8, 10)).toBeCloseTo(13.441957574973113, 10);
    expect(chiSquareQuantile(0.8, 1)).toBeCloseTo(1.642374415149818, 10);
    expect(chiSquareQuantile(0.5, 3)).toBeCloseTo(2.3659738843753377, 10);
    expect(chiSquareQuantile(0.2, 200)).toBeCloseTo(183.00279080626865, 8);
    // The NIST table's upper 5% point at 10 df, 18.307, read the other way.
    expect(chiSquareQuantile(0.95, 10)).toBeCloseTo(18.307, 3);
  });

  it("refuses a probability outside (0, 1)", () => {
    expect(() => chiSquareQuantile(0, 3)).toThrow(RangeError);
    expect(() => chiSquareQuantile(1, 3)).toThrow(RangeError);
    expect(() => chiSquareQuantile(0.5, 0)).toThrow(RangeError);
  });
});
