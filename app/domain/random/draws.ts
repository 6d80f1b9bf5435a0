// Draws from a seeded generator (prng.ts): Bernoulli, standard normal, gamma and lognormal variates and an
// arm by its share, for the validity simulation and for the property tests that sample data.
import type { Rng } from "./prng";

/** Order value X = exp(N(μ, σ²)), given by its mean E[X] = exp(μ + σ²/2) and its log-scale sd σ. */
export interface OrderValue {
  mean: number;
  logSd: number;
}

/** μ of the order value's log: ln E[X] − σ²/2. */
export const logMean = (order: OrderValue): number => Math.log(order.mean) - (order.logSd * order.logSd) / 2;

/**
 * One Gamma(shape, 1) draw: Marsaglia & Tsang, "A simple method for generating gamma variables", ACM TOMS
 * 26:363, 2000; for shape < 1 by Gamma(shape + 1)·U^(1/shape).
 */
export function gamma(rng: Rng, shape: number): number {
  if (shape < 1) return gamma(rng, shape + 1) * Math.pow(1 - rng.next(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = standardNormal(rng);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    const u = 1 - rng.next();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

export function bernoulli(rng: Rng, p: number): boolean {
  return rng.next() < p;
}

/** One standard normal draw by the Box–Muller transform (Box & Muller, Ann. Math. Stat. 29:610, 1958). */
export function standardNormal(rng: Rng): number {
  // 1 − u is in (0, 1], so the logarithm is finite.
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function orderValue(rng: Rng, order: OrderValue): number {
  return Math.exp(logMean(order) + order.logSd * standardNormal(rng));
}

/**
 * The arm a visitor lands in, for arms with the given shares (any positive weights): the first arm whose
 * cumulative share exceeds a uniform draw.
 */
export function pickArm(rng: Rng, cumulativeShares: readonly number[]): number {
  const u = rng.next();
  for (let i = 0; i < cumulativeShares.length - 1; i++) if (u < (cumulativeShares[i] ?? 1)) return i;
  return cumulativeShares.length - 1;
}

/** Running shares w₁/Σw, (w₁ + w₂)/Σw, …, ending at exactly 1. */
export function cumulativeShares(weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  return weights.map((w, i) => (i === weights.length - 1 ? 1 : (running += w) / total));
}
