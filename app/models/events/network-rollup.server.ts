// Network rollups (NetworkRollup: test × arm × goal × currency × network bucket), the robust view's source:
// incremented with the group's plan or a single conversion, read per test by the schedule job and the page.
import type { NetworkDelta } from "~/domain/events/network-plan";
import type { NetworkRollupRow } from "~/domain/results/robust-view";
import { prisma } from "~/db.server";
import { sqlOf, type Sql, type Tx } from "~/models/transaction.server";
import { rowArrays, unnestRows, type ArrayColumn } from "./row-arrays.server";

const SUMMED = [
  "exposedVisitors", "convertingVisitors", "conversions", "revenue", "revenueSquares", "cappedRevenue", "cappedRevenueSquares",
  "cappedRevenueCubes", "conversionSquares", "revenueConversions", "cappedRevenueConversions",
] as const;
const TYPES: Record<(typeof SUMMED)[number], ArrayColumn<NetworkDelta>["type"]> = {
  exposedVisitors: "int", convertingVisitors: "int", conversions: "int", revenue: "numeric", revenueSquares: "numeric", cappedRevenue: "numeric",
  cappedRevenueSquares: "numeric", cappedRevenueCubes: "numeric", conversionSquares: "bigint", revenueConversions: "numeric", cappedRevenueConversions: "numeric",
};

const NETWORK_COLUMNS: ReadonlyArray<ArrayColumn<NetworkDelta>> = [
  ...(["siteId", "testId", "armId", "goal", "currency", "network"] as const).map((name) => ({ name, type: "text" as const })),
  ...SUMMED.map((name) => ({ name, type: TYPES[name] })),
];

/** How many parameters networkRollupUpsertSql's statement takes (one array per column). */
export const NETWORK_ROLLUP_PARAMS = NETWORK_COLUMNS.length;

/** The upsert's parameters for `rows`, at networkRollupUpsertSql's positions. */
export const networkRollupParams = (rows: readonly NetworkDelta[]): unknown[][] => rowArrays(rows, NETWORK_COLUMNS);

/** The upsert of many keys' increments from NETWORK_ROLLUP_PARAMS array parameters from `$first` on, into `part` (as rollupUpsertSql's). */
export function networkRollupUpsertSql(first: number, part = "0"): string {
  const columns = SUMMED.map((c) => `"${c}"`).join(", ");
  return `INSERT INTO "NetworkRollup" ("siteId", "testId", "armId", "goal", "currency", "network", "part", ${columns})
     SELECT r."siteId", r."testId", r."armId", r."goal", r."currency", r."network", ${part}, ${SUMMED.map((c) => `r."${c}"`).join(", ")}
       FROM ${unnestRows(NETWORK_COLUMNS, first, "r")}
     ON CONFLICT ("siteId", "testId", "armId", "goal", "currency", "network", "part") DO UPDATE SET
       ${SUMMED.map((c) => `"${c}" = "NetworkRollup"."${c}" + EXCLUDED."${c}"`).join(",\n       ")}`;
}

/** Adds the increments (one entry per key, in key order: network-plan.ts's rows()) in one statement. */
export async function addToNetworkRollups(sql: Sql, rows: readonly NetworkDelta[]): Promise<void> {
  if (rows.length === 0) return;
  await sql.query(networkRollupUpsertSql(1), networkRollupParams(rows));
}

export async function addToNetworkRollupsInTx(tx: Tx, rows: readonly NetworkDelta[]): Promise<void> {
  await addToNetworkRollups(sqlOf(tx), rows);
}

/** A test's network rows, each key's parts summed; its cost follows the number of networks its visitors came from, never its events. */
export async function readNetworkRollups(siteId: string, testId: string): Promise<NetworkRollupRow[]> {
  const db = await prisma();
  const rows = await db.networkRollup.groupBy({
    by: ["armId", "goal", "currency", "network"],
    where: { siteId, testId },
    _sum: Object.fromEntries(SUMMED.map((c) => [c, true])) as { [C in (typeof SUMMED)[number]]: true },
  });
  return rows.map((r) => ({
    armId: r.armId,
    goal: r.goal,
    currency: r.currency,
    network: r.network,
    ...(Object.fromEntries(SUMMED.map((c) => [c, Number(r._sum[c] ?? 0)])) as { [C in (typeof SUMMED)[number]]: number }),
  }));
}
