import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalCdf, normalPdf, normalQuantile } from "./normal";

describe("normalCdf", () => {
  it("is ½ at 0 (symmetry)", () => {
    expect(normalCdf(0)).toBe(0.5);
  });

  it("matches the NIST/SEMATECH e-Handbook table 1.3.6.7.1 (area from 0 to z, 5 decimals)", () => {
    // Table: 1.00 → 0.34134, 1.96 → 0.47500, 3.00 → 0.49865; Φ(z) = 0.5 + area.
    expect(normalCdf(1)).toBeCloseTo(0.84134, 5);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 5);
    expect(normalCdf(3)).toBeCloseTo(0.99865, 5);
    expect(normalCdf(-1.96)).toBeCloseTo(0.025, 5);
  });

  it("matches scipy.stats.norm.cdf to 1e-13 relative, far tails included", () => {
    // scipy 1.17.1: norm.cdf(1) = 0.8413447460685429, norm.cdf(-1.5) = 0.06680720126885807,
    // norm.cdf(-8) = 6.22096057427174e-16, norm.cdf(-20) = 2.7536241186061556e-89.
    const cases: Array<[number, number]> = [
      [1, 0.8413447460685429],
      [-1.5, 0.06680720126885807],
      [-8, 6.22096057427174e-16],
      [-20, 2.7536241186061556e-89],
    ];
    for (const [z, expected] of cases) expect(Math.abs(normalCdf(z) / expected - 1)).toBeLessThan(1e-13);
  });

  it("has Φ(z) + Φ(−z) = 1", () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), (z) => {
        expect(normalCdf(z) + normalCdf(-z)).toBeCloseTo(1, 14);
      }),
    );
  });
});

describe("normalPdf", () => {
  it("is 1/√(2π) at 0 and e^(−½)/√(2π) at 1 (hand: 0.3989422804014327, 0.24197072451914337)", () => {
    expect(normalPdf(0)).toBeCloseTo(0.3989422804014327, 15);
    expect(normalPdf(1)).toBeCloseTo(0.24197072451914337, 15);
  });
});

describe("normalQuantile", () => {
  it("gives the classic critical values (scipy norm.ppf: 1.959963984540054, 1.6448536269514722, 2.5758293035489004, 0.8416212335729143)", () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 14);
    expect(normalQuantile(0.95)).toBeCloseTo(1.6448536269514722, 14);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489004, 14);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 14);
    expect(normalQuantile(0.5)).toBe(0);
  });

  it("is accurate in the far tail (scipy norm.ppf(1e-10) = -6.361340902404056)", () => {
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 12);
  });

  it("returns ±Infinity at 0 and 1 and rejects probabilities outside [0, 1]", () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(() => normalQuantile(1.5)).toThrow(RangeError);
    expect(() => normalQuantile(Number.NaN)).toThrow(RangeError);
  });

  // Lower half only: above 0, Φ(z) = 1 − tiny has already rounded away the digits the inverse would need.
  it("inverts normalCdf", () => {
    fc.assert(
      fc.property(fc.double({ min: -37, max: 0, noNaN: true }), (z) => {
        expect(normalQuantile(normalCdf(z))).toBeCloseTo(z, 9);
      }),
    );
  });
});
