// Profit per visitor compared with control (docs/statistics.md, "Profit per visitor"): each visitor's profit (the net
// revenue of their costed orders less those orders' cost) summed, squared and cubed per arm by the order doors, read
// by the same always-valid comparison as revenue per visitor, once every arm's orders are costed enough to stand for it.
import { analyze, nearNormal, StatsInputError, usersPerArmForMean, type VariantArmOutput } from "../stats";
import type { ProfitSums } from "../events/rollup-figures";
import type { RollupRow } from "./totals";
import { planOf, type ArmSetting, type ComparisonSettings, type Plan } from "./stats";
import type { ArmResult } from "./view";

/**
 * Profit per visitor decides only where at least this share of each arm's orders have a known cost: an order without
 * one counts no profit, so arms with different shares left out would differ in profit for that alone.
 */
export const PROFIT_COSTED_SHARE = 0.95;
/** Before this many costed orders in an arm and in control, profit per visitor is not compared. */
export const MIN_COSTED_ORDERS = 10;

/** One arm's per-visitor profit sums on a goal; `squares` and `cubes` null when a row from before they were kept counts. */
export interface ProfitMoments {
  visitors: number;
  /** Σ profit: costed net revenue less cost. */
  sum: number;
  squares: number | null;
  cubes: number | null;
  costedOrders: number;
  uncostedOrders: number;
}

/** The comparison's fields of one ArmResult (variants only). */
export type ProfitComparison = Pick<ArmResult, "profitLift" | "profitCiLow" | "profitCiHigh" | "profitIntervalUnbounded" | "profitPValue">;

type Row = Pick<RollupRow, "armId" | "goal" | "currency" | "exposedVisitors" | "costedOrders" | "uncostedOrders" | "orderCost" | "costedNetRevenue"> & Partial<ProfitSums>;

/**
 * Each arm's profit moments on `goal` in the site's currency, in the order of armIds. A row that counts costed orders
 * without the per-visitor sums (written before they were kept) makes the arm's squares unknown for good.
 */
export function profitMomentsPerArm(rows: readonly Row[], armIds: readonly string[], currency: string, goal: string): ProfitMoments[] {
  const moments = armIds.map((): ProfitMoments => ({ visitors: 0, sum: 0, squares: 0, cubes: 0, costedOrders: 0, uncostedOrders: 0 }));
  const index = new Map(armIds.map((id, i) => [id, i]));
  for (const row of rows) {
    const m = moments[index.get(row.armId) ?? -1];
    if (!m) continue;
    if (row.goal === "") m.visitors += row.exposedVisitors;
    if (row.goal !== goal || row.currency !== currency) continue;
    const costed = row.costedOrders ?? 0;
    m.costedOrders += costed;
    m.uncostedOrders += row.uncostedOrders ?? 0;
    m.sum += (row.costedNetRevenue ?? 0) - (row.orderCost ?? 0);
    const unkept = (value: number | null | undefined) => value === null || (value === undefined && costed > 0);
    m.squares = m.squares === null || unkept(row.profitSquares) ? null : m.squares + (row.profitSquares ?? 0);
    m.cubes = m.cubes === null || unkept(row.profitCubes) ? null : m.cubes + (row.profitCubes ?? 0);
  }
  return moments;
}

/** Whether an arm's orders are costed enough for its profit to stand for it: every arm without orders is. */
export function costedEnough(m: Pick<ProfitMoments, "costedOrders" | "uncostedOrders">): boolean {
  const orders = m.costedOrders + m.uncostedOrders;
  return orders === 0 || m.costedOrders / orders >= PROFIT_COSTED_SHARE;
}

/**
 * Whether profit per visitor can be the test's decision: its per-visitor sums kept in every arm and every arm's orders
 * costed enough. A test that cannot falls back to conversion rate with revenue per visitor's check (verdict.ts).
 */
export function profitDecidable(moments: readonly ProfitMoments[]): boolean {
  return moments.length >= 2 && moments.every((m) => m.squares !== null && m.cubes !== null && costedEnough(m));
}

const sums = (m: ProfitMoments) => ({ users: m.visitors, sum: m.sum, sumSquares: m.squares ?? 0, sumCubes: m.cubes ?? 0 });

/**
 * Per arm: profit per visitor's relative lift against control with its always-valid interval and p-value (adjusted
 * across variants as the rate's), by the engine's mean comparison (Fieller's interval: profit may be negative, so it
 * is not bounded at −100%). Only where every arm's profit is decidable, the pair has MIN_COSTED_ORDERS costed orders
 * each and the difference of means is near-normal by Kohavi's rule (stats/skewness.ts), as revenue's.
 */
export function compareProfit(arms: readonly ArmSetting[], moments: readonly ProfitMoments[], settings: ComparisonSettings): ProfitComparison[] {
  const none = arms.map((): ProfitComparison => ({}));
  if (arms.length < 2 || !profitDecidable(moments) || moments.some((m) => m.visitors === 0)) return none;
  let output;
  try {
    output = analyze({
      metric: "mean",
      method: "frequentist",
      sequential: true,
      ...(settings.sequentialTuning !== undefined && { sequentialTuning: settings.sequentialTuning }),
      alpha: settings.alpha,
      arms: arms.map((arm, i) => {
        const m = moments[i]!;
        return { name: arm.id, users: m.visitors, sum: m.sum, sumSquares: m.squares ?? 0 };
      }),
    });
  } catch (error) {
    // Sums that no real visitors give (rounding past the engine's tolerance): no comparison rather than a broken page.
    if (error instanceof StatsInputError) return none;
    throw error;
  }
  const control = moments[0]!;
  return arms.map((_, i): ProfitComparison => {
    const v = i === 0 ? undefined : (output.arms[i] as VariantArmOutput | undefined);
    const m = moments[i]!;
    if (!v || v.error || v.lift === undefined || v.pValue === undefined) return {};
    if (control.costedOrders < MIN_COSTED_ORDERS || m.costedOrders < MIN_COSTED_ORDERS || !nearNormal(sums(control), sums(m))) return {};
    return {
      profitLift: v.lift,
      profitPValue: v.pValue,
      ...(v.intervalUnbounded ? { profitIntervalUnbounded: true as const } : v.ciLow !== undefined && v.ciHigh !== undefined ? { profitCiLow: v.ciLow, profitCiHigh: v.ciHigh } : {}),
    };
  });
}

/**
 * The planned sample of a decision on profit per visitor, as planSample's on the rate (stats.ts): 80% power at the
 * minimum detectable effect for the always-valid sequence at α/(k − 1), with control's profit per visitor and its
 * variance as the arms' (usersPerArmForMean). Null before control has costed orders whose profit varies, or while
 * its profit per visitor is not above 0 (a relative effect on a loss plans nothing).
 */
export function profitPlan(arms: readonly ArmSetting[], control: ProfitMoments | undefined, minDetectableEffect: number, alpha: number): Plan | null {
  if (!control || control.visitors < 2 || control.squares === null || arms.length < 2 || !(minDetectableEffect > 0)) return null;
  const mean = control.sum / control.visitors;
  const variance = control.squares / control.visitors - mean * mean;
  if (!(mean > 0) || !(variance > 0)) return null;
  return planOf(arms, usersPerArmForMean(mean, variance, minDetectableEffect, { alpha: alpha / (arms.length - 1), power: 0.8, sequential: true }));
}
