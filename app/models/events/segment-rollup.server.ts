// Segment rollups (SegmentRollup: test × arm × goal × day × currency × dimension × value), the exploratory
// segment results' only source: incremented with the group's plan or a single conversion, read per test.
import { bySegmentDimension, type SegmentDelta } from "~/domain/events/segment-plan";
import type { SegmentRollupRow } from "~/domain/results/segments";
import { prisma } from "~/db.server";
import { inSqlTransaction, sqlOf, type Sql, type Tx } from "~/models/transaction.server";
import { arrayColumns, rowArrays, unnestRows } from "./row-arrays.server";
import { tallyOf, type RollupTally } from "./rollup.server";

const SEGMENT_COLUMNS = arrayColumns<SegmentDelta>({
  siteId: "text", testId: "text", armId: "text", goal: "text", day: "text", currency: "text", dimension: "text",
  value: "text", exposedVisitors: "int", convertingVisitors: "int", conversions: "int", revenue: "numeric",
  revenueSquares: "numeric",
});

/** How many parameters segmentRollupUpsertSql's statement takes (one array per column). */
export const SEGMENT_ROLLUP_PARAMS = SEGMENT_COLUMNS.length;

/** The upsert's parameters for `rows`, at segmentRollupUpsertSql's positions. */
export const segmentRollupParams = (rows: readonly SegmentDelta[]): unknown[][] => rowArrays(rows, SEGMENT_COLUMNS);

/** The upsert of many keys' increments from SEGMENT_ROLLUP_PARAMS array parameters from `$first` on, into `part` (as rollupUpsertSql's). */
export function segmentRollupUpsertSql(first: number, part = "0"): string {
  return `INSERT INTO "SegmentRollup" ("siteId", "testId", "armId", "goal", "day", "currency", "dimension", "value", "part",
       "exposedVisitors", "convertingVisitors", "conversions", "revenue", "revenueSquares")
     SELECT r."siteId", r."testId", r."armId", r."goal", r."day"::date, r."currency", r."dimension", r."value", ${part},
            r."exposedVisitors", r."convertingVisitors", r."conversions", r."revenue", r."revenueSquares"
       FROM ${unnestRows(SEGMENT_COLUMNS, first, "r")}
     ON CONFLICT ("siteId", "testId", "armId", "goal", "day", "currency", "dimension", "value", "part") DO UPDATE SET
       "exposedVisitors" = "SegmentRollup"."exposedVisitors" + EXCLUDED."exposedVisitors",
       "convertingVisitors" = "SegmentRollup"."convertingVisitors" + EXCLUDED."convertingVisitors",
       "conversions" = "SegmentRollup"."conversions" + EXCLUDED."conversions",
       "revenue" = "SegmentRollup"."revenue" + EXCLUDED."revenue",
       "revenueSquares" = "SegmentRollup"."revenueSquares" + EXCLUDED."revenueSquares"`;
}

/** Adds the increments (one entry per key, in key order: segment-plan.ts's rows()) in one statement. */
export async function addToSegmentRollups(sql: Sql, rows: readonly SegmentDelta[]): Promise<void> {
  if (rows.length === 0) return;
  await sql.query(segmentRollupUpsertSql(1), segmentRollupParams(rows));
}

export async function addToSegmentRollupsInTx(tx: Tx, rows: readonly SegmentDelta[]): Promise<void> {
  await addToSegmentRollups(sqlOf(tx), rows);
}

/** The tally of one test's segment rows (the demo: its examples are re-seeded only when they would differ). */
export function segmentRollupTallyOfTest(siteId: string, testId: string): Promise<RollupTally> {
  return tallyOf("SegmentRollup", siteId, testId);
}

/** Replaces every segment row of one test with these, at once (the demo's results examples, re-seeded at each start). */
export async function replaceSegmentRollupsOfTest(siteId: string, testId: string, rows: readonly SegmentDelta[]): Promise<void> {
  await inSqlTransaction(async (sql) => {
    await sql.query(`DELETE FROM "SegmentRollup" WHERE "siteId" = $1 AND "testId" = $2`, [siteId, testId]);
    await addToSegmentRollups(sql, rows);
  });
}

/**
 * A test's segment figures summed over its days, in one grouped read: its cost follows the number of
 * segments (bounded), never the number of events. The writer's whole-segment rows not folded yet are split into
 * their dimensions here (bySegmentDimension), so that results are exact between a write and its fold.
 */
export async function readSegmentRollups(siteId: string, testId: string): Promise<SegmentRollupRow[]> {
  const db = await prisma();
  const rows = await db.segmentRollup.groupBy({
    by: ["armId", "goal", "currency", "dimension", "value"],
    where: { siteId, testId },
    _sum: { exposedVisitors: true, convertingVisitors: true, conversions: true, revenue: true, revenueSquares: true },
  });
  return bySegmentDimension(rows.map((r) => ({
    armId: r.armId,
    goal: r.goal,
    currency: r.currency,
    dimension: r.dimension,
    value: r.value,
    exposedVisitors: r._sum.exposedVisitors ?? 0,
    convertingVisitors: r._sum.convertingVisitors ?? 0,
    conversions: r._sum.conversions ?? 0,
    revenue: Number(r._sum.revenue ?? 0),
    revenueSquares: Number(r._sum.revenueSquares ?? 0),
  })));
}
