import { describe, expect, it } from "vitest";
import { logGamma, logGammaDifference, regularizedGammaP, regularizedGammaQ } from "./gamma";

describe("logGamma", () => {
  it("matches exact values", () => {
    // ln Γ(½) = ln √π = 0.5723649429247001; ln Γ(10) = ln 9! = ln 362880; ln Γ(1) = ln Γ(2) = 0.
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 14);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 13);
    expect(logGamma(1)).toBeCloseTo(0, 14);
    expect(logGamma(2)).toBeCloseTo(0, 14);
  });

  it("agrees across the Lanczos/Stirling switch: ln Γ(x + 1) = ln Γ(x) + ln x", () => {
    for (const x of [98.5, 99.5, 100, 150.25]) expect(logGamma(x + 1)).toBeCloseTo(logGamma(x) + Math.log(x), 11);
  });

  it("computes ln Γ(x) − ln Γ(x + s) without cancellation for huge x", () => {
    // Γ(x)/Γ(x + 1) = 1/x exactly, so the difference at s = 1 is −ln x.
    expect(logGammaDifference(5e6, 1)).toBeCloseTo(-Math.log(5e6), 13);
    expect(logGammaDifference(30, 1)).toBeCloseTo(-Math.log(30), 13);
  });

  it("rejects x ≤ 0", () => {
    expect(() => logGamma(0)).toThrow(RangeError);
  });
});

describe("regularized incomplete gamma", () => {
  it("matches P(1, x) = 1 − e^−x on both sides of the series/fraction switch (x < a + 1 = 2)", () => {
    for (const x of [0.3, 1.9, 2.1, 7]) {
      expect(regularizedGammaP(1, x)).toBeCloseTo(1 - Math.exp(-x), 14);
      expect(regularizedGammaQ(1, x)).toBeCloseTo(Math.exp(-x), 14);
    }
  });

  it("matches P(2, x) = 1 − (1 + x)e^−x (hand, integrating t·e^−t by parts)", () => {
    for (const x of [0.5, 4]) expect(regularizedGammaP(2, x)).toBeCloseTo(1 - (1 + x) * Math.exp(-x), 14);
  });

  it("is 0 and 1 at the ends", () => {
    expect(regularizedGammaP(3, 0)).toBe(0);
    expect(regularizedGammaQ(3, Infinity)).toBe(0);
  });
});
