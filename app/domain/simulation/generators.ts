// What one simulated visitor does: whether they convert and, if so, how much they spend. Conversions are
// Bernoulli; revenue per visitor is zero-inflated lognormal: most visitors spend nothing, a converting one
// spends a lognormal order value, whose long right tail gives the occasional big order that moves revenue
// per visitor.
import { bernoulli, logMean, orderValue, type OrderValue } from "../random/draws";
import type { Rng } from "../random/prng";
import { normalQuantile } from "../stats";

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

/**
 * The order value's q-quantile, exp(μ + σ·z_q): at q = 0.99 the default revenue cap a shop would get from
 * its recent orders (docs/statistics.md, "Revenue capping"), ≈ $476 for the default shop.
 */
export function orderQuantile(order: OrderValue, q: number): number {
  return Math.exp(logMean(order) + order.logSd * normalQuantile(q));
}

/** One visitor's revenue: 0 when they do not convert (probability 1 − p), else one order value (> 0). */
export function visitorRevenue(rng: Rng, model: VisitorModel): number {
  return bernoulli(rng, model.conversionRate) ? orderValue(rng, model.order) : 0;
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
