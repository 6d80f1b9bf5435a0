// Bayesian read-out: normal posterior of the effect under a proper prior, chance to beat control, interval, risk.
import type { EffectEstimate } from "./lift";
import { normalCdf, normalPdf, normalQuantile } from "./distributions/normal";
import type { PriorInput } from "./types";

export interface GaussianPrior {
  mean: number;
  variance: number;
}

export interface Posterior {
  mean: number;
  sd: number;
}

export interface BayesianResult {
  /** Posterior centre of the effect (relative: e^μ − 1, the posterior median of the ratio, minus 1). */
  lift: number;
  ciLow: number;
  ciHigh: number;
  chanceToWin: number;
  riskControl: number;
  riskVariant: number;
}

/**
 * The default prior on the relative effect: N(0, 0.02²) on ln(ratio), "19 lifts in 20 within ±4%". A flat prior
 * turns the p-value into a "chance to win" that is over-confident whenever real lifts are small, as they mostly
 * are (Deng, Lu & Chen, "Continuous monitoring of A/B tests without pain: optional stopping in Bayesian
 * testing", DSAA 2016: the posterior stays calibrated under optional stopping only when the prior matches the
 * spread of real effects; Azevedo, Deng, Montiel Olea, Rao & Weyl, "A/B testing with fat tails", JPE 2020, on
 * how small most are). A prior wider than the real spread is over-confident, a narrower one only cautious, so
 * the default is the smallest spread chance to win is promised for (2%): with 5% the claims of 95% were wrong
 * in about one in six when real lifts spread 2% (16.5%; docs/statistics.md, "Bayesian"). A shop's page
 * uses its setting (this by default) until it learns the spread from its completed tests (empirical-prior.ts).
 */
export const DEFAULT_PRIOR: PriorInput = { mean: 0, sd: 0.02 };

/**
 * Normal likelihood N(estimate, SE²) (the same large-sample approximation the frequentist side uses) times
 * a normal prior; with no prior (flat) the posterior is the likelihood itself. Precisions add.
 */
export function effectPosterior(effect: EffectEstimate, prior?: GaussianPrior | null): Posterior {
  if (!prior) return { mean: effect.estimate, sd: Math.sqrt(effect.variance) };
  const precision = 1 / effect.variance + 1 / prior.variance;
  const mean = (effect.estimate / effect.variance + prior.mean / prior.variance) / precision;
  return { mean, sd: Math.sqrt(1 / precision) };
}

/** P(effect > 0) = Φ(μ/σ). */
export function chanceToWin(posterior: Posterior): number {
  return normalCdf(posterior.mean / posterior.sd);
}

/**
 * Expected loss of each decision. Shipping the variant loses −X when the effect X is negative:
 * E[max(0, −X)] = σφ(μ/σ) − μΦ(−μ/σ); keeping control loses X when it is positive:
 * E[max(0, X)] = σφ(μ/σ) + μΦ(μ/σ). Both are in the effect's units (absolute).
 */
export function expectedLoss(posterior: Posterior): { riskControl: number; riskVariant: number } {
  const { mean, sd } = posterior;
  const z = mean / sd;
  const density = sd * normalPdf(z);
  return {
    riskControl: Math.max(0, density + mean * normalCdf(z)),
    riskVariant: Math.max(0, density - mean * normalCdf(-z)),
  };
}

/**
 * The same losses for a relative effect whose log X is N(μ, σ²): the lift is e^X − 1, and the lognormal's
 * partial expectations give E[max(0, e^X − 1)] = e^{μ+σ²/2}Φ(μ/σ + σ) − Φ(μ/σ) and
 * E[max(0, 1 − e^X)] = Φ(−μ/σ) − e^{μ+σ²/2}Φ(−μ/σ − σ).
 */
export function expectedRelativeLoss(posterior: Posterior): { riskControl: number; riskVariant: number } {
  const { mean, sd } = posterior;
  const z = mean / sd;
  const scale = Math.exp(mean + (sd * sd) / 2);
  return {
    riskControl: Math.max(0, scale * normalCdf(z + sd) - normalCdf(z)),
    riskVariant: Math.max(0, normalCdf(-z) - scale * normalCdf(-z - sd)),
  };
}

/** Central 1 − alpha credible interval. */
export function credibleInterval(posterior: Posterior, alpha: number): { ciLow: number; ciHigh: number } {
  const halfWidth = normalQuantile(1 - alpha / 2) * posterior.sd;
  return { ciLow: posterior.mean - halfWidth, ciHigh: posterior.mean + halfWidth };
}

/** An absolute effect (t − c): posterior, interval and losses in the metric's units. */
export function bayesianTest(effect: EffectEstimate, alpha: number, prior?: GaussianPrior | null): BayesianResult {
  const posterior = effectPosterior(effect, prior);
  return {
    lift: posterior.mean,
    ...credibleInterval(posterior, alpha),
    chanceToWin: chanceToWin(posterior),
    ...expectedLoss(posterior),
  };
}

/** A relative effect from its log-ratio estimate: the interval and centre are mapped back by e^x − 1. */
export function bayesianRelativeTest(logEffect: EffectEstimate, alpha: number, prior?: GaussianPrior | null): BayesianResult {
  const posterior = effectPosterior(logEffect, prior);
  const { ciLow, ciHigh } = credibleInterval(posterior, alpha);
  return {
    lift: Math.expm1(posterior.mean),
    ciLow: Math.expm1(ciLow),
    ciHigh: Math.expm1(ciHigh),
    chanceToWin: chanceToWin(posterior),
    ...expectedRelativeLoss(posterior),
  };
}
