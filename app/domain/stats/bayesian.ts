// Bayesian read-out: Gaussian posterior of the effect, chance to beat control, credible interval and risk.
import type { EffectEstimate } from "./lift";
import { normalCdf, normalPdf, normalQuantile } from "./distributions/normal";

export interface GaussianPrior {
  mean: number;
  variance: number;
}

export interface Posterior {
  mean: number;
  sd: number;
}

export interface BayesianResult {
  /** Posterior mean of the effect. */
  lift: number;
  ciLow: number;
  ciHigh: number;
  chanceToWin: number;
  riskControl: number;
  riskVariant: number;
}

/**
 * Normal likelihood N(estimate, SE²) (the same large-sample approximation the frequentist side uses) times
 * a normal prior; with no prior (flat) the posterior is the likelihood itself. Precisions add.
 */
export function effectPosterior(effect: EffectEstimate, prior?: GaussianPrior): Posterior {
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
 * E[max(0, X)] = σφ(μ/σ) + μΦ(μ/σ). Both are in the effect's units (relative or absolute).
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

/** Central 1 − alpha credible interval. */
export function credibleInterval(posterior: Posterior, alpha: number): { ciLow: number; ciHigh: number } {
  const halfWidth = normalQuantile(1 - alpha / 2) * posterior.sd;
  return { ciLow: posterior.mean - halfWidth, ciHigh: posterior.mean + halfWidth };
}

export function bayesianTest(effect: EffectEstimate, alpha: number, prior?: GaussianPrior): BayesianResult {
  const posterior = effectPosterior(effect, prior);
  return {
    lift: posterior.mean,
    ...credibleInterval(posterior, alpha),
    chanceToWin: chanceToWin(posterior),
    ...expectedLoss(posterior),
  };
}
