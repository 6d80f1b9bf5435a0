// How widely a shop's real lifts spread, learned from its completed tests: the spread of chance to win's prior.
import { DEFAULT_PRIOR } from "./bayesian";
import { chiSquareQuantile } from "./distributions/chi-square";

/**
 * One completed comparison: a variant's observed ln(t/c) (the primary goal's conversion rate against
 * control's) and that estimate's variance, as the Bayesian read-out's likelihood has them (lift.ts logRatio).
 */
export interface PastLift {
  logLift: number;
  variance: number;
}

/**
 * The prior's spread is the lower end of a one-sided interval at this confidence: it overstates the spread
 * of real lifts in at most one shop in five, where a point estimate (the median) would in half of them.
 * Overstating it is what makes chance to win over-confident (claims of 95% that are wrong more often);
 * understating it only makes chance to win cautious. Measured by the validity simulation (prior-scenarios.ts).
 */
export const SPREAD_CONFIDENCE = 0.8;
/**
 * The smallest spread learned: the default prior's (bayesian.ts DEFAULT_PRIOR), so a shop's history never makes
 * chance to win more cautious than having none. Below it (real lifts spreading 1%) neither the default nor a
 * learned prior keeps the claims of 95% calibrated: the tests cannot see so small a spread (docs/statistics.md).
 */
export const SPREAD_FLOOR = DEFAULT_PRIOR.sd;
/** The largest: the setting's maximum (50%), beyond which the prior says nothing. */
export const SPREAD_CEILING = 0.5;

/**
 * Q(τ²) = Σ yᵢ²/(vᵢ + τ²): under the model the prior states, true lifts δᵢ ~ N(0, τ²) seen as
 * yᵢ ~ N(δᵢ, vᵢ), each yᵢ/√(vᵢ + τ²) is standard normal and Q is χ² with k degrees of freedom. This is the
 * generalized Q statistic of meta-analysis (DerSimonian & Laird, "Meta-analysis in clinical trials",
 * Controlled Clinical Trials 7:177–188, 1986) with the mean held at the prior's 0 rather than estimated, so
 * that τ² measures the spread around 0 the prior needs (a shop whose changes all win by 3% has lifts 3% from
 * 0, which a spread around their own mean would not count). Strictly decreasing in τ² once some yᵢ ≠ 0.
 */
export function centredQ(lifts: readonly PastLift[], tau2: number): number {
  let q = 0;
  for (const { logLift, variance } of lifts) q += (logLift * logLift) / (variance + tau2);
  return q;
}

/**
 * The lower end of the one-sided `confidence` interval for the spread τ of true lifts: the τ with
 * Q(τ²) = χ²_k's `confidence` quantile, or 0 when Q(0) is already below it (the tests vary no more than their
 * own noise says). This is the Q-profile interval (Viechtbauer, "Confidence intervals for the amount of
 * heterogeneity in meta-analysis", Statistics in Medicine 26:37–52, 2007), which at the median is the
 * Paule–Mandel estimate (Paule & Mandel, "Consensus values and weighting factors", J. Res. NBS 87:377–385,
 * 1982). Exact under the model whatever the tests' sizes, so ten small tests give a low bound, not a wild one.
 */
export function spreadLowerBound(lifts: readonly PastLift[], confidence = SPREAD_CONFIDENCE): number {
  if (lifts.length === 0) throw new RangeError("the spread needs at least one past lift");
  for (const { logLift, variance } of lifts) {
    if (!Number.isFinite(logLift) || !(variance > 0) || !Number.isFinite(variance)) {
      throw new RangeError(`a past lift needs a finite estimate and a positive variance, got ${logLift} ± ${variance}`);
    }
  }
  const target = chiSquareQuantile(confidence, lifts.length);
  if (centredQ(lifts, 0) <= target) return 0;
  // Q(τ²) < Σy²/τ², so Q falls below the target by τ² = Σy²/target: the root lies in [0, that].
  let low = 0;
  let high = lifts.reduce((sum, l) => sum + l.logLift * l.logLift, 0) / target;
  for (let i = 0; i < 200 && high - low > Number.EPSILON * high; i++) {
    const middle = (low + high) / 2;
    if (centredQ(lifts, middle) > target) low = middle;
    else high = middle;
  }
  return Math.sqrt((low + high) / 2);
}

/**
 * The prior's sd on ln(ratio) learned from past lifts: the lower bound above, kept within the setting's
 * range. The empirical-Bayes reading of chance to win (Efron & Morris, "Stein's estimation rule and its
 * competitors — an empirical Bayes approach", JASA 68:117–130, 1973): the prior is the distribution of real
 * effects, estimated from the effects already measured. Deng ("Objective Bayesian two sample hypothesis
 * testing for online controlled experiments", WWW 2015 Companion) learns an A/B prior from past experiments
 * this way, from thousands at Bing; a shop has tens, hence the cautious bound rather than a point estimate.
 */
export function learnedSpread(lifts: readonly PastLift[], confidence = SPREAD_CONFIDENCE): number {
  return Math.min(SPREAD_CEILING, Math.max(SPREAD_FLOOR, spreadLowerBound(lifts, confidence)));
}
