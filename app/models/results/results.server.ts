// What a test's results are built from: the test as its shop sees it, its rollups, and flicker figures.
import { connect, prisma } from "~/db.server";
import { PLANNED_PER_CALL } from "~/db/connection.server";
import { Prisma } from "~/generated/prisma/client";
import type { RollupRow } from "~/domain/results/build-results";
import { FLICKER_SAMPLE, type FlickerNetworkRow } from "~/domain/results/flicker-guardrail";
import type { FlickerStats } from "~/domain/results/view";

/**
 * The test with its arms, goals and site, if it belongs to one of this shop's sites: with what every part of
 * its results page needs (lifecycle, preview links, selector check, schedule, rollouts), so the page reads it once.
 */
export async function findTestOfShop(shopDomain: string, testId: string) {
  const db = await prisma();
  return db.test.findFirst({
    where: { id: testId, site: { shop: { domain: shopDomain } } },
    include: {
      site: {
        select: {
          id: true, publicId: true, kind: true, domain: true, currency: true, serverGoals: true, status: true, pausedReason: true, holdoutPercent: true,
          shop: { select: { domain: true, liftPriorSd: true, timeZone: true } },
        },
      },
      arms: { orderBy: { position: "asc" } },
      goals: true,
    },
  });
}

export type ResultsTestRow = NonNullable<Awaited<ReturnType<typeof findTestOfShop>>>;

const FLOAT_COLUMNS = [
  "revenue", "revenueSquares", "refunded", "cappedRevenue", "cappedRevenueSquares", "cappedRevenueCubes", "conversionSquares",
  "revenueConversions", "cappedRevenueConversions", "covariateSum", "covariateSquares", "covariateRevenueProducts", "orderCost",
  "costedNetRevenue", "subscriptionNetRevenue", "profitSquares", "profitCubes",
] as const;
const INT_COLUMNS = [
  "exposures", "exposedVisitors", "convertingVisitors", "conversions", "refundedOrders", "costedOrders", "uncostedOrders", "subscriptionOrders", "units",
] as const;

/** How the rollup rows travel: a field per cell, or the whole set as one JSON text (rollupRowsForm). */
export type RollupRowsForm = "fields" | "json";

/**
 * On PGlite the rows come as one JSON text, parsed on svc's thread: its driver copies every field of every row
 * out of the protocol buffer on the database's thread, which was a third of that thread's time under the results
 * page (~720 rows × 27 fields; `npm run bench -- results`, BENCH_CPU_PROF=1). On PostgreSQL json_agg cost more than it saved.
 */
export async function rollupRowsForm(): Promise<RollupRowsForm> {
  return (await connect()).database.kind === "pglite" ? "json" : "fields";
}

// The raw rows, each key's parts summed on svc's side (sumParts): a GROUP BY of every sum doubled PostgreSQL's CPU
// per results page (`npm run bench -- results`), though nearly every key has one part, the folded one.
const ROLLUP_COLUMNS = [
  `"armId"`, "goal", `to_char(day, 'YYYY-MM-DD')`, "currency",
  ...INT_COLUMNS.map((c) => `"${c}"`),
  ...FLOAT_COLUMNS.map((c) => `"${c}"::float8`),
];
const ROLLUP_NAMES = ["armId", "goal", "day", "currency", ...INT_COLUMNS, ...FLOAT_COLUMNS] as const;
const SELECTED = ROLLUP_COLUMNS.map((c, i) => `${c} AS "${ROLLUP_NAMES[i]}"`).join(", ");

/**
 * Two parts of a NUMERIC(·, 4) sum read as float8, added as the database adds them: their float sum can be an ulp off
 * the nearest double to the exact decimal sum (0.1 + 0.2), which the folded row then reads, so results would move
 * at the fold (a clean-clone run on 2026-12-07: 275505.57810000004 unfolded, 275505.5781 folded). Rounded to the
 * columns' 4 places, it is that double, below 10¹¹ (where ×10⁴ stays exact); above, it is left as added.
 */
export function decimalSum(a: number, b: number): number {
  const sum = a + b;
  return Math.abs(sum) < 1e11 ? Math.round(sum * 1e4) / 1e4 : sum;
}

/**
 * One row per key (arm, goal, day, currency), its parts' sums added (docs/database.md, "Rollup parts"): rows not yet
 * folded count as soon as they are committed. NULL (unknown) in any part leaves the key's sum unknown, as SQL's `+`.
 */
export function sumParts(rows: readonly RollupRow[]): RollupRow[] {
  const byKey = new Map<string, RollupRow>();
  for (const row of rows) {
    const key = `${row.armId}\u0000${row.goal}\u0000${row.day}\u0000${row.currency}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, row);
      continue;
    }
    const sum: Record<string, unknown> = { ...seen };
    for (const c of INT_COLUMNS) {
      const a = seen[c] as number | null;
      const b = row[c] as number | null;
      sum[c] = a === null || b === null ? null : a + b;
    }
    for (const c of FLOAT_COLUMNS) {
      const a = seen[c] as number | null;
      const b = row[c] as number | null;
      sum[c] = a === null || b === null ? null : decimalSum(a, b);
    }
    byKey.set(key, sum as unknown as RollupRow);
  }
  return byKey.size === rows.length ? [...rows] : [...byKey.values()];
}

/**
 * A test's daily rollup rows, its sums read as float8 (the numbers results compute with; NULL stays null, an
 * unknown moment): on the driver, not through Prisma, whose Decimal objects for every cell of a large test's
 * rows took about a third of the results page's CPU (measured with `npm run bench -- results`, BENCH_CPU_PROF=1).
 */
export async function readRollupRows(siteId: string, testId: string, form?: RollupRowsForm): Promise<RollupRow[]> {
  const { database } = await connect();
  if ((form ?? (await rollupRowsForm())) === "fields") {
    return sumParts(
      await database.sql.query<RollupRow>(`SELECT ${SELECTED} FROM "DailyRollup" WHERE "siteId" = $1 AND "testId" = $2`, [siteId, testId]),
    );
  }
  // Each row an array (no key names to repeat), the set as text so that svc's thread parses it, not the database's.
  const [row] = await database.sql.query<{ rows: string }>(
    `SELECT COALESCE(json_agg(json_build_array(${ROLLUP_COLUMNS.join(", ")})), '[]')::text AS rows
       FROM "DailyRollup" WHERE "siteId" = $1 AND "testId" = $2`,
    [siteId, testId],
  );
  return sumParts(
    (JSON.parse(row?.rows ?? "[]") as unknown[][]).map((cells) => {
      const named: Record<string, unknown> = {};
      for (let i = 0; i < ROLLUP_NAMES.length; i++) named[ROLLUP_NAMES[i]!] = cells[i];
      return named as unknown as RollupRow;
    }),
  );
}

/**
 * The flicker card's window (the FLICKER_SAMPLE most recent exposures) per arm and network: how many, and how
 * many hid for `limitMs` or longer, for the flicker guardrail's robust view; only exposures after `since` when given.
 */
export async function readFlickerNetworks(siteId: string, testId: string, limitMs: number, since: Date | null = null): Promise<FlickerNetworkRow[]> {
  const db = await prisma();
  const after = since ?? new Date(0);
  const rows = await db.$queryRaw<Array<{ armId: string; network: string; exposures: number; slow: number }>>`${Prisma.raw(PLANNED_PER_CALL)}
    SELECT "armId", COALESCE("network", '') AS network, count(*)::int AS exposures,
           (count(*) FILTER (WHERE "msHidden" >= ${limitMs}))::int AS slow
      FROM (SELECT "armId", "network", "msHidden" FROM "Exposure"
             WHERE "siteId" = ${siteId} AND "testId" = ${testId} AND "exposedAt" > ${after}
             ORDER BY "exposedAt" DESC LIMIT ${FLICKER_SAMPLE}) recent
     GROUP BY "armId", COALESCE("network", '')`;
  return rows.map((r) => ({ armId: r.armId, network: r.network, exposures: Number(r.exposures), slow: Number(r.slow) }));
}

export async function readFlickerStats(siteId: string, testId: string): Promise<FlickerStats[]> {
  const db = await prisma();
  const rows = await db.$queryRaw<Array<{
    armId: string; exposures: number; med_apply: number | null; p95_apply: number | null; med_hidden: number | null; p95_hidden: number | null;
  }>>`${Prisma.raw(PLANNED_PER_CALL)}
    SELECT "armId", count(*)::int AS exposures,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY "msToApply")::float AS med_apply,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY "msToApply")::float AS p95_apply,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY "msHidden")::float AS med_hidden,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY "msHidden")::float AS p95_hidden
      FROM (SELECT "armId", "msToApply", "msHidden" FROM "Exposure"
             WHERE "siteId" = ${siteId} AND "testId" = ${testId}
             ORDER BY "exposedAt" DESC LIMIT ${FLICKER_SAMPLE}) recent
     GROUP BY "armId"`;
  return rows.map((r) => ({
    armId: r.armId,
    exposures: r.exposures,
    medianMsToApply: r.med_apply,
    p95MsToApply: r.p95_apply,
    medianMsHidden: r.med_hidden,
    p95MsHidden: r.p95_hidden,
  }));
}
