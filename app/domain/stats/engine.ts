// The analysis entry point: every arm against control with the requested method, plus the SRM check.
import { bayesianRelativeTest, bayesianTest, type GaussianPrior } from "./bayesian";
import { studentTQuantile } from "./distributions/student-t";
import { fiellerLiftInterval } from "./fieller";
import { holmAdjust } from "./holm";
import { parseAnalysisInput } from "./input";
import { absoluteDifference, logRatio, type EffectEstimate } from "./lift";
import { cupedAdjust } from "./cuped";
import { armMoments, type ArmMoments } from "./moments";
import { outageEffect } from "./outage";
import { sequentialMultiplier, sequentialPValue } from "./sequential";
import { isSampleRatioMismatch } from "./srm";
import { sequentialSampleRatioPValue } from "./srm-sequential";
import type {
  AnalysisInput,
  AnalysisOutput,
  ComparisonErrorCode,
  ControlArmOutput,
  ResolvedAnalysisInput,
  VariantArmOutput,
} from "./types";
import { welchDegreesOfFreedom, welchTest } from "./welch";
import { normalCdf } from "./distributions/normal";

/** Raised by `analyze` for input that fails validation; the message names the field. */
export class StatsInputError extends Error {
  override name = "StatsInputError";
}

type Numbers = Omit<VariantArmOutput, keyof ControlArmOutput | "error">;

/** Why a pair of arms cannot be compared, or null when it can. */
function incomparable(settings: ResolvedAnalysisInput, control: ArmMoments | null, variant: ArmMoments | null): ComparisonErrorCode | null {
  if (!control || !variant) return "no-users";
  // Welch's degrees of freedom divide by n − 1, and a variance needs two observations.
  if (control.users < 2 || variant.users < 2) return "too-few-users";
  if (settings.difference === "relative" && control.mean === 0) return "zero-control-mean";
  // An arm whose users all did the same (none converted, all converted, one value for everyone) has a sample
  // variance of 0, which says nothing about its true variance (3 of 3 is no proof of a 100% rate). The effect's
  // variance would then come from the other arm alone and the interval would look far more certain than it is.
  if (control.variance === 0 || variant.variance === 0) return "zero-variance";
  return null;
}

/**
 * Frequentist: the test, its p-value and the boundary are on the absolute difference t − c, whose null
 * ("means equal") is the null of any lift and whose statistic treats both arms alike; a relative lift is then
 * reported with Fieller's interval at the same boundary, which excludes 0 exactly when the test rejects.
 * `alpha` here is the per-comparison level (α/(k − 1) with several variants).
 */
function frequentist(settings: ResolvedAnalysisInput, alpha: number, control: ArmMoments, variant: ArmMoments): Numbers | ComparisonErrorCode {
  const effect = absoluteDifference(control, variant);
  const problem = usable(effect);
  if (problem) return problem;
  const standardError = Math.sqrt(effect.variance);
  let multiplier: number;
  let pValue: number;
  if (settings.sequential) {
    const users = control.users + variant.users;
    multiplier = sequentialMultiplier(users, alpha, settings.sequentialTuning);
    pValue = sequentialPValue(effect, users, alpha, settings.sequentialTuning);
  } else {
    const df = welchDegreesOfFreedom(control, variant);
    if (!(df > 0)) return "zero-variance";
    multiplier = studentTQuantile(1 - alpha / 2, df);
    pValue = welchTest(effect, df, alpha).pValue;
  }
  if (settings.difference === "absolute") {
    const halfWidth = multiplier * standardError;
    return { lift: effect.estimate, ciLow: effect.estimate - halfWidth, ciHigh: effect.estimate + halfWidth, pValue };
  }
  // An arm's variance of the mean underflowed (values near 1e-300): Fieller's quadratic has nothing to solve.
  if (!(control.variance / control.users > 0 && variant.variance / variant.users > 0)) return "zero-variance";
  const lift = (variant.mean - control.mean) / Math.abs(control.mean);
  const interval = fiellerLiftInterval(control, variant, multiplier, settings.nonNegative);
  // The interval always holds t̄/c̄ in exact arithmetic; min/max keep a last-ulp rounding from saying otherwise.
  return interval.bounded
    ? { lift, ciLow: Math.min(interval.low, lift), ciHigh: Math.max(interval.high, lift), pValue }
    : { lift, intervalUnbounded: true, pValue };
}

/**
 * Bayesian: a relative effect on the log of the ratio of means (symmetric in the arms, and its interval maps
 * back above −100%), an absolute one on t − c with the prior scaled by the control's mean.
 */
function usable(effect: EffectEstimate): ComparisonErrorCode | null {
  if (!Number.isFinite(effect.estimate) || !Number.isFinite(effect.variance)) return "non-finite-result";
  // Both arms vary, but their variances of the mean underflowed (values near 1e-300).
  return effect.variance > 0 ? null : "zero-variance";
}

function bayesian(settings: ResolvedAnalysisInput, control: ArmMoments, variant: ArmMoments): Numbers | ComparisonErrorCode {
  const prior = settings.prior;
  if (settings.difference === "relative") {
    // The log of a ratio needs two positive means; a mean metric with values of both signs has no ratio to log.
    if (!(control.mean > 0 && variant.mean > 0)) return "non-finite-result";
    const effect: EffectEstimate = logRatio(control, variant);
    const problem = usable(effect);
    if (problem) return problem;
    const logPrior: GaussianPrior | null = prior && { mean: Math.log1p(prior.mean), variance: prior.sd * prior.sd };
    return bayesianRelativeTest(effect, settings.alpha, logPrior);
  }
  const effect = absoluteDifference(control, variant);
  const problem = usable(effect);
  if (problem) return problem;
  const scale = Math.abs(control.mean);
  const priorVariance = prior ? (prior.sd * scale) ** 2 : 0;
  // A control mean so near 0 that the scaled prior's variance underflows says nothing about the effect's size.
  const absolutePrior: GaussianPrior | null =
    prior && priorVariance > 0 && Number.isFinite(1 / priorVariance) ? { mean: prior.mean * scale, variance: priorVariance } : null;
  return bayesianTest(effect, settings.alpha, absolutePrior);
}

/**
 * An outage: one arm converted nobody (or everybody) and the other did not, a zero-variance pair that still
 * has a test (outage.ts: the pooled variance under "same rate"). Frequentist conversion rates only; the
 * p-value comes from the same always-valid sequence as every other comparison (or the normal's tails at a
 * fixed horizon), the lift is as measured, and there is no interval: the pooled variance is the null's.
 */
function outage(settings: ResolvedAnalysisInput, alpha: number, control: ArmMoments, variant: ArmMoments): Numbers | null {
  if (settings.metric !== "binomial" || settings.method !== "frequentist") return null;
  const effect = outageEffect(control, variant);
  if (!effect) return null;
  const users = control.users + variant.users;
  const pValue = settings.sequential
    ? sequentialPValue(effect, users, alpha, settings.sequentialTuning)
    : Math.min(1, 2 * normalCdf(-Math.abs(effect.estimate) / Math.sqrt(effect.variance)));
  const lift = settings.difference === "absolute" ? effect.estimate : effect.estimate / Math.abs(control.mean);
  return { lift, pValue, outage: true };
}

function compare(
  settings: ResolvedAnalysisInput,
  alpha: number,
  control: ArmMoments | null,
  variant: ArmMoments | null,
): Numbers | ComparisonErrorCode {
  const reason = incomparable(settings, control, variant);
  if (!control || !variant) return reason ?? "no-users";
  const numbers = reason
    ? (reason === "zero-variance" && outage(settings, alpha, control, variant)) || reason
    : settings.method === "bayesian"
      ? bayesian(settings, control, variant)
      : frequentist(settings, alpha, control, variant);
  if (typeof numbers === "string") return numbers;
  // Last line of defence: the output is JSON and the page does arithmetic on it, so NaN must never leave.
  const finite = Object.values(numbers).every((v) => v === true || Number.isFinite(v));
  return finite ? numbers : "non-finite-result";
}

/** CUPED when every arm brings a covariate and it can adjust (cuped.ts); the plain moments otherwise. */
function adjustedMoments(settings: ResolvedAnalysisInput): { moments: Array<ArmMoments | null>; reduction?: number } {
  const moments = settings.arms.map((arm) => armMoments(settings.metric, arm));
  const covariates = settings.arms.map((arm) => arm.covariate);
  if (!covariates.every((c): c is NonNullable<typeof c> => c !== undefined)) return { moments };
  const cuped = cupedAdjust(
    settings.arms.map((arm, i) => ({
      users: arm.users,
      sumY: arm.sum,
      sumY2: arm.sumSquares,
      sumX: covariates[i]?.sum ?? 0,
      sumX2: covariates[i]?.sumSquares ?? 0,
      sumXY: covariates[i]?.sumProducts ?? 0,
    })),
  );
  // An arm whose users all did the same keeps its zero variance, so the comparison still says zero-variance.
  if (!cuped) return { moments };
  return {
    moments: cuped.arms.map((adjusted, i) => (moments[i] && moments[i].variance > 0 ? adjusted : moments[i] ?? null)),
    reduction: cuped.varianceReduction,
  };
}

export function analyzeResolved(settings: ResolvedAnalysisInput): AnalysisOutput {
  const { moments, reduction } = adjustedMoments(settings);
  // Means are reported as measured; CUPED moves only what the comparisons read.
  const measured = settings.arms.map((arm) => armMoments(settings.metric, arm)?.mean ?? null);
  const [controlArm, ...variantArms] = settings.arms;
  const [controlMoments = null] = moments;
  if (!controlArm) throw new StatsInputError("arms: need a control arm");

  const srmPValue = sequentialSampleRatioPValue(
    settings.arms.map((arm) => arm.users),
    settings.weights,
  );
  const control: ControlArmOutput = {
    name: controlArm.name,
    users: controlArm.users,
    mean: measured[0] ?? null,
  };
  // Several variants: each interval at α/(k − 1) (Bonferroni), and the p-values adjusted so that "adjusted p < α"
  // holds the family of "variant differs" claims at α. Bonferroni's adjustment (the default) rejects exactly when
  // the arm's interval excludes 0, so a variant is never decided beside an interval that holds 0; Holm's rejects
  // a little more, but then an interval may hold 0 beside a rejection (docs/statistics.md, "Several variants").
  // Bayesian read-outs are not corrected.
  const comparisons = variantArms.length;
  const corrected = settings.method === "frequentist" && settings.correction !== "none" && comparisons > 1;
  const alpha = corrected ? settings.alpha / comparisons : settings.alpha;
  const variants = variantArms.map((arm, i): VariantArmOutput => {
    const variant = moments[i + 1] ?? null;
    const base = { name: arm.name, users: arm.users, mean: measured[i + 1] ?? null };
    const result = compare(settings, alpha, controlMoments, variant);
    return typeof result === "string" ? { ...base, error: result } : { ...base, ...result };
  });
  if (corrected) {
    const tested = variants.filter((v) => v.pValue !== undefined);
    // On the α scale again: Holm over the comparisons that could be made, Bonferroni over every variant (the
    // intervals' α/(k − 1) counts them all).
    const adjusted =
      settings.correction === "holm"
        ? holmAdjust(tested.map((v) => v.pValue ?? 1))
        : tested.map((v) => Math.min(1, (v.pValue ?? 1) * comparisons));
    tested.forEach((v, i) => (v.pValue = adjusted[i]));
  }
  return {
    ...(reduction !== undefined && { cupedVarianceReduction: reduction }),
    srmPValue,
    srmMismatch: isSampleRatioMismatch(srmPValue),
    arms: [control, ...variants],
  };
}

/**
 * Analyse one goal of one test. Throws StatsInputError when the input is malformed (negative users,
 * conversions above users, …); comparisons that are well-formed but not computable come back with `error`.
 */
export function analyze(input: AnalysisInput): AnalysisOutput {
  const parsed = parseAnalysisInput(input);
  if (!parsed.ok) throw new StatsInputError(parsed.error);
  return analyzeResolved(parsed.input);
}
