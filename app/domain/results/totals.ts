// Adds up a test's daily rollups per arm: the counts and revenue that the comparisons, the series and the page start from.
import type { CovariateSums, ProfitSums, RevenueSums, RollupFigures } from "../events/rollup-figures";
import type { OrderSums } from "../shopify/order-lines";
import type { ResultsView } from "./view";

/** As stored: null on rows written before the covariate was kept, or where a visitor's was unknown. */
type NullableCovariateSums = { [K in keyof CovariateSums]: CovariateSums[K] | null };

export interface RollupRow extends RollupFigures, Partial<RevenueSums>, Partial<NullableCovariateSums>, Partial<OrderSums>, Partial<ProfitSums> {
  armId: string;
  /** "" for the exposure rows. */
  goal: string;
  day: string;
  currency: string;
}

/** One arm's figures for one goal; its RevenueSums are the site currency's, for capped revenue per visitor and AOV. */
export interface ArmTotals extends RevenueSums {
  visitors: number;
  convertingVisitors: number;
  conversions: number;
  /** Revenue in the site's currency only. */
  revenue: number;
  revenueSquares: number;
  /** Of `revenue`, what was later refunded or cancelled. */
  refunded: number;
  /** Of the conversions in the site's currency, the orders later refunded or cancelled. */
  refundedOrders: number;
  /** Conversions recorded in the site's currency (AOV's denominator). */
  siteCurrencyConversions: number;
  /** CUPED's sums (CovariateSums) in the site's currency; null when some row did not keep them. */
  covariate: { sum: number; sumSquares: number; sumProducts: number } | null;
}

export const emptyTotals = (): ArmTotals => ({
  visitors: 0,
  convertingVisitors: 0,
  conversions: 0,
  revenue: 0,
  revenueSquares: 0,
  refunded: 0,
  refundedOrders: 0,
  siteCurrencyConversions: 0,
  cappedRevenue: 0,
  cappedRevenueSquares: 0,
  cappedRevenueCubes: 0,
  conversionSquares: 0,
  revenueConversions: 0,
  cappedRevenueConversions: 0,
  covariate: { sum: 0, sumSquares: 0, sumProducts: 0 },
});

/**
 * Totals per arm, in the order of armIds, for a goal (null: visitors only), over the rows up to and including
 * upToDay when given. Amounts in another currency count as conversions but never as revenue: adding yen to
 * dollars would make every revenue figure wrong.
 */
export function totalsPerArm(
  rollups: readonly RollupRow[],
  armIds: readonly string[],
  currency: string,
  goal: string | null,
  upToDay?: string,
): ArmTotals[] {
  const totals = armIds.map(emptyTotals);
  addRollups(totals, armIndex(armIds), upToDay === undefined ? rollups : rollups.filter((row) => row.day <= upToDay), currency, goal);
  return totals;
}

/** Each arm's position in armIds, for addRollups. */
export const armIndex = (armIds: readonly string[]): ReadonlyMap<string, number> => new Map(armIds.map((id, i) => [id, i]));

/**
 * Adds rows to running totals (totalsPerArm's sums, in place): a series over days adds each day's rows once,
 * instead of summing every row again for every day.
 */
export function addRollups(
  totals: ArmTotals[],
  index: ReadonlyMap<string, number>,
  rows: readonly RollupRow[],
  currency: string,
  goal: string | null,
): void {
  for (const row of rows) {
    const t = totals[index.get(row.armId) ?? -1];
    if (!t) continue;
    if (row.goal === "") {
      t.visitors += row.exposedVisitors;
      t.covariate = addCovariate(t.covariate, row.covariateSum, row.covariateSquares, 0);
    }
    else if (row.goal === goal) {
      t.convertingVisitors += row.convertingVisitors;
      t.conversions += row.conversions;
      if (row.currency === currency) {
        t.revenue += row.revenue;
        t.revenueSquares += row.revenueSquares;
        t.refunded += row.refunded;
        t.refundedOrders += row.refundedOrders ?? 0;
        t.siteCurrencyConversions += row.conversions;
        t.cappedRevenue += row.cappedRevenue ?? row.revenue;
        t.cappedRevenueSquares += row.cappedRevenueSquares ?? row.revenueSquares;
        t.covariate = addCovariate(t.covariate, 0, 0, row.covariateRevenueProducts);
        t.cappedRevenueCubes =
          t.cappedRevenueCubes === null || row.cappedRevenueCubes == null ? null : t.cappedRevenueCubes + row.cappedRevenueCubes;
        t.conversionSquares += row.conversionSquares ?? row.conversions;
        t.revenueConversions += row.revenueConversions ?? row.revenue;
        t.cappedRevenueConversions += row.cappedRevenueConversions ?? row.revenue;
      }
    }
  }
}

/** Adds one row's covariate sums; any that the row did not keep makes the arm's unknown (null) for good. */
function addCovariate(
  into: ArmTotals["covariate"],
  sum: number | null | undefined,
  squares: number | null | undefined,
  products: number | null | undefined,
): ArmTotals["covariate"] {
  if (into === null || sum == null || squares == null || products == null) return null;
  return { sum: into.sum + sum, sumSquares: into.sumSquares + squares, sumProducts: into.sumProducts + products };
}

/** Every day that has a rollup row, in order. */
export function rollupDays(rollups: readonly RollupRow[]): string[] {
  return [...new Set(rollups.map((r) => r.day))].sort();
}

/** Visitors first exposed on each day, per arm in the order of armIds. */
export function visitorsPerDay(rollups: readonly RollupRow[], armIds: readonly string[]): Map<string, number[]> {
  const index = new Map(armIds.map((id, i) => [id, i]));
  const byDay = new Map<string, number[]>();
  for (const row of rollups) {
    const i = index.get(row.armId);
    if (row.goal !== "" || i === undefined) continue;
    let day = byDay.get(row.day);
    if (!day) byDay.set(row.day, (day = armIds.map(() => 0)));
    day[i] = (day[i] ?? 0) + row.exposedVisitors;
  }
  return byDay;
}

/** Revenue in currencies other than the site's, per goal, arm and currency, never converted. */
export function otherCurrencyRevenue(rollups: readonly RollupRow[], currency: string): ResultsView["otherCurrencies"] {
  const other: ResultsView["otherCurrencies"] = [];
  for (const row of rollups) {
    if (row.goal === "" || row.currency === currency || row.revenue === 0) continue;
    const entry = other.find((o) => o.goal === row.goal && o.armId === row.armId && o.currency === row.currency);
    if (entry) {
      entry.conversions += row.conversions;
      entry.revenue += row.revenue;
    } else other.push({ goal: row.goal, armId: row.armId, currency: row.currency, conversions: row.conversions, revenue: row.revenue });
  }
  return other;
}
