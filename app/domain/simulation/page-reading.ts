// What the results page would claim from a simulated test's totals: the totals become the daily rollups the
// page is built from, and the REAL buildResults() (and through it analyze()) turns them into the view the
// page renders; only then are the claims read off that view.
import { buildResults, type ResultsInput, type RollupRow } from "../results/build-results";
import { decisionSummary } from "../results/decision-summary";
import type { VerdictKind } from "../results/view";
import type { PriorInput } from "../stats";
import type { SimArmTotals } from "./runner";

/** The test as the page knows it: the configured split and the minimum detectable effect of its plan. */
export interface PageSetting {
  /** Configured weights, control first. */
  weights: readonly number[];
  minDetectableEffect: number;
  /** Chance to win's prior as the shop's page passes it (results.server.ts); the engine's default when absent. */
  prior?: PriorInput;
}

export const GOAL = "purchase";
const CURRENCY = "USD";
const DAY = "2026-01-01";

/** One interval as the page shows it. */
export interface Shown {
  lift: number;
  ciLow: number;
  ciHigh: number;
}

/** What the page shows for one variant; a field is absent when the page shows no number for it. */
export interface VariantReading {
  /** Conversion rate: relative lift, interval and p-value. */
  rate?: Shown & { pValue: number };
  chanceToWin?: number;
  /** Revenue per visitor: relative lift and interval. */
  revenue?: Shown;
}

export interface PageReading {
  /** Visitors in all arms at this look. */
  visitors: number;
  verdict: VerdictKind;
  /** The arm a variant-ahead verdict names. */
  verdictArm?: string;
  srmMismatch: boolean;
  /** The share of revenue per visitor's variance CUPED removed, when the page says it. */
  cupedVarianceReduction?: number;
  /** One per variant, in arm order. */
  variants: VariantReading[];
  /** Some variant the page marks decided (better or worse) beside a conversion interval that holds 0. */
  decidedBesideZero: boolean;
  /** The metric that holds the decision back (verdict.ts), when one does. */
  heldBack?: string;
}

/** Arm names: "A" (control), "B", "C", … */
export const armName = (i: number): string => String.fromCharCode(65 + i);

/**
 * The cumulative totals as rollup rows: per arm one exposure row and one row of the goal. Totals are sums of
 * daily rows, so one row per arm gives the page the same totals as many days would; only the pace of "days
 * to go" reads the number of days, and no claim measured here depends on it.
 */
export function rollupsOf(totals: readonly SimArmTotals[]): RollupRow[] {
  return totals.flatMap((t, i): RollupRow[] => {
    const armId = armName(i);
    const base = { armId, day: DAY, exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 };
    return [
      { ...base, goal: "", currency: "", exposures: t.visitors, exposedVisitors: t.visitors, covariateSum: t.covariateSum, covariateSquares: t.covariateSquares },
      { ...base, goal: GOAL, currency: CURRENCY, convertingVisitors: t.converting, conversions: t.converting, revenue: t.revenue, revenueSquares: t.revenueSquares, cappedRevenue: t.cappedRevenue, cappedRevenueSquares: t.cappedRevenueSquares, cappedRevenueCubes: t.cappedRevenueCubes, covariateRevenueProducts: t.covariateRevenueProducts },
    ];
  });
}

export function resultsInput(setting: PageSetting, totals: readonly SimArmTotals[]): ResultsInput {
  return {
    test: { id: "sim", name: "Simulated test", status: "running", startedAt: null, pages: ["/"], trafficPercent: 100, minDetectableEffect: setting.minDetectableEffect },
    arms: setting.weights.map((weight, i) => ({ id: armName(i), key: armName(i).toLowerCase(), name: armName(i), weight })),
    goals: [{ label: GOAL, isPrimary: true }],
    currency: CURRENCY,
    rollups: rollupsOf(totals),
    flicker: [],
    ...(setting.prior && { prior: setting.prior }),
  };
}

/** The page's claims at one look, read from buildResults()'s view exactly as the page renders them. */
export function readPage(setting: PageSetting, totals: readonly SimArmTotals[], visitors: number): PageReading {
  const view = buildResults(resultsInput(setting, totals));
  const primary = view.goals.find((g) => g.primary);
  const variants = (primary?.arms ?? []).slice(1).map((a): VariantReading => ({
    ...(a.lift !== undefined && a.ciLow !== undefined && a.ciHigh !== undefined && a.pValue !== undefined && {
      rate: { lift: a.lift, ciLow: a.ciLow, ciHigh: a.ciHigh, pValue: a.pValue },
    }),
    ...(a.chanceToWin !== undefined && { chanceToWin: a.chanceToWin }),
    ...(a.revenueLift !== undefined && a.revenueCiLow !== undefined && a.revenueCiHigh !== undefined && {
      revenue: { lift: a.revenueLift, ciLow: a.revenueCiLow, ciHigh: a.revenueCiHigh },
    }),
  }));
  // The marks as the page's decision card and table print them ("Decided: better"), beside each interval.
  const marks = decisionSummary(view, { today: DAY }).goals.find((g) => g.primary)?.arms ?? [];
  const decidedBesideZero = (primary?.arms ?? []).some((a) => {
    const mark = marks.find((m) => m.armId === a.armId)?.mark;
    return (mark === "better" || mark === "worse") && a.ciLow !== undefined && a.ciHigh !== undefined && a.ciLow <= 0 && a.ciHigh >= 0;
  });
  return {
    visitors,
    verdict: view.verdict.kind,
    decidedBesideZero,
    ...(view.verdict.heldBack && { heldBack: view.verdict.heldBack.metric }),
    ...(view.verdict.armName !== undefined && { verdictArm: view.verdict.armName }),
    srmMismatch: view.srm.mismatch,
    ...(primary?.cupedVarianceReduction !== undefined && { cupedVarianceReduction: primary.cupedVarianceReduction }),
    variants,
  };
}
