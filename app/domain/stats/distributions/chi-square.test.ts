import { describe, expect, it } from "vitest";
import { chiSquareCdf, chiSquareSurvival } from "./chi-square";
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
});
