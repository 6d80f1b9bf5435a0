// Folds a site's rollup parts into part 0: the storefront's writers add to rows of their own part, so that writers
// on several instances never wait on one another's rows; readers sum a key's parts (docs/database.md, "Rollup parts").
import { SEGMENT_DIMENSIONS } from "~/domain/events/segment";
import { WHOLE_SEGMENT } from "~/domain/events/segment-plan";
import { connect } from "~/db.server";
import { inSqlTransaction, isLockGiveUp, type Sql } from "~/models/transaction.server";

interface RollupTable {
  name: "DailyRollup" | "SegmentRollup" | "NetworkRollup";
  /** The key without its part, in the primary key's order. */
  keys: readonly string[];
  sums: readonly string[];
  /** Sums that may be NULL (unknown): a key's sum is unknown when any part's is, as the upsert's `+` has it. */
  nullable: readonly string[];
  /** The moved rows as part 0 keeps them, from the CTE `moved` (default: as they are). */
  folded?: string;
}

// The writer's whole-segment rows (WHOLE_SEGMENT: the value is Exposure.segment's text, one value a dimension in
// SEGMENT_DIMENSIONS' order, "|" between) become one row a dimension with a value, as segmentEntries splits them.
const SPLIT_SEGMENTS = `(
  SELECT m."siteId", m."testId", m."armId", m."goal", m."day", m."currency", d."dimension", d."value",
         m."exposedVisitors", m."convertingVisitors", m."conversions", m."revenue", m."revenueSquares"
    FROM moved m CROSS JOIN LATERAL (
      SELECT m."dimension", m."value" WHERE m."dimension" <> '${WHOLE_SEGMENT}'
      UNION ALL
      SELECT u."dimension", split_part(m."value", '|', u.n::int)
        FROM unnest('{${SEGMENT_DIMENSIONS.join(",")}}'::text[]) WITH ORDINALITY AS u("dimension", n)
       WHERE m."dimension" = '${WHOLE_SEGMENT}' AND split_part(m."value", '|', u.n::int) <> '') d
  ) moved`;

const TABLES: readonly RollupTable[] = [
  {
    name: "DailyRollup",
    keys: ["siteId", "testId", "armId", "goal", "day", "currency"],
    sums: [
      "exposures", "exposedVisitors", "convertingVisitors", "conversions", "revenue", "revenueSquares", "refunded", "refundedOrders",
      "cappedRevenue", "cappedRevenueSquares", "cappedRevenueCubes", "conversionSquares", "revenueConversions", "cappedRevenueConversions",
      "covariateSum", "covariateSquares", "covariateRevenueProducts", "costedOrders", "orderCost", "costedNetRevenue", "uncostedOrders",
      "subscriptionOrders", "subscriptionNetRevenue", "units", "profitSquares", "profitCubes",
    ],
    nullable: ["cappedRevenueCubes", "covariateSum", "covariateSquares", "covariateRevenueProducts", "profitSquares", "profitCubes"],
  },
  {
    name: "SegmentRollup",
    keys: ["siteId", "testId", "armId", "goal", "day", "currency", "dimension", "value"],
    sums: ["exposedVisitors", "convertingVisitors", "conversions", "revenue", "revenueSquares"],
    nullable: [],
    folded: SPLIT_SEGMENTS,
  },
  {
    name: "NetworkRollup",
    keys: ["siteId", "testId", "armId", "goal", "currency", "network"],
    sums: [
      "exposedVisitors", "convertingVisitors", "conversions", "revenue", "revenueSquares", "cappedRevenue", "cappedRevenueSquares",
      "cappedRevenueCubes", "conversionSquares", "revenueConversions", "cappedRevenueConversions",
    ],
    nullable: [],
  },
];

const q = (c: string) => `"${c}"`;

// One statement per table, one site: the parts' rows that no writer holds (SKIP LOCKED: the fold never waits on a
// writer) are deleted and their sums added to part 0 in key order, the order every door upserts in. A reader's
// statement sees either the parts or part 0, never both nor neither: the two happen in one transaction.
function foldSql(t: RollupTable): string {
  const keys = t.keys.map(q).join(", ");
  const sum = (c: string) => (t.nullable.includes(c) ? `CASE WHEN count(${q(c)}) = count(*) THEN sum(${q(c)}) END` : `sum(${q(c)})`);
  return `WITH moved AS (
      DELETE FROM "${t.name}" WHERE ctid = ANY(ARRAY(
        SELECT ctid FROM "${t.name}" WHERE "siteId" = $1 AND "part" <> 0 FOR UPDATE SKIP LOCKED))
      RETURNING *
    ), folded AS (
      INSERT INTO "${t.name}" (${keys}, "part", ${t.sums.map(q).join(", ")})
      SELECT ${keys}, 0, ${t.sums.map(sum).join(", ")} FROM ${t.folded ?? "moved"} GROUP BY ${keys} ORDER BY ${keys}
      ON CONFLICT (${keys}, "part") DO UPDATE SET
        ${t.sums.map((c) => `${q(c)} = "${t.name}".${q(c)} + EXCLUDED.${q(c)}`).join(",\n        ")}
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM moved)::int AS moved`;
}
const FOLDS = TABLES.map(foldSql);

/**
 * How long the fold waits for a row lock before it gives up for now: a door (an order, a server conversion) holding
 * part 0's rows is never kept waiting on the fold for longer, and never made a deadlock's victim by it.
 */
const LOCK_TIMEOUT_MS = 200;

/** Folds the site's parts; "busy" when a lock was not had in time (nothing changed: the next fold takes them). */
export async function foldRollupsOfSite(siteId: string): Promise<{ moved: number } | "busy"> {
  try {
    return await inSqlTransaction(async (sql: Sql) => {
      await sql.query(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`);
      let moved = 0;
      for (const fold of FOLDS) moved += Number((await sql.query<{ moved: number }>(fold, [siteId]))[0]?.moved ?? 0);
      return { moved };
    });
  } catch (error) {
    if (isLockGiveUp(error)) return "busy";
    throw error;
  }
}

/** Every site with rows not yet folded: read once at start, for the parts of a process that ended before folding them. */
export async function sitesWithUnfoldedRollups(): Promise<string[]> {
  const { database } = await connect();
  const rows = await database.sql.query<{ siteId: string }>(
    TABLES.map((t) => `SELECT DISTINCT "siteId" FROM "${t.name}" WHERE "part" <> 0`).join(" UNION "),
  );
  return rows.map((r) => r.siteId);
}
