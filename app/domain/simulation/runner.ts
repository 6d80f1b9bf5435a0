// One simulated test: visitors arrive one by one, each lands in an arm and converts or spends by its arm's
// model, and at each look the cumulative totals per arm (what the daily rollups add up to) are read.
import { bernoulli, cumulativeShares, gamma, orderValue, pickArm } from "../random/draws";
import { visitorRevenue, type VisitorModel } from "./generators";
import type { Rng } from "../random/prng";

/** One arm's cumulative figures, as the rollups hold them for one goal. */
export interface SimArmTotals {
  visitors: number;
  /** Visitors who converted (each converts at most once here, so also the conversions). */
  converting: number;
  /** Sum of per-visitor revenue. */
  revenue: number;
  /** Sum of squared per-visitor revenue. */
  revenueSquares: number;
  /** Per-visitor revenue capped at the test's cap (min(r, cap)): its sum, squares and cubes. */
  cappedRevenue: number;
  cappedRevenueSquares: number;
  cappedRevenueCubes: number;
  /** CUPED's sums of each visitor's capped revenue before exposure (X): ΣX, ΣX², ΣX·Y with Y their capped revenue. */
  covariateSum: number;
  covariateSquares: number;
  covariateRevenueProducts: number;
}

export interface PathSpec {
  /** How visitors are really assigned (weights); the page's configured split may differ (a broken split). */
  assignment: readonly number[];
  /** Each arm's visitor model, control first. */
  arms: readonly VisitorModel[];
  /** Total visitors at which the totals are read, increasing; the last one ends the test. */
  looks: readonly number[];
  /** The test's revenue cap (each visitor's revenue counted up to it); none when absent. */
  revenueCap?: number;
}

/** Looks every `step` visitors up to `horizon`, the horizon itself always included. */
export function everyVisitors(step: number, horizon: number): number[] {
  if (!(step > 0 && horizon > 0)) throw new RangeError("step and horizon must be positive");
  const looks: number[] = [];
  for (let n = step; n < horizon; n += step) looks.push(n);
  looks.push(horizon);
  return looks;
}

export const emptyArmTotals = (): SimArmTotals => ({
  visitors: 0,
  converting: 0,
  revenue: 0,
  revenueSquares: 0,
  cappedRevenue: 0,
  cappedRevenueSquares: 0,
  cappedRevenueCubes: 0,
  covariateSum: 0,
  covariateSquares: 0,
  covariateRevenueProducts: 0,
});

/** Adds one visitor's revenue and its capped amount (one order per visitor here, so the order's, capped). */
export function addVisitorRevenue(t: SimArmTotals, revenue: number, capped: number): void {
  if (!(revenue > 0)) return;
  t.converting++;
  t.revenue += revenue;
  t.revenueSquares += revenue * revenue;
  t.cappedRevenue += capped;
  t.cappedRevenueSquares += capped * capped;
  t.cappedRevenueCubes += capped * capped * capped;
}

/**
 * Walks a path's visitors in order: each is given an arm by its cumulative share and passed to `visit` with
 * that arm's totals and model; at each look `look` reads them, and the walk ends early when it answers "stop".
 */
export function walkVisitors<T, M>(
  rng: Rng,
  shares: readonly number[],
  totals: readonly T[],
  models: readonly M[],
  looks: readonly number[],
  visit: (totals: T, model: M, arm: number) => void,
  look: (visitors: number) => void | "stop",
): void {
  let visitors = 0;
  for (const at of looks) {
    for (; visitors < at; visitors++) {
      const arm = pickArm(rng, shares);
      const t = totals[arm];
      const model = models[arm];
      if (t === undefined || model === undefined) continue;
      visit(t, model, arm);
    }
    if (look(visitors) === "stop") return;
  }
}

/**
 * Runs one path and returns what `read` made of the totals at each look. `read` gets fresh copies, so it may
 * keep them.
 */
export function simulatePath<R>(
  rng: Rng,
  spec: PathSpec,
  read: (totals: SimArmTotals[], visitors: number) => R,
): R[] {
  if (spec.assignment.length !== spec.arms.length) throw new RangeError("one assignment weight per arm");
  const shares = cumulativeShares(spec.assignment);
  const totals = spec.arms.map(emptyArmTotals);
  const readings: R[] = [];
  const cap = (amount: number) => (spec.revenueCap === undefined ? amount : Math.min(amount, spec.revenueCap));
  walkVisitors(
    rng,
    shares,
    totals,
    spec.arms,
    spec.looks,
    (t, model) => {
      t.visitors++;
      let revenue: number;
      if (model.history) {
        // A visitor of their own propensity: an order before exposure, and one in the test, both scaled by it.
        const { shape, preConversionRate } = model.history;
        const propensity = gamma(rng, shape) / shape;
        const before = bernoulli(rng, Math.min(1, preConversionRate * propensity)) ? cap(orderValue(rng, model.order)) : 0;
        revenue = bernoulli(rng, Math.min(1, model.conversionRate * propensity)) ? orderValue(rng, model.order) : 0;
        t.covariateSum += before;
        t.covariateSquares += before * before;
        t.covariateRevenueProducts += before * cap(revenue);
      } else {
        revenue = visitorRevenue(rng, model);
      }
      addVisitorRevenue(t, revenue, cap(revenue));
    },
    (visitors) => void readings.push(read(totals.map((t) => ({ ...t })), visitors)),
  );
  return readings;
}
