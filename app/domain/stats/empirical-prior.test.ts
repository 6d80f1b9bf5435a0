import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalQuantile } from "./distributions/normal";
import { centredQ, learnedSpread, spreadLowerBound, SPREAD_CEILING, SPREAD_FLOOR, type PastLift } from "./empirical-prior";
import { createRng } from "../random/prng";
import { standardNormal } from "../random/draws";

// Ten comparisons with variances 0.0009–0.002 (tests of a few thousand visitors per arm).
const LIFTS: PastLift[] = [
  [0.05, 0.001], [-0.03, 0.0015], [0.12, 0.002], [0.01, 0.001], [-0.08, 0.0012],
  [0.04, 0.0009], [0, 0.0011], [-0.02, 0.0013], [0.09, 0.0016], [-0.06, 0.001],
].map(([logLift, variance]) => ({ logLift: logLift ?? 0, variance: variance ?? 1 }));

describe("the spread of a shop's real lifts", () => {
  it("Q is Σy²/(v + τ²) (by hand for two lifts)", () => {
    // 0.04/(0.01 + 0.01) + 0.01/(0.03 + 0.01) = 2 + 0.25.
    expect(centredQ([{ logLift: 0.2, variance: 0.01 }, { logLift: -0.1, variance: 0.03 }], 0.01)).toBeCloseTo(2.25, 14);
  });

  it("matches scipy: the τ with Q(τ²) = χ²₁₀'s 80% quantile (13.441957574973113)", () => {
    // Q(0) = 26.48 > 13.44; scipy brentq on Σy²/(v + τ²) − chi2.ppf(.8, 10): τ = 0.036539699213057907, and at
    // the median (chi2.ppf(.5, 10) = 9.34181776559197, the Paule–Mandel estimate) τ = 0.050573521561379564.
    expect(spreadLowerBound(LIFTS)).toBeCloseTo(0.036539699213057907, 12);
    expect(spreadLowerBound(LIFTS, 0.5)).toBeCloseTo(0.050573521561379564, 12);
  });

  it("is 0 when the lifts vary no more than their own noise, and the floor then applies", () => {
    const quiet = LIFTS.map((l) => ({ ...l, logLift: l.logLift / 10 }));
    expect(centredQ(quiet, 0)).toBeLessThan(13.44);
    expect(spreadLowerBound(quiet)).toBe(0);
    expect(learnedSpread(quiet)).toBe(SPREAD_FLOOR);
  });

  it("keeps a wild history within the setting's range", () => {
    expect(learnedSpread(LIFTS.map((l) => ({ ...l, logLift: l.logLift * 100 })))).toBe(SPREAD_CEILING);
    expect(learnedSpread(LIFTS)).toBeCloseTo(0.036539699213057907, 12);
  });

  it("grows with the lifts' spread and shrinks as more of it is the tests' own noise", () => {
    fc.assert(
      fc.property(fc.double({ min: 1.01, max: 5, noNaN: true }), (factor) => {
        const wider = LIFTS.map((l) => ({ ...l, logLift: l.logLift * factor }));
        const noisier = LIFTS.map((l) => ({ ...l, variance: l.variance * factor }));
        expect(spreadLowerBound(wider)).toBeGreaterThan(spreadLowerBound(LIFTS));
        expect(spreadLowerBound(noisier)).toBeLessThan(spreadLowerBound(LIFTS));
      }),
    );
  });

  it("is a lower bound: it overstates the true spread in about one history in five", () => {
    // 2,000 histories of 10 tests (sd 0.03 of noise each) drawn from a true spread of 5%: the bound exceeds
    // 5% in 20% of them (±0.9 pp, one binomial standard error); a point estimate would in about half.
    const rng = createRng(7);
    const trials = 2000;
    let over = 0;
    let overAtMedian = 0;
    for (let t = 0; t < trials; t++) {
      const lifts = Array.from({ length: 10 }, () => ({ logLift: 0.05 * standardNormal(rng) + 0.03 * standardNormal(rng), variance: 0.03 ** 2 }));
      if (spreadLowerBound(lifts) > 0.05) over++;
      if (spreadLowerBound(lifts, 0.5) > 0.05) overAtMedian++;
    }
    const se = Math.sqrt((0.2 * 0.8) / trials);
    expect(Math.abs(over / trials - 0.2)).toBeLessThan(3 * se);
    expect(Math.abs(overAtMedian / trials - 0.5)).toBeLessThan(3 * Math.sqrt(0.25 / trials));
  });

  it("for one lift, solves y²/(v + τ²) = χ²₁'s quantile in closed form: τ² = y²/q − v", () => {
    const q = normalQuantile(0.9) ** 2; // χ²₁'s 80% quantile is z₀.₉²
    expect(spreadLowerBound([{ logLift: 0.3, variance: 0.01 }])).toBeCloseTo(Math.sqrt(0.09 / q - 0.01), 10);
  });

  it("refuses an empty history and a lift without a usable variance", () => {
    expect(() => spreadLowerBound([])).toThrow(RangeError);
    expect(() => spreadLowerBound([{ logLift: 0.1, variance: 0 }])).toThrow(RangeError);
    expect(() => spreadLowerBound([{ logLift: Number.NaN, variance: 0.01 }])).toThrow(RangeError);
  });
});
