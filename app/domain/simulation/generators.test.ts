import { describe, expect, it } from "vitest";
import { DEFAULT_VISITOR, visitorMoments, visitorRevenue } from "./generators";
import { createRng } from "../random/prng";

describe("generators", () => {
  it("visitorRevenue has 95% zeros and the exact mean and variance of visitorMoments", () => {
    const rng = createRng(4);
    let zeros = 0;
    let sum = 0;
    let sumSquares = 0;
    const n = 1_000_000;
    for (let i = 0; i < n; i++) {
      const r = visitorRevenue(rng, DEFAULT_VISITOR);
      if (r === 0) zeros++;
      sum += r;
      sumSquares += r * r;
    }
    const mean = sum / n;
    const variance = (sumSquares - n * mean * mean) / (n - 1);
    const exact = visitorMoments(DEFAULT_VISITOR);
    expect(exact.mean).toBeCloseTo(3, 10);
    // E[R²] = p·E[X²] = 0.05·60²·e^{1.44}; variance = that − 9.
    expect(exact.variance).toBeCloseTo(0.05 * 3600 * Math.exp(1.44) - 9, 8);
    expect(exact.skewness).toBeGreaterThan(30);
    expect(Math.abs(zeros / n - 0.95)).toBeLessThan(4 * Math.sqrt((0.05 * 0.95) / n));
    expect(Math.abs(mean - exact.mean)).toBeLessThan(4 * Math.sqrt(exact.variance / n));
    // The sample variance of a heavy tail converges slowly: 15% is several of its standard errors here.
    expect(Math.abs(variance / exact.variance - 1)).toBeLessThan(0.15);
  });
});
