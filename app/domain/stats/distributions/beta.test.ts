import { describe, expect, it } from "vitest";
import { logBeta, regularizedBeta } from "./beta";

describe("logBeta", () => {
  it("matches B(a, b) = Γ(a)Γ(b)/Γ(a + b) at small integers and halves", () => {
    // B(2, 3) = 1!·2!/4! = 1/12; B(½, ½) = π.
    expect(logBeta(2, 3)).toBeCloseTo(Math.log(1 / 12), 14);
    expect(logBeta(0.5, 0.5)).toBeCloseTo(Math.log(Math.PI), 14);
  });

  it("stays exact when one argument is huge: B(a, 1) = 1/a", () => {
    expect(logBeta(2.5e6, 1)).toBeCloseTo(-Math.log(2.5e6), 12);
  });
});

describe("regularizedBeta", () => {
  it("matches the closed forms I_x(a, 1) = x^a and I_x(1, b) = 1 − (1 − x)^b", () => {
    for (const x of [0.1, 0.5, 0.93]) {
      expect(regularizedBeta(x, 3.5, 1)).toBeCloseTo(x ** 3.5, 14);
      expect(regularizedBeta(x, 1, 4)).toBeCloseTo(1 - (1 - x) ** 4, 14);
    }
  });

  it("is symmetric: I_x(a, b) = 1 − I_{1−x}(b, a)", () => {
    expect(regularizedBeta(0.3, 2.5, 7)).toBeCloseTo(1 - regularizedBeta(0.7, 7, 2.5), 14);
  });

  it("rejects arguments outside its domain", () => {
    expect(() => regularizedBeta(1.2, 1, 1)).toThrow(RangeError);
    expect(() => regularizedBeta(0.5, 0, 1)).toThrow(RangeError);
  });
});
