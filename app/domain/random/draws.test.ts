import { describe, expect, it } from "vitest";
import { bernoulli, cumulativeShares, logMean, orderValue, pickArm, standardNormal } from "./draws";
import { createRng } from "./prng";

const N = 200_000;

function sample(draw: () => number, n = N): { mean: number; variance: number } {
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < n; i++) {
    const x = draw();
    sum += x;
    sumSquares += x * x;
  }
  const mean = sum / n;
  return { mean, variance: (sumSquares - n * mean * mean) / (n - 1) };
}

describe("draws", () => {
  it("bernoulli hits its rate within 4 standard errors", () => {
    const rng = createRng(1);
    const { mean } = sample(() => Number(bernoulli(rng, 0.05)));
    expect(Math.abs(mean - 0.05)).toBeLessThan(4 * Math.sqrt((0.05 * 0.95) / N));
  });

  it("standardNormal has mean 0, variance 1 and 95% within ±1.96", () => {
    const rng = createRng(2);
    let inside = 0;
    const { mean, variance } = sample(() => {
      const z = standardNormal(rng);
      if (Math.abs(z) < 1.959964) inside++;
      return z;
    });
    expect(Math.abs(mean)).toBeLessThan(4 / Math.sqrt(N));
    // Var of a sample variance of normals: 2/(n − 1).
    expect(Math.abs(variance - 1)).toBeLessThan(4 * Math.sqrt(2 / N));
    expect(Math.abs(inside / N - 0.95)).toBeLessThan(4 * Math.sqrt((0.95 * 0.05) / N));
  });

  it("orderValue is lognormal with the documented mean: its log has mean μ and sd σ, its mean is $60", () => {
    const rng = createRng(3);
    // The simulation's default shop's orders (DEFAULT_VISITOR.order).
    const order = { mean: 60, logSd: 1.2 };
    const values: number[] = [];
    const logs = sample(() => {
      const x = orderValue(rng, order);
      values.push(x);
      return Math.log(x);
    });
    expect(Math.abs(logs.mean - logMean(order))).toBeLessThan(4 * Math.sqrt((order.logSd ** 2) / N));
    expect(Math.abs(Math.sqrt(logs.variance) - order.logSd)).toBeLessThan(0.01);
    // sd of an order: mean·√(e^{σ²} − 1) ≈ 107; 4 standard errors of the mean ≈ 0.96.
    const orderSd = order.mean * Math.sqrt(Math.exp(order.logSd ** 2) - 1);
    const mean = values.reduce((a, b) => a + b, 0) / N;
    expect(Math.abs(mean - order.mean)).toBeLessThan(4 * (orderSd / Math.sqrt(N)));
  });

  it("pickArm follows the shares (90/10)", () => {
    const rng = createRng(5);
    const shares = cumulativeShares([9, 1]);
    expect(shares).toEqual([0.9, 1]);
    const { mean } = sample(() => pickArm(rng, shares));
    expect(Math.abs(mean - 0.1)).toBeLessThan(4 * Math.sqrt((0.1 * 0.9) / N));
    expect(cumulativeShares([1, 1, 1, 1])).toEqual([0.25, 0.5, 0.75, 1]);
  });
});
