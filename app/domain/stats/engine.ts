// The analysis entry point: every arm against control with the requested method, plus the SRM check.
import { bayesianTest } from "./bayesian";
import { parseAnalysisInput } from "./input";
import { estimateEffect } from "./lift";
import { armMoments, type ArmMoments } from "./moments";
import { sequentialTest } from "./sequential";
import { isSampleRatioMismatch, sampleRatioTest } from "./srm";
import type {
  AnalysisInput,
  AnalysisOutput,
  ComparisonErrorCode,
  ControlArmOutput,
  ResolvedAnalysisInput,
  VariantArmOutput,
} from "./types";
import { welchDegreesOfFreedom, welchTest } from "./welch";

/** Raised by `analyze` for input that fails validation; the message names the field. */
export class StatsInputError extends Error {
  override name = "StatsInputError";
}

type Numbers = Omit<VariantArmOutput, keyof ControlArmOutput | "error">;

function compare(
  settings: ResolvedAnalysisInput,
  control: ArmMoments | null,
  variant: ArmMoments | null,
): Numbers | ComparisonErrorCode {
  if (!control || !variant) return "no-users";
  // Welch's degrees of freedom divide by n − 1, and a variance needs two observations.
  if (control.users < 2 || variant.users < 2) return "too-few-users";
  if (settings.difference === "relative" && control.mean === 0) return "zero-control-mean";
  // An arm whose users all did the same (none converted, all converted, one value for everyone) has a sample
  // variance of 0, which says nothing about its true variance (3 of 3 is no proof of a 100% rate). The effect's
  // variance would then come from the other arm alone and the interval would look far more certain than it is.
  if (control.variance === 0 || variant.variance === 0) return "zero-variance";
  const effect = estimateEffect(settings.difference, control, variant);
  // A control mean so close to 0 that c² underflows: the lift is not a number we can report.
  if (!Number.isFinite(effect.estimate) || !Number.isFinite(effect.variance)) return "non-finite-result";
  // Both arms vary, but their variances of the mean underflowed (values near 1e-300).
  if (!(effect.variance > 0)) return "zero-variance";

  let numbers: Numbers;
  if (settings.method === "bayesian") {
    numbers = bayesianTest(effect, settings.alpha);
  } else {
    let interval;
    if (settings.sequential) {
      interval = sequentialTest(effect, control.users + variant.users, settings.alpha, settings.sequentialTuning);
    } else {
      const df = welchDegreesOfFreedom(control, variant);
      // Both arms' variances of the mean underflowed to 0 even though the lift's did not (means near 1e-300).
      if (!(df > 0)) return "zero-variance";
      interval = welchTest(effect, df, settings.alpha);
    }
    numbers = { lift: effect.estimate, ...interval };
  }
  // Last line of defence: the output is JSON and the page does arithmetic on it, so NaN must never leave.
  return Object.values(numbers).every(Number.isFinite) ? numbers : "non-finite-result";
}

export function analyzeResolved(settings: ResolvedAnalysisInput): AnalysisOutput {
  const moments = settings.arms.map((arm) => armMoments(settings.metric, arm));
  const [controlArm, ...variantArms] = settings.arms;
  const [controlMoments = null] = moments;
  if (!controlArm) throw new StatsInputError("arms: need a control arm");

  const srm = sampleRatioTest(
    settings.arms.map((arm) => arm.users),
    settings.weights,
  );
  const control: ControlArmOutput = {
    name: controlArm.name,
    users: controlArm.users,
    mean: controlMoments?.mean ?? null,
  };
  const variants = variantArms.map((arm, i): VariantArmOutput => {
    const variant = moments[i + 1] ?? null;
    const base = { name: arm.name, users: arm.users, mean: variant?.mean ?? null };
    const result = compare(settings, controlMoments, variant);
    return typeof result === "string" ? { ...base, error: result } : { ...base, ...result };
  });
  return { srmPValue: srm.pValue, srmMismatch: isSampleRatioMismatch(srm.pValue), arms: [control, ...variants] };
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
