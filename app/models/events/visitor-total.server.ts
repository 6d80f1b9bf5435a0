// A visitor's running totals of attributed conversions (VisitorTotal): what the next conversion's per-visitor sums
// start from, kept in the transaction of every door that writes an attribution, and read by key.
import type { VisitorTotalDelta } from "~/domain/events/visitor-totals";
import { sqlOf, type Tx } from "~/models/transaction.server";
import { arrayColumns, rowArrays, unnestRows } from "./row-arrays.server";

const TOTAL_COLUMNS = arrayColumns<VisitorTotalDelta>({
  siteId: "text", visitorId: "text", testId: "text", goal: "text", currency: "text", conversions: "int", revenue: "numeric",
});

const KEY_COLUMNS = arrayColumns<Omit<VisitorTotalDelta, "conversions" | "revenue">>({
  siteId: "text", visitorId: "text", testId: "text", goal: "text", currency: "text",
});

/** How many parameters visitorTotalUpsertSql's statement takes (one array per column). */
export const VISITOR_TOTAL_PARAMS = TOTAL_COLUMNS.length;

export const visitorTotalParams = (rows: readonly VisitorTotalDelta[]): unknown[][] => rowArrays(rows, TOTAL_COLUMNS);

/**
 * Adds increments to many keys from VISITOR_TOTAL_PARAMS array parameters from `$first` on, for one statement or a
 * CTE. Each key once, in key order (visitorTotalDeltas sorts them): concurrent writers then lock in one order.
 */
export function visitorTotalUpsertSql(first: number): string {
  return `INSERT INTO "VisitorTotal" ("siteId", "visitorId", "testId", "goal", "currency", "conversions", "revenue")
     SELECT r."siteId", r."visitorId", r."testId", r."goal", r."currency", r."conversions", r."revenue"
       FROM ${unnestRows(TOTAL_COLUMNS, first, "r")}
     ON CONFLICT ("siteId", "visitorId", "testId", "goal", "currency") DO UPDATE SET
       "conversions" = "VisitorTotal"."conversions" + EXCLUDED."conversions",
       "revenue" = "VisitorTotal"."revenue" + EXCLUDED."revenue"`;
}

// The single-conversion doors also move the visitor's profit (orders); the group writer's statement leaves it out.
const DOOR_COLUMNS = arrayColumns<Required<VisitorTotalDelta>>({
  siteId: "text", visitorId: "text", testId: "text", goal: "text", currency: "text", conversions: "int", revenue: "numeric", profit: "numeric",
});

/**
 * Adds the increments (the single-conversion doors: server conversions, orders and their refunds, a late session's
 * attribution), profit's included.
 */
export async function addToVisitorTotals(tx: Tx, rows: readonly VisitorTotalDelta[]): Promise<void> {
  if (rows.length === 0) return;
  await sqlOf(tx).query(
    `INSERT INTO "VisitorTotal" ("siteId", "visitorId", "testId", "goal", "currency", "conversions", "revenue", "profit")
     SELECT r."siteId", r."visitorId", r."testId", r."goal", r."currency", r."conversions", r."revenue", r."profit"
       FROM ${unnestRows(DOOR_COLUMNS, 1, "r")}
     ON CONFLICT ("siteId", "visitorId", "testId", "goal", "currency") DO UPDATE SET
       "conversions" = "VisitorTotal"."conversions" + EXCLUDED."conversions",
       "revenue" = "VisitorTotal"."revenue" + EXCLUDED."revenue",
       "profit" = "VisitorTotal"."profit" + EXCLUDED."profit"`,
    rowArrays(rows.map((r) => ({ ...r, profit: r.profit ?? 0 })), DOOR_COLUMNS),
  );
}

/** The visitor's totals for one test and goal, a row per currency ("": conversions without a value). */
export async function readVisitorGoalTotals(
  tx: Tx,
  key: { siteId: string; visitorId: string; testId: string; goal: string },
): Promise<Array<{ currency: string; conversions: number; revenue: number; profit: number }>> {
  const rows = await sqlOf(tx).query<{ currency: string; conversions: number; revenue: number | string; profit: number | string }>(
    `SELECT "currency", "conversions", "revenue"::float8 AS "revenue", "profit"::float8 AS "profit" FROM "VisitorTotal"
      WHERE "siteId" = $1 AND "visitorId" = $2 AND "testId" = $3 AND "goal" = $4`,
    [key.siteId, key.visitorId, key.testId, key.goal],
  );
  return rows.map((r) => ({ currency: r.currency, conversions: Number(r.conversions), revenue: Number(r.revenue), profit: Number(r.profit) }));
}

/**
 * Takes the given conversions of one site out of their visitors' totals, as unlinking them from their visitor
 * (customers/redact) takes them out of the history a join of conversions by visitor would find. Run before the
 * conversions lose their visitor id.
 */
export async function subtractFromVisitorTotals(tx: Tx, siteIds: readonly string[], eventIds: readonly string[]): Promise<void> {
  if (siteIds.length === 0 || eventIds.length === 0) return;
  const sql = sqlOf(tx);
  const emptied = await sql.query<{ siteId: string; visitorId: string; testId: string; goal: string; currency: string; conversions: number }>(
    // An order's profit as its visitor's total holds it (purchaseSums, settlementSums): net of refunds, less its cost
    // unless cancelled; none without a cost.
    `UPDATE "VisitorTotal" t SET "conversions" = t."conversions" - d.n, "revenue" = t."revenue" - d.revenue, "profit" = t."profit" - d.profit
       FROM (SELECT a."siteId", c."visitorId", a."testId", c."goal", COALESCE(c."currency", '') AS "currency",
                    count(*)::int AS n, COALESCE(sum(c."value"), 0) AS revenue,
                    COALESCE(sum(o."total" - o."refunded" - CASE WHEN o."cancelledAt" IS NULL THEN o."cost" ELSE 0 END), 0) AS profit
               FROM "Conversion" c
               JOIN "ConversionAttribution" a ON a."siteId" = c."siteId" AND a."eventId" = c."eventId"
               LEFT JOIN "Site" s ON s."id" = c."siteId"
               LEFT JOIN "Order" o ON o."shopId" = s."shopId" AND c."eventId" = 'order-' || o."orderId" AND o."cost" IS NOT NULL
              WHERE c."siteId" = ANY($1::text[]) AND c."eventId" = ANY($2::text[]) AND c."visitorId" IS NOT NULL
              GROUP BY 1, 2, 3, 4, 5) d
      WHERE t."siteId" = d."siteId" AND t."visitorId" = d."visitorId" AND t."testId" = d."testId"
        AND t."goal" = d."goal" AND t."currency" = d."currency"
      RETURNING t."siteId", t."visitorId", t."testId", t."goal", t."currency", t."conversions"`,
    [siteIds, eventIds],
  );
  // A key with nothing left goes: its row would still say the visitor once converted in the test.
  const gone = emptied.filter((r) => Number(r.conversions) <= 0);
  if (gone.length === 0) return;
  await sql.query(
    `DELETE FROM "VisitorTotal" t USING ${unnestRows(KEY_COLUMNS, 1, "k")}
      WHERE t."siteId" = k."siteId" AND t."visitorId" = k."visitorId" AND t."testId" = k."testId"
        AND t."goal" = k."goal" AND t."currency" = k."currency" AND t."conversions" <= 0`,
    rowArrays(gone, KEY_COLUMNS),
  );
}
