import { describe, expect, it } from "vitest";
import { chiSquareSurvival } from "../stats";
import { binomial, binomialLogPmf } from "./binomial";
import { createRng } from "../random/prng";

describe("binomial draws", () => {
  it("has scipy's log-pmf", () => {
    // scipy 1.17.1: binom.logpmf(7, 20, .3) = −1.8062926549204255; binom.logpmf(125, 2500, .05) = −3.3081171742949067.
    expect(binomialLogPmf(20, 0.3, 7)).toBeCloseTo(-1.8062926549204255, 12);
    expect(binomialLogPmf(2500, 0.05, 125)).toBeCloseTo(-3.3081171742949067, 10);
  });

  it("hits the mean np and variance np(1 − p) within 4 standard errors", () => {
    const rng = createRng(11);
    for (const [n, p] of [[20, 0.3], [2500, 0.05], [60_000, 0.5], [1000, 0.97]] as const) {
      const draws = 20_000;
      let sum = 0;
      let squares = 0;
      let whole = true;
      for (let i = 0; i < draws; i++) {
        const x = binomial(rng, n, p);
        whole &&= Number.isInteger(x) && x >= 0 && x <= n;
        sum += x;
        squares += x * x;
      }
      expect(whole).toBe(true);
      const mean = sum / draws;
      const variance = (squares - draws * mean * mean) / (draws - 1);
      const v = n * p * (1 - p);
      expect(Math.abs(mean - n * p)).toBeLessThan(4 * Math.sqrt(v / draws));
      // The sample variance's standard error is about v·√(2/draws) for a near-normal count.
      expect(Math.abs(variance / v - 1)).toBeLessThan(4 * Math.sqrt(2 / draws));
    }
  });

  it("has the binomial's whole distribution: a χ² goodness-of-fit test does not reject at 0.1%", () => {
    const rng = createRng(12);
    const n = 30;
    const p = 0.2;
    const draws = 50_000;
    const counts = new Array<number>(n + 1).fill(0);
    for (let i = 0; i < draws; i++) counts[binomial(rng, n, p)]! += 1;
    // Cells with an expected count of 5 or more; the rest pooled into the two tails.
    let chi = 0;
    let cells = 0;
    let lowTail = [0, 0];
    let highTail = [0, 0];
    for (let k = 0; k <= n; k++) {
      const expected = draws * Math.exp(binomialLogPmf(n, p, k));
      const seen = counts[k] ?? 0;
      if (expected >= 5) {
        chi += (seen - expected) ** 2 / expected;
        cells++;
      } else if (k < n * p) lowTail = [lowTail[0]! + seen, lowTail[1]! + expected];
      else highTail = [highTail[0]! + seen, highTail[1]! + expected];
    }
    for (const [seen, expected] of [lowTail, highTail]) {
      if (expected! > 0) {
        chi += (seen! - expected!) ** 2 / expected!;
        cells++;
      }
    }
    expect(chiSquareSurvival(chi, cells - 1)).toBeGreaterThan(0.001);
  });

  it("handles the edges and refuses what is not a binomial", () => {
    const rng = createRng(13);
    expect(binomial(rng, 0, 0.4)).toBe(0);
    expect(binomial(rng, 50, 0)).toBe(0);
    expect(binomial(rng, 50, 1)).toBe(50);
    expect(() => binomial(rng, -1, 0.5)).toThrow(RangeError);
    expect(() => binomial(rng, 2.5, 0.5)).toThrow(RangeError);
    expect(() => binomial(rng, 10, 1.5)).toThrow(RangeError);
  });
});
