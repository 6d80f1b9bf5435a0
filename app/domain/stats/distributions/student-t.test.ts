import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalQuantile } from "./normal";
import { studentTCdf, studentTPdf, studentTQuantile } from "./student-t";

describe("studentTCdf", () => {
  it("matches the closed form for df = 1 (Cauchy): F(t) = ½ + atan(t)/π", () => {
    // Hand: F(1) = ½ + (π/4)/π = 0.75; F(−3) = ½ − atan(3)/π = 0.10241638234956672.
    expect(studentTCdf(1, 1)).toBeCloseTo(0.75, 14);
    expect(studentTCdf(-3, 1)).toBeCloseTo(0.5 + Math.atan(-3) / Math.PI, 14);
  });

  it("matches the closed form for df = 2: F(t) = ½ + t/(2√(t² + 2))", () => {
    // Hand: F(1) = ½ + 1/(2√3) = 0.7886751345948129.
    expect(studentTCdf(1, 2)).toBeCloseTo(0.5 + 1 / (2 * Math.sqrt(3)), 14);
    expect(studentTCdf(-5, 2)).toBeCloseTo(0.5 - 5 / (2 * Math.sqrt(27)), 14);
  });

  it("matches scipy.stats.t.cdf, including fractional and very large df", () => {
    // scipy 1.17.1: t.cdf(2, 5) = 0.9490302605850708; t.cdf(-3, 2.5) = 0.036288047774515914;
    // t.cdf(-6, 40) = 2.3632275663940903e-07; t.cdf(-4, 5e6) = 3.167169685821019e-05.
    const cases: Array<[number, number, number]> = [
      [2, 5, 0.9490302605850708],
      [-3, 2.5, 0.036288047774515914],
      [-6, 40, 2.3632275663940903e-7],
      [-4, 5e6, 3.167169685821019e-5],
    ];
    for (const [t, df, expected] of cases) expect(Math.abs(studentTCdf(t, df) / expected - 1)).toBeLessThan(1e-10);
  });

  it("has F(t) + F(−t) = 1", () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: 0.5, max: 1e8, noNaN: true }), (t, df) => {
        expect(studentTCdf(t, df) + studentTCdf(-t, df)).toBeCloseTo(1, 12);
      }),
    );
  });
});

describe("studentTPdf", () => {
  it("is 1/π at 0 for df = 1 and 1/(2√2) at 0 for df = 2 (hand)", () => {
    expect(studentTPdf(0, 1)).toBeCloseTo(1 / Math.PI, 14);
    expect(studentTPdf(0, 2)).toBeCloseTo(1 / (2 * Math.SQRT2), 14);
  });
});

describe("studentTQuantile", () => {
  it("matches the NIST/SEMATECH e-Handbook t table 1.3.6.7.2 (3 decimals)", () => {
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.228, 3);
    expect(studentTQuantile(0.95, 5)).toBeCloseTo(2.015, 3);
    expect(studentTQuantile(0.995, 30)).toBeCloseTo(2.75, 3);
    expect(studentTQuantile(0.975, 100)).toBeCloseTo(1.984, 3);
  });

  it("matches the closed forms for df = 1 and 2", () => {
    // df = 1: tan(π(p − ½)); at 0.975 that is tan(0.475π) = 12.706204736174707 (table: 12.706).
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(Math.tan(0.475 * Math.PI), 9);
    // df = 2: (2p − 1)/√(2p(1 − p)) = 0.95/√0.04875 = 4.302652729749464 (table: 4.303).
    expect(studentTQuantile(0.975, 2)).toBeCloseTo(0.95 / Math.sqrt(0.04875), 12);
  });

  it("matches scipy.stats.t.ppf at fractional and large df", () => {
    // scipy 1.17.1: t.ppf(.975, 10) = 2.228138851986274; t.ppf(.975, 17.776) = 2.102821310380221;
    // t.ppf(.995, 3.5) = 5.085702223091256; t.ppf(.975, 1e7) = 1.959964221767205.
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.228138851986274, 12);
    expect(studentTQuantile(0.975, 17.776)).toBeCloseTo(2.102821310380221, 12);
    expect(studentTQuantile(0.995, 3.5)).toBeCloseTo(5.085702223091256, 11);
    expect(studentTQuantile(0.975, 1e7)).toBeCloseTo(1.959964221767205, 12);
  });

  it("tends to the normal quantile and is odd", () => {
    expect(studentTQuantile(0.975, Infinity)).toBe(normalQuantile(0.975));
    expect(studentTQuantile(0.025, 7)).toBeCloseTo(-studentTQuantile(0.975, 7), 13);
    expect(studentTQuantile(0.5, 3)).toBe(0);
  });

  it("inverts studentTCdf", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }), fc.double({ min: 1, max: 1e7, noNaN: true }), (p, df) => {
        expect(studentTCdf(studentTQuantile(p, df), df)).toBeCloseTo(p, 10);
      }),
    );
  });

  it("rejects df ≤ 0", () => {
    expect(() => studentTQuantile(0.9, 0)).toThrow(RangeError);
    expect(() => studentTCdf(1, -2)).toThrow(RangeError);
  });
});
