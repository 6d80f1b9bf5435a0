// Daily rollups (test × arm × goal × day × currency) that results read, incremented atomically.
import type { OrderSums } from "~/domain/shopify/order-lines";
import type { RollupDelta } from "~/domain/events/ingest-plan";
import { connect } from "~/db.server";
import { inSqlTransaction, sqlOf, type Sql, type Tx } from "~/models/transaction.server";
import { arrayColumns, rowArrays, unnestRows, type ArrayColumn } from "./row-arrays.server";

export interface RollupKey {
  siteId: string;
  testId: string;
  armId: string;
  /** "" for the arm's exposure counts. */
  goal: string;
  day: Date;
  currency: string;
}

/** With profit's order sums (`OrderSums`): only the order doors move them. */
export interface RollupIncrement extends Partial<OrderSums> {
  exposures?: number;
  exposedVisitors?: number;
  convertingVisitors?: number;
  conversions?: number;
  revenue?: number;
  revenueSquares?: number;
  /** Revenue of these conversions later refunded or cancelled. */
  refunded?: number;
  /** Orders among these conversions that became refunded (+1) or, rarely, whole again (−1). */
  refundedOrders?: number;
  cappedRevenue?: number;
  cappedRevenueSquares?: number;
  cappedRevenueCubes?: number;
  conversionSquares?: number;
  revenueConversions?: number;
  cappedRevenueConversions?: number;
  /** CUPED's sums (covariate.ts); null when a visitor's covariate is unknown, which keeps the row unknown. */
  covariateSum?: number | null;
  covariateSquares?: number | null;
  covariateRevenueProducts?: number | null;
  /** Profit per visitor's Σ squares and cubes (profitMomentIncrement, visitor-totals.ts): the order doors keep them from the visitor's running profit. */
  profitSquares?: number;
  profitCubes?: number;
}

/** The increments only the order doors write; every other writer leaves them out (0). */
type OrderOnly =
  | "units" | "refundedOrders" | "costedOrders" | "orderCost" | "costedNetRevenue" | "uncostedOrders" | "subscriptionOrders" | "subscriptionNetRevenue"
  | "profitSquares" | "profitCubes";

/** Adds the increments to the row, creating it if needed, in one statement (safe under concurrency). */
export async function addToRollup(tx: Tx, key: RollupKey, inc: RollupIncrement): Promise<void> {
  await addToRollups(sqlOf(tx), [
    {
      ...key,
      day: key.day.toISOString().slice(0, 10),
      exposures: inc.exposures ?? 0,
      exposedVisitors: inc.exposedVisitors ?? 0,
      convertingVisitors: inc.convertingVisitors ?? 0,
      conversions: inc.conversions ?? 0,
      revenue: inc.revenue ?? 0,
      revenueSquares: inc.revenueSquares ?? 0,
      refunded: inc.refunded ?? 0,
      refundedOrders: inc.refundedOrders ?? 0,
      cappedRevenue: inc.cappedRevenue ?? 0,
      cappedRevenueSquares: inc.cappedRevenueSquares ?? 0,
      cappedRevenueCubes: inc.cappedRevenueCubes ?? 0,
      conversionSquares: inc.conversionSquares ?? 0,
      revenueConversions: inc.revenueConversions ?? 0,
      cappedRevenueConversions: inc.cappedRevenueConversions ?? 0,
      covariateSum: inc.covariateSum === undefined ? 0 : inc.covariateSum,
      covariateSquares: inc.covariateSquares === undefined ? 0 : inc.covariateSquares,
      covariateRevenueProducts: inc.covariateRevenueProducts === undefined ? 0 : inc.covariateRevenueProducts,
      costedOrders: inc.costedOrders ?? 0,
      orderCost: inc.orderCost ?? 0,
      costedNetRevenue: inc.costedNetRevenue ?? 0,
      uncostedOrders: inc.uncostedOrders ?? 0,
      subscriptionOrders: inc.subscriptionOrders ?? 0,
      subscriptionNetRevenue: inc.subscriptionNetRevenue ?? 0,
      units: inc.units ?? 0,
      profitSquares: inc.profitSquares ?? 0,
      profitCubes: inc.profitCubes ?? 0,
    },
  ]);
}

const ROLLUP_COLUMNS = arrayColumns<RollupDeltaRow>({
  siteId: "text", testId: "text", armId: "text", goal: "text", day: "text", currency: "text", exposures: "int",
  exposedVisitors: "int", convertingVisitors: "int", conversions: "int", revenue: "numeric",
  revenueSquares: "numeric", refunded: "numeric", cappedRevenue: "numeric", cappedRevenueSquares: "numeric",
  cappedRevenueCubes: "numeric", conversionSquares: "bigint", revenueConversions: "numeric",
  cappedRevenueConversions: "numeric", covariateSum: "numeric", covariateSquares: "numeric",
  covariateRevenueProducts: "numeric", refundedOrders: "int", costedOrders: "int", orderCost: "numeric",
  costedNetRevenue: "numeric", uncostedOrders: "int", subscriptionOrders: "int", subscriptionNetRevenue: "numeric", units: "int",
  profitSquares: "numeric", profitCubes: "numeric",
});

/** How many parameters rollupUpsertSql's statement takes (one array per column). */
export const ROLLUP_PARAMS = ROLLUP_COLUMNS.length;

/** The upsert's parameters for `rows`, at rollupUpsertSql's positions. */
export const rollupParams = (rows: ReadonlyArray<RollupDeltaRow | RollupDelta>): unknown[][] =>
  rowArrays(rows, ROLLUP_COLUMNS as ReadonlyArray<ArrayColumn<RollupDeltaRow | RollupDelta>>);

/**
 * The upsert of many keys' increments from ROLLUP_PARAMS array parameters from `$first` on, for one statement or a
 * CTE, into `part` (an SQL expression: 0, the folded rows, for every door but the storefront's writers; rollup-fold.server.ts).
 */
export function rollupUpsertSql(first: number, part = "0"): string {
  return `INSERT INTO "DailyRollup" ("siteId", "testId", "armId", "goal", "day", "currency", "part", "exposures",
       "exposedVisitors", "convertingVisitors", "conversions", "revenue", "revenueSquares", "refunded",
       "cappedRevenue", "cappedRevenueSquares", "cappedRevenueCubes", "conversionSquares", "revenueConversions",
       "cappedRevenueConversions", "covariateSum", "covariateSquares", "covariateRevenueProducts", "refundedOrders",
       "costedOrders", "orderCost", "costedNetRevenue", "uncostedOrders", "subscriptionOrders", "subscriptionNetRevenue", "units",
       "profitSquares", "profitCubes")
     SELECT r."siteId", r."testId", r."armId", r."goal", r."day"::date, r."currency", ${part}, r."exposures",
            r."exposedVisitors", r."convertingVisitors", r."conversions", r."revenue", r."revenueSquares", r."refunded",
            COALESCE(r."cappedRevenue", 0), COALESCE(r."cappedRevenueSquares", 0), COALESCE(r."cappedRevenueCubes", 0),
            COALESCE(r."conversionSquares", 0),
            COALESCE(r."revenueConversions", 0), COALESCE(r."cappedRevenueConversions", 0),
            -- Not COALESCEd: null (a visitor whose covariate is unknown) makes the row unknown.
            r."covariateSum", r."covariateSquares", r."covariateRevenueProducts", COALESCE(r."refundedOrders", 0),
            COALESCE(r."costedOrders", 0), COALESCE(r."orderCost", 0), COALESCE(r."costedNetRevenue", 0),
            COALESCE(r."uncostedOrders", 0), COALESCE(r."subscriptionOrders", 0), COALESCE(r."subscriptionNetRevenue", 0),
            COALESCE(r."units", 0), COALESCE(r."profitSquares", 0), COALESCE(r."profitCubes", 0)
       FROM ${unnestRows(ROLLUP_COLUMNS, first, "r")}
     ON CONFLICT ("siteId", "testId", "armId", "goal", "day", "currency", "part") DO UPDATE SET
       "exposures" = "DailyRollup"."exposures" + EXCLUDED."exposures",
       "exposedVisitors" = "DailyRollup"."exposedVisitors" + EXCLUDED."exposedVisitors",
       "convertingVisitors" = "DailyRollup"."convertingVisitors" + EXCLUDED."convertingVisitors",
       "conversions" = "DailyRollup"."conversions" + EXCLUDED."conversions",
       "revenue" = "DailyRollup"."revenue" + EXCLUDED."revenue",
       "revenueSquares" = "DailyRollup"."revenueSquares" + EXCLUDED."revenueSquares",
       "refunded" = "DailyRollup"."refunded" + EXCLUDED."refunded",
       "cappedRevenue" = "DailyRollup"."cappedRevenue" + EXCLUDED."cappedRevenue",
       "cappedRevenueSquares" = "DailyRollup"."cappedRevenueSquares" + EXCLUDED."cappedRevenueSquares",
       -- NULL (a row from before the column) stays NULL: its third moment is unknown, not 0.
       "cappedRevenueCubes" = "DailyRollup"."cappedRevenueCubes" + EXCLUDED."cappedRevenueCubes",
       "conversionSquares" = "DailyRollup"."conversionSquares" + EXCLUDED."conversionSquares",
       "revenueConversions" = "DailyRollup"."revenueConversions" + EXCLUDED."revenueConversions",
       "cappedRevenueConversions" = "DailyRollup"."cappedRevenueConversions" + EXCLUDED."cappedRevenueConversions",
       "covariateSum" = "DailyRollup"."covariateSum" + EXCLUDED."covariateSum",
       "covariateSquares" = "DailyRollup"."covariateSquares" + EXCLUDED."covariateSquares",
       "covariateRevenueProducts" = "DailyRollup"."covariateRevenueProducts" + EXCLUDED."covariateRevenueProducts",
       "refundedOrders" = "DailyRollup"."refundedOrders" + EXCLUDED."refundedOrders",
       "costedOrders" = "DailyRollup"."costedOrders" + EXCLUDED."costedOrders",
       "orderCost" = "DailyRollup"."orderCost" + EXCLUDED."orderCost",
       "costedNetRevenue" = "DailyRollup"."costedNetRevenue" + EXCLUDED."costedNetRevenue",
       "uncostedOrders" = "DailyRollup"."uncostedOrders" + EXCLUDED."uncostedOrders",
       "subscriptionOrders" = "DailyRollup"."subscriptionOrders" + EXCLUDED."subscriptionOrders",
       "subscriptionNetRevenue" = "DailyRollup"."subscriptionNetRevenue" + EXCLUDED."subscriptionNetRevenue",
       "units" = "DailyRollup"."units" + EXCLUDED."units",
       -- NULL (a row that counted costed orders before they were kept) stays NULL: unknown, not 0.
       "profitSquares" = "DailyRollup"."profitSquares" + EXCLUDED."profitSquares",
       "profitCubes" = "DailyRollup"."profitCubes" + EXCLUDED."profitCubes"`;
}

/** Only the order doors move refundedOrders and profit's order sums; every other writer may leave them out. */
export type RollupDeltaRow = Omit<RollupKey, "day"> & { day: string } & Required<Omit<RollupIncrement, OrderOnly>> & Pick<RollupIncrement, OrderOnly>;

/**
 * Adds many keys' increments in one statement. Each key must appear once (sum increments per key
 * first); rows in a fixed key order keep concurrent writers from deadlocking.
 */
export async function addToRollups(sql: Sql, rows: readonly RollupDeltaRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sql.query(rollupUpsertSql(1), rollupParams(rows));
}

/** Replaces every rollup row of one test with these, at once (the demo's results examples, re-seeded at each start). */
/** What a test's rows add up to: enough to tell whether writing a given set of rows again would change them. */
export interface RollupTally {
  rows: number;
  firstDay: string | null;
  lastDay: string | null;
  exposedVisitors: number;
  conversions: number;
}

/** The tally of one test's daily rollups (the demo: its examples are re-seeded only when they would differ). */
export async function rollupTallyOfTest(siteId: string, testId: string): Promise<RollupTally> {
  return tallyOf("DailyRollup", siteId, testId);
}

export async function tallyOf(table: "DailyRollup" | "SegmentRollup", siteId: string, testId: string): Promise<RollupTally> {
  const { database } = await connect();
  const [row] = await database.sql.query<RollupTally>(
    `SELECT count(*)::int AS "rows", to_char(min("day"), 'YYYY-MM-DD') AS "firstDay", to_char(max("day"), 'YYYY-MM-DD') AS "lastDay",
            coalesce(sum("exposedVisitors"), 0)::float8 AS "exposedVisitors", coalesce(sum("conversions"), 0)::float8 AS "conversions"
       FROM "${table}" WHERE "siteId" = $1 AND "testId" = $2`,
    [siteId, testId],
  );
  return row ?? { rows: 0, firstDay: null, lastDay: null, exposedVisitors: 0, conversions: 0 };
}

export async function replaceRollupsOfTest(siteId: string, testId: string, rows: readonly RollupDeltaRow[]): Promise<void> {
  await inSqlTransaction(async (sql) => {
    await sql.query(`DELETE FROM "DailyRollup" WHERE "siteId" = $1 AND "testId" = $2`, [siteId, testId]);
    await addToRollups(sql, rows);
  });
}
