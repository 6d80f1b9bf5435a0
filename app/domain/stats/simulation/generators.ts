// What one simulated visitor does: whether they convert and, if so, how much they spend. Conversions are
// Bernoulli; revenue per visitor is zero-inflated lognormal: most visitors spend nothing, a converting one
// spends a lognormal order value, whose long right tail gives the occasional big order that moves revenue
// per visitor.
import { normalQuantile } from "../distributions/normal";
import type { Rng } from "./prng";

/** Order value X = exp(N(μ, σ²)), given by its mean E[X] = exp(μ + σ²/2) and its log-scale sd σ. */
export interface OrderValue {
  mean: number;
  logSd: number;
}

/** A visitor converts with probability `conversionRate` and then spends one order drawn from `order`. */
export interface VisitorModel {
  conversionRate: number;
  order: OrderValue;
  /**
   * Visitors differ (the CUPED scenario): each has a propensity λ ~ Gamma(shape, 1/shape) (mean 1) that
   * multiplies both their rate in the test and `preConversionRate`, their chance of an order in the window
   * before exposure. Absent: every visitor alike and nothing before exposure.
   */
  history?: { shape: number; preConversionRate: number };
}

/**
 * The simulation's default shop: 5% of visitors convert; orders average $60 with log-sd 1.2 (median
 * ≈ $29, 99th percentile ≈ $476, skewness of an order ≈ 11). Revenue per visitor then has 95% zeros,
 * mean $3, sd ≈ $27.4 and skewness ≈ 39 (visitorMoments): by Kohavi's rule (n > 355·skewness² per arm:
 * Kohavi, Deng, Longbotham & Xu, "Seven rules of thumb for web site experimenters", KDD 2014, rule 7; Kohavi,
 * Tang & Xu, "Trustworthy Online Controlled Experiments", 2020, ch. 17) its mean is near-normal only from
 * about 540,000 visitors per arm, so a test of tens of thousands of visitors sees it far from normal.
 */
export const DEFAULT_VISITOR: VisitorModel = { conversionRate: 0.05, order: { mean: 60, logSd: 1.2 } };

/** μ of the order value's log: ln E[X] − σ²/2. */
export const logMean = (order: OrderValue): number => Math.log(order.mean) - (order.logSd * order.logSd) / 2;

/**
 * The order value's q-quantile, exp(μ + σ·z_q): at q = 0.99 the default revenue cap a shop would get from
 * its recent orders (docs/statistics.md, "Revenue capping"), ≈ $476 for the default shop.
 */
export function orderQuantile(order: OrderValue, q: number): number {
  return Math.exp(logMean(order) + order.logSd * normalQuantile(q));
}

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

/** One visitor's revenue: 0 when they do not convert (probability 1 − p), else one order value (> 0). */
export function visitorRevenue(rng: Rng, model: VisitorModel): number {
  return bernoulli(rng, model.conversionRate) ? orderValue(rng, model.order) : 0;
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

export interface Moments {
  mean: number;
  variance: number;
  skewness: number;
}

/**
 * Exact moments of one visitor's revenue R = B·X, B ~ Bernoulli(p), X lognormal: E[Rᵏ] = p·exp(kμ + k²σ²/2),
 * from which the variance and the skewness follow.
 */
export function visitorMoments(model: VisitorModel): Moments {
  const mu = logMean(model.order);
  const s2 = model.order.logSd * model.order.logSd;
  const raw = (k: number) => model.conversionRate * Math.exp(k * mu + (k * k * s2) / 2);
  const m1 = raw(1);
  const m2 = raw(2);
  const m3 = raw(3);
  const variance = m2 - m1 * m1;
  const third = m3 - 3 * m1 * m2 + 2 * m1 * m1 * m1;
  return { mean: m1, variance, skewness: third / variance ** 1.5 };
}
