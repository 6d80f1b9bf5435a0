// The statistics engine as the results page asks it: each arm against control, the sample-ratio check, time to go.
import {
  analyze,
  cupedAdjust,
  daysToGo,
  DEFAULT_SEQUENTIAL_TUNING,
  intervalOf,
  isSampleRatioMismatch,
  nearNormal,
  ratioDifference,
  sequentialMultiplier,
  sequentialSampleRatioPValue,
  usersPerArmForRate,
} from "../stats";
import type { AnalysisOutput, PriorInput, VariantArmOutput } from "../stats";
import { aovSums } from "./revenue-figures";
import { emptyTotals, type ArmTotals } from "./totals";
import type { ArmResult, ResultsView } from "./view";

export interface ArmSetting {
  id: string;
  weight: number;
}

/** The comparison fields of one ArmResult; none for the control. */
export type ArmComparison = Pick<
  ArmResult,
  | "lift"
  | "ciLow"
  | "ciHigh"
  | "intervalUnbounded"
  | "pValue"
  | "outage"
  | "chanceToWin"
  | "revenueLift"
  | "revenueCiLow"
  | "revenueCiHigh"
  | "revenueIntervalUnbounded"
  | "error"
>;

/** The cumulative rate lift of one arm on one day (variants only). */
export type RateLift = Pick<ArmResult, "lift" | "ciLow" | "ciHigh">;

/**
 * Before this much data in an arm and in control, no chance to win is shown: a posterior from a handful of
 * conversions rests on the normal approximation where it is worst, and early claims are the ones a merchant
 * acts on. Documented in docs/statistics.md ("Minimum data").
 */
export const MIN_VISITORS_FOR_CHANCE = 100;
export const MIN_CONVERSIONS_FOR_CHANCE = 10;

/** How the comparisons are read: the level, the sequence's tuning (the plan's sample) and the Bayesian prior. */
export interface ComparisonSettings {
  alpha: number;
  /** Users in control and one variant at the planned sample; the sequence is narrowest there. */
  sequentialTuning?: number;
  /** Prior on the relative effect; the engine's default when absent. */
  prior?: PriorInput;
}

function analyzeArms(
  arms: readonly ArmSetting[],
  totals: readonly ArmTotals[],
  metric: "binomial" | "mean",
  method: "frequentist" | "bayesian",
  settings: ComparisonSettings,
): AnalysisOutput | null {
  if (arms.length < 2) return null;
  return analyze({
    metric,
    method,
    // The merchant looks every day: only an always-valid interval stays honest under that.
    sequential: method === "frequentist",
    sequentialTuning: settings.sequentialTuning ?? DEFAULT_SEQUENTIAL_TUNING,
    alpha: settings.alpha,
    ...(settings.prior && { prior: settings.prior }),
    // Revenue (gross) is never negative, so its relative interval stops at −100%.
    ...(metric === "mean" && { nonNegative: true }),
    arms: arms.map((arm, i) => {
      const t = totals[i] ?? emptyTotals();
      // Ids, not names: the engine needs unique names and merchants may give two arms the same one.
      return metric === "binomial"
        ? { name: arm.id, users: t.visitors, sum: Math.min(t.convertingVisitors, t.visitors) }
        : // Capped per visitor at the test's cap (docs/statistics.md, "Revenue capping"): one order cannot swing it;
          // adjusted by the visitors' revenue before exposure (CUPED) when every arm's rows keep it.
          {
            name: arm.id,
            users: t.visitors,
            sum: t.cappedRevenue,
            sumSquares: t.cappedRevenueSquares,
            ...(cupedReady(totals) && t.covariate && { covariate: t.covariate }),
          };
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
/** CUPED applies when every arm's rows kept the covariate's sums. */
const cupedReady = (totals: readonly ArmTotals[]) => totals.length >= 2 && totals.every((t) => t.covariate !== null);

/**
 * The share of revenue per visitor's variance that CUPED removed (cuped.ts), for the page to say; null when
 * the covariate was not kept or cannot adjust (no spread before exposure).
 */
export function revenueVarianceRemoved(totals: readonly ArmTotals[]): number | null {
  if (!cupedReady(totals)) return null;
  const adjusted = cupedAdjust(
    totals.map((t) => ({
      users: t.visitors,
      sumY: t.cappedRevenue,
      sumY2: t.cappedRevenueSquares,
      sumX: t.covariate?.sum ?? 0,
      sumX2: t.covariate?.sumSquares ?? 0,
      sumXY: t.covariate?.sumProducts ?? 0,
    })),
  );
  return adjusted?.varianceReduction ?? null;
}

/** Enough visitors and converting visitors in this arm and in control for a chance to win to mean something. */
export function enoughForChance(control: ArmTotals | undefined, arm: ArmTotals | undefined): boolean {
  return [control, arm].every(
    (t) => t !== undefined && t.visitors >= MIN_VISITORS_FOR_CHANCE && t.convertingVisitors >= MIN_CONVERSIONS_FOR_CHANCE,
  );
}

/**
 * Revenue per visitor is compared only once the difference of the two arms' means is near-normal by Kohavi's
 * rule (stats/skewness.ts): before that a few big orders in the smaller arm make the interval lean to one
 * side (at 90/10, A/A revenue tests called "control ahead" 8.5% of the time without it).
 */
export function revenueNearNormal(control: ArmTotals | undefined, arm: ArmTotals | undefined): boolean {
  if (!control || !arm || control.cappedRevenueCubes === null || arm.cappedRevenueCubes === null) return false;
  const sums = (t: ArmTotals) => ({
    users: t.visitors,
    sum: t.cappedRevenue,
    sumSquares: t.cappedRevenueSquares,
    sumCubes: t.cappedRevenueCubes ?? 0,
  });
  return nearNormal(sums(control), sums(arm));
}

/** The interval fields of one comparison, or `intervalUnbounded` when Fieller's interval has no ends. */
function interval(v: VariantArmOutput, prefix: "" | "revenue"): Partial<ArmComparison> {
  const low = prefix === "" ? "ciLow" : "revenueCiLow";
  const high = prefix === "" ? "ciHigh" : "revenueCiHigh";
  if (v.intervalUnbounded) return prefix === "" ? { intervalUnbounded: true } : { revenueIntervalUnbounded: true };
  return v.ciLow !== undefined && v.ciHigh !== undefined ? { [low]: v.ciLow, [high]: v.ciHigh } : {};
}

export function compareArms(arms: readonly ArmSetting[], totals: readonly ArmTotals[], settings: ComparisonSettings): ArmComparison[] {
  const rate = analyzeArms(arms, totals, "binomial", "frequentist", settings);
  const chance = analyzeArms(arms, totals, "binomial", "bayesian", settings);
  const revenue = totals.some((t) => t.cappedRevenue !== 0) ? analyzeArms(arms, totals, "mean", "frequentist", settings) : null;
  return arms.map((_, i): ArmComparison => {
    const freq = variantOf(rate, i);
    const bayes = variantOf(chance, i);
    const rev = variantOf(revenue, i);
    return {
      ...(freq?.error ? { error: freq.error } : {}),
      ...(freq && !freq.error && { lift: freq.lift, pValue: freq.pValue, ...interval(freq, ""), ...(freq.outage && { outage: true as const }) }),
      ...(bayes && !bayes.error && enoughForChance(totals[0], totals[i]) && { chanceToWin: bayes.chanceToWin }),
      ...(rev && !rev.error && revenueNearNormal(totals[0], totals[i]) && { revenueLift: rev.lift, ...interval(rev, "revenue") }),
    };
  });
}

/** A variant's average order value against control's: the difference in money and its always-valid interval. */
export type AovComparison = Pick<ArmResult, "aovDifference" | "aovDifferenceLow" | "aovDifferenceHigh">;

/**
 * Average order value (capped revenue / site-currency orders, so one heavy buyer cannot swing it) of each
 * variant minus control's, by the delta method for a ratio of per-visitor sums (stats/ratio-metric.ts),
 * with the always-valid sequence's multiplier at the pair's visitors and α/(k − 1), as the other intervals:
 * it may be read every day. Only from MIN_CONVERSIONS_FOR_CHANCE orders in both arms.
 */
export function compareAov(arms: readonly ArmSetting[], totals: readonly ArmTotals[], settings: ComparisonSettings): AovComparison[] {
  const control = totals[0];
  const alpha = settings.alpha / Math.max(1, arms.length - 1);
  const tuning = settings.sequentialTuning ?? DEFAULT_SEQUENTIAL_TUNING;
  return arms.map((_, i): AovComparison => {
    const t = totals[i];
    if (i === 0 || !control || !t) return {};
    if (control.siteCurrencyConversions < MIN_CONVERSIONS_FOR_CHANCE || t.siteCurrencyConversions < MIN_CONVERSIONS_FOR_CHANCE) return {};
    const estimate = ratioDifference(aovSums(control, true), aovSums(t, true));
    if (!estimate || !(estimate.variance > 0)) return {};
    const interval = intervalOf(estimate, sequentialMultiplier(control.visitors + t.visitors, alpha, tuning));
    return [interval.estimate, interval.low, interval.high].every(Number.isFinite)
      ? { aovDifference: interval.estimate, aovDifferenceLow: interval.low, aovDifferenceHigh: interval.high }
      : {};
  });
}

/** Per arm: the conversion rate's always-valid lift and interval, or nothing when it cannot be computed. */
export function compareRates(arms: readonly ArmSetting[], totals: readonly ArmTotals[], settings: ComparisonSettings): RateLift[] {
  const rate = analyzeArms(arms, totals, "binomial", "frequentist", settings);
  return arms.map((_, i): RateLift => {
    const v = variantOf(rate, i);
    return v && !v.error && v.ciLow !== undefined ? { lift: v.lift, ciLow: v.ciLow, ciHigh: v.ciHigh } : {};
  });
}

/** Visitors per arm against the configured weights; no p-value before there are two arms and a visitor. */
export function sampleRatio(arms: readonly ArmSetting[], visitors: readonly number[]): ResultsView["srm"] {
  if (arms.length < 2 || !visitors.some((v) => v > 0)) return { pValue: null, mismatch: false };
  // A weight of 0 (an arm switched off) would make the expected count 0: fall back to an equal split.
  const weights = arms.every((a) => a.weight > 0) ? arms.map((a) => a.weight) : undefined;
  // Anytime-valid: the page is read daily or hourly, and a one-look χ² test would raise false alarms.
  const pValue = sequentialSampleRatioPValue([...visitors], weights);
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
  /** The plan of a decision on another metric than the rate (profit-comparison.ts, profitPlan); null: none can be made. */
  plan?: Plan | null;
}

export interface Plan {
  /** Visitors in all arms at the planned sample. */
  usersNeeded: number;
  /** Users in control and the smallest variant at the plan: the sequence's tuning. */
  pairUsers: number;
}

const positiveWeights = (arms: readonly ArmSetting[]) =>
  arms.every((a) => a.weight > 0) ? arms.map((a) => a.weight) : arms.map(() => 1);

/**
 * The planned sample for the test the verdict runs: 80% power at the minimum detectable effect for the
 * always-valid sequence at α/(k − 1) (each variant's share of the family), on the control's rate. Null when no plan
 * can be made (no rate yet, or a lift that would take the rate past 100%).
 */
export function planSample(arms: readonly ArmSetting[], controlRate: number | null | undefined, minDetectableEffect: number, alpha: number): Plan | null {
  const reachable = controlRate != null && controlRate > 0 && controlRate * (1 + minDetectableEffect) < 1;
  if (!reachable || arms.length < 2 || !(minDetectableEffect > 0)) return null;
  const comparisons = arms.length - 1;
  return planOf(arms, usersPerArmForRate(controlRate, minDetectableEffect, { alpha: alpha / comparisons, power: 0.8, sequential: true }));
}

/** The plan for `perArm` users in the smallest arm at the arms' weights: every arm's users, and the pair's (control and the smallest variant). */
export function planOf(arms: readonly ArmSetting[], perArm: number): Plan {
  const weights = positiveWeights(arms);
  const { usersNeeded } = daysToGo({ usersPerArm: perArm, usersSoFar: 0, dailyUsers: 0, weights });
  const total = weights.reduce((a, b) => a + b, 0);
  const pairShare = ((weights[0] ?? 1) + Math.min(...weights.slice(1))) / total;
  return { usersNeeded, pairUsers: Math.max(1, Math.round(usersNeeded * pairShare)) };
}

/**
 * The settings every comparison of one test is read with: its level and a sequence tuned to the primary
 * goal's planned sample (the default tuning until the control has a rate to plan from). The results page,
 * the daily series and the tests list all start here, so they agree.
 */
export function comparisonSettings(
  arms: readonly ArmSetting[],
  primaryControl: ArmTotals | undefined,
  minDetectableEffect: number,
  alpha: number,
  prior?: PriorInput,
): ComparisonSettings {
  const rate = primaryControl && primaryControl.visitors > 0 ? primaryControl.convertingVisitors / primaryControl.visitors : null;
  const plan = planSample(arms, rate, minDetectableEffect, alpha);
  return { alpha, ...(plan && { sequentialTuning: plan.pairUsers }), ...(prior && { prior }) };
}

/** Visitors still needed to reach the plan, and the days that takes at the current pace. */
export function timeToGo(input: TimeToGoInput): ResultsView["remaining"] {
  const { arms, visitors, days } = input;
  const plan = input.plan !== undefined ? input.plan : planSample(arms, input.controlRate, input.minDetectableEffect, input.alpha);
  if (!plan) return { usersNeeded: null, remainingUsers: null, days: null };
  const remainingUsers = Math.max(0, plan.usersNeeded - visitors);
  const pace = days > 0 ? visitors / days : 0;
  const daysLeft = remainingUsers === 0 ? 0 : pace > 0 ? remainingUsers / pace : null;
  return { usersNeeded: plan.usersNeeded, remainingUsers, days: daysLeft };
}
