// The statistics engine as the results page asks it: each arm against control, the sample-ratio check, time to go.
import { analyze, daysToGo, isSampleRatioMismatch, sampleRatioTest, usersPerArmForRate } from "../stats";
import type { AnalysisOutput, VariantArmOutput } from "../stats";
import { emptyTotals, type ArmTotals } from "./totals";
import type { ArmResult, ResultsView } from "./view";

export interface ArmSetting {
  id: string;
  weight: number;
}

/** The comparison fields of one ArmResult; none for the control. */
export type ArmComparison = Pick<
  ArmResult,
  "lift" | "ciLow" | "ciHigh" | "pValue" | "chanceToWin" | "revenueLift" | "revenueCiLow" | "revenueCiHigh" | "error"
>;

/** The cumulative rate lift of one arm on one day (variants only). */
export type RateLift = Pick<ArmResult, "lift" | "ciLow" | "ciHigh">;

function analyzeArms(
  arms: readonly ArmSetting[],
  totals: readonly ArmTotals[],
  metric: "binomial" | "mean",
  method: "frequentist" | "bayesian",
  alpha: number,
): AnalysisOutput | null {
  if (arms.length < 2) return null;
  return analyze({
    metric,
    method,
    // The merchant looks every day: only an always-valid interval stays honest under that.
    sequential: method === "frequentist",
    alpha,
    arms: arms.map((arm, i) => {
      const t = totals[i] ?? emptyTotals();
      // Ids, not names: the engine needs unique names and merchants may give two arms the same one.
      return metric === "binomial"
        ? { name: arm.id, users: t.visitors, sum: Math.min(t.convertingVisitors, t.visitors) }
        : { name: arm.id, users: t.visitors, sum: t.revenue, sumSquares: t.revenueSquares };
    }),
  });
}

const variantOf = (output: AnalysisOutput | null, i: number): VariantArmOutput | undefined =>
  i === 0 ? undefined : (output?.arms[i] as VariantArmOutput | undefined);

/**
 * Per arm: the conversion rate's always-valid lift, interval and p-value with the Bayesian chance to beat
 * control, and revenue per visitor's lift when there is revenue. A comparison that failed leaves its fields
 * out; the rate's reason is kept as `error` for the page to put into words.
 */
export function compareArms(arms: readonly ArmSetting[], totals: readonly ArmTotals[], alpha: number): ArmComparison[] {
  const rate = analyzeArms(arms, totals, "binomial", "frequentist", alpha);
  const chance = analyzeArms(arms, totals, "binomial", "bayesian", alpha);
  const revenue = totals.some((t) => t.revenue !== 0) ? analyzeArms(arms, totals, "mean", "frequentist", alpha) : null;
  return arms.map((_, i): ArmComparison => {
    const freq = variantOf(rate, i);
    const bayes = variantOf(chance, i);
    const rev = variantOf(revenue, i);
    return {
      ...(freq?.error ? { error: freq.error } : {}),
      ...(freq && !freq.error && { lift: freq.lift, ciLow: freq.ciLow, ciHigh: freq.ciHigh, pValue: freq.pValue }),
      ...(bayes && !bayes.error && { chanceToWin: bayes.chanceToWin }),
      ...(rev && !rev.error && { revenueLift: rev.lift, revenueCiLow: rev.ciLow, revenueCiHigh: rev.ciHigh }),
    };
  });
}

/** Per arm: the conversion rate's always-valid lift and interval, or nothing when it cannot be computed. */
export function compareRates(arms: readonly ArmSetting[], totals: readonly ArmTotals[], alpha: number): RateLift[] {
  const rate = analyzeArms(arms, totals, "binomial", "frequentist", alpha);
  return arms.map((_, i): RateLift => {
    const v = variantOf(rate, i);
    return v && !v.error ? { lift: v.lift, ciLow: v.ciLow, ciHigh: v.ciHigh } : {};
  });
}

/** Visitors per arm against the configured weights; no p-value before there are two arms and a visitor. */
export function sampleRatio(arms: readonly ArmSetting[], visitors: readonly number[]): ResultsView["srm"] {
  if (arms.length < 2 || !visitors.some((v) => v > 0)) return { pValue: null, mismatch: false };
  // A weight of 0 (an arm switched off) would make the expected count 0: fall back to an equal split.
  const weights = arms.every((a) => a.weight > 0) ? arms.map((a) => a.weight) : undefined;
  const { pValue } = sampleRatioTest([...visitors], weights);
  return { pValue, mismatch: isSampleRatioMismatch(pValue) };
}

export interface TimeToGoInput {
  arms: readonly ArmSetting[];
  /** The primary goal's control conversion rate, null before the control has a visitor. */
  controlRate: number | null | undefined;
  /** Visitors in every arm so far. */
  visitors: number;
  /** Days with traffic so far, for the daily pace. */
  days: number;
  minDetectableEffect: number;
  alpha: number;
}

/** Visitors still needed to detect the minimum detectable effect at 80% power, and the days that takes at the current pace. */
export function timeToGo(input: TimeToGoInput): ResultsView["remaining"] {
  const { arms, controlRate: rate, visitors, days } = input;
  // A lift that would take the rate to 100% or beyond (95% and a 10% effect) cannot be planned for.
  const reachable = rate != null && rate > 0 && rate * (1 + input.minDetectableEffect) < 1;
  if (!reachable || arms.length < 2 || input.minDetectableEffect <= 0) {
    return { usersNeeded: null, remainingUsers: null, days: null };
  }
  const perArm = usersPerArmForRate(rate, input.minDetectableEffect, { alpha: input.alpha, power: 0.8 });
  const weights = arms.map((a) => a.weight);
  const result = daysToGo({
    usersPerArm: perArm,
    usersSoFar: visitors,
    dailyUsers: days > 0 ? visitors / days : 0,
    ...(weights.every((w) => w > 0) ? { weights } : { arms: arms.length }),
  });
  return { usersNeeded: result.usersNeeded, remainingUsers: result.remainingUsers, days: result.days };
}
