import { describe, expect, it } from "vitest";
import { COVARIATE_WINDOW_MS, covariateOf, covariateProduct, covariateSums, inCovariateWindow } from "./covariate";

const at = new Date("2026-11-24T12:00:00.000Z");

describe("covariateOf", () => {
  it("is the revenue before exposure, capped at the test's cap", () => {
    expect(covariateOf(120, null)).toBe(120);
    expect(covariateOf(120, 80)).toBe(80);
    expect(covariateOf(50, 80)).toBe(50);
    expect(covariateOf(0, 80)).toBe(0);
  });

  it("never goes below zero (a stored negative value is not revenue)", () => {
    expect(covariateOf(-10, null)).toBe(0);
  });
});

describe("inCovariateWindow", () => {
  it("holds the thirty days strictly before the exposure", () => {
    expect(inCovariateWindow(new Date(at.getTime() - 1), at)).toBe(true);
    expect(inCovariateWindow(new Date(at.getTime() - COVARIATE_WINDOW_MS), at)).toBe(true);
    expect(inCovariateWindow(new Date(at.getTime() - COVARIATE_WINDOW_MS - 1), at)).toBe(false);
    expect(inCovariateWindow(at, at)).toBe(false);
    expect(inCovariateWindow(new Date(at.getTime() + 1), at)).toBe(false);
  });
});

describe("covariateSums and covariateProduct", () => {
  it("add X and X² for a new visitor and X·ΔY for their conversions", () => {
    expect(covariateSums(30)).toEqual({ covariateSum: 30, covariateSquares: 900 });
    expect(covariateProduct(30, 12.5)).toBe(375);
  });

  it("make the figures unknown for a visitor whose X was never looked up", () => {
    expect(covariateSums(null)).toEqual({ covariateSum: null, covariateSquares: null });
    expect(covariateProduct(null, 12.5)).toBeNull();
  });

  it("sum to X·Y over a visitor's conversions in any order, Y their capped revenue", () => {
    const x = 40;
    const cap = 100;
    const values = [30, 90, 10];
    let before = 0;
    let products = 0;
    for (const v of values) {
      const after = Math.min(before + v, cap);
      products += covariateProduct(x, after - Math.min(before, cap)) ?? NaN;
      before += v;
    }
    expect(products).toBe(x * Math.min(130, cap));
  });
});
