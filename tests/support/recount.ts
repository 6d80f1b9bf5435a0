// Recounts the daily rollups from the raw tables (Exposure, Conversion, ConversionAttribution) in SQL
// written independently of the app's ingestion, and lists every figure where the two disagree (the segment
// rollups against the daily ones, dimension by dimension; the visitors' running totals against their attributed
// conversions); and checks
// the attributions themselves against the rule (app/domain/events/attribution.ts) recomputed from the raw
// exposures, conversions and tests.
import type { SqlRunner } from "~/db/connection.server";
import { RESULTS_SITE_ID } from "~/demo/results-scenarios";
import { ATTRIBUTION_WINDOW_MS } from "~/domain/events/attribution";

export interface RollupDrift {
  /** Which figure, e.g. "exposures site/test/arm/2026-11-24". */
  what: string;
  rollup: number;
  recount: number;
}

/**
 * Per conversion with a visitor and test whose attribution period holds it, the arm of the visitor's
 * earliest exposure while the test ran, at or before the conversion (any session), with whether that
 * exposure was received strictly before the conversion (its event's receivedAt; an exposure seeded
 * without an event counts as received before). Attribution is decided when the conversion arrives, so an
 * earlier-dated exposure that arrives after it may make the rule name an arm that nothing was credited to.
 */
const EXPECTED_ATTRIBUTIONS = `
  SELECT c."siteId" s, c."eventId" e, t.id t, first."armId" arm, first.before
    FROM "Conversion" c
    JOIN "Test" t ON t."siteId" = c."siteId" AND t."startedAt" IS NOT NULL
     AND c."occurredAt" >= t."startedAt"
     AND (t."endedAt" IS NULL OR c."occurredAt" <= t."endedAt" + interval '${ATTRIBUTION_WINDOW_MS / 1000} seconds')
    CROSS JOIN LATERAL (
      SELECT x."armId", COALESCE(ev."receivedAt" < c."receivedAt", true) before
        FROM "Exposure" x LEFT JOIN "Event" ev ON ev."siteId" = x."siteId" AND ev."eventId" = x."eventId"
       WHERE x."siteId" = c."siteId" AND x."testId" = t.id AND x."visitorId" = c."visitorId"
         AND x."exposedAt" >= t."startedAt" AND (t."endedAt" IS NULL OR x."exposedAt" <= t."endedAt")
         AND x."exposedAt" <= c."occurredAt"
       ORDER BY x."exposedAt", x."armId" LIMIT 1) first
   WHERE c."visitorId" IS NOT NULL`;

/** Compares on one side the rollups, on the other the raw rows; sums are compared to a hundredth. */
/**
 * SegmentRollup one row a dimension's value, as results show it (a FROM item): the writer's whole-segment rows not
 * folded yet (dimension '', the value "device|visitor|channel|country|market") split into each dimension with a value,
 * as the fold does; written here apart from the app's SQL, so that a wrong split there shows as drift.
 */
export const SEGMENT_ROWS_BY_DIMENSION = `(
  SELECT g."siteId", g."testId", g."armId", g."goal", g."day", g."currency", d."dimension", d."value", g."part",
         g."exposedVisitors", g."convertingVisitors", g."conversions", g."revenue", g."revenueSquares"
    FROM "SegmentRollup" g CROSS JOIN LATERAL (
      SELECT g."dimension", g."value" WHERE g."dimension" <> ''
      UNION ALL
      SELECT u."dimension", split_part(g."value", '|', u.n::int)
        FROM unnest('{device,visitor,channel,country,market}'::text[]) WITH ORDINALITY AS u("dimension", n)
       WHERE g."dimension" = '' AND split_part(g."value", '|', u.n::int) <> '') d)`;

const CHECKS: Array<{ name: string; sql: string }> = [
  {
    // Every stored attribution is the rule's arm; every conversion the rule credits from exposures received
    // before it is credited. (1 = stored or expected, 0 = not; an arm that differs is 1 against 2.)
    name: "attributions",
    sql: `
      WITH x AS (${EXPECTED_ATTRIBUTIONS})
      SELECT concat_ws('/', COALESCE(a."siteId", x.s), COALESCE(a."eventId", x.e), COALESCE(a."testId", x.t), a."armId", x.arm) AS what,
             CASE WHEN a."armId" IS NULL THEN 0 ELSE 1 END AS rollup,
             CASE WHEN x.arm IS NULL THEN 0 WHEN a."armId" IS NOT NULL AND a."armId" <> x.arm THEN 2 ELSE 1 END AS recount
        FROM "ConversionAttribution" a FULL JOIN x ON a."siteId" = x.s AND a."eventId" = x.e AND a."testId" = x.t
       WHERE a."armId" IS DISTINCT FROM x.arm AND (a."armId" IS NOT NULL OR x.before)`,
  },
  {
    name: "exposures",
    sql: `
      WITH r AS (SELECT "siteId" s, "testId" t, "armId" a, "day"::text d, sum("exposures")::float8 v
                   FROM "DailyRollup" WHERE "goal" = '' GROUP BY 1, 2, 3, 4),
           x AS (SELECT "siteId" s, "testId" t, "armId" a, ("exposedAt"::date)::text d, count(*)::float8 v
                   FROM "Exposure" GROUP BY 1, 2, 3, 4)
      SELECT concat_ws('/', COALESCE(r.s, x.s), COALESCE(r.t, x.t), COALESCE(r.a, x.a), COALESCE(r.d, x.d)) AS what,
             COALESCE(r.v, 0) AS rollup, COALESCE(x.v, 0) AS recount
        FROM r FULL JOIN x ON r.s = x.s AND r.t = x.t AND r.a = x.a AND r.d = x.d`,
  },
  {
    // A visitor keeps one arm per test, so over all days each arm counts each of its visitors once.
    name: "exposedVisitors",
    sql: `
      WITH r AS (SELECT "siteId" s, "testId" t, "armId" a, sum("exposedVisitors")::float8 v
                   FROM "DailyRollup" WHERE "goal" = '' GROUP BY 1, 2, 3),
           x AS (SELECT "siteId" s, "testId" t, "armId" a, count(DISTINCT "visitorId")::float8 v
                   FROM "Exposure" GROUP BY 1, 2, 3)
      SELECT concat_ws('/', COALESCE(r.s, x.s), COALESCE(r.t, x.t), COALESCE(r.a, x.a)) AS what,
             COALESCE(r.v, 0) AS rollup, COALESCE(x.v, 0) AS recount
        FROM r FULL JOIN x ON r.s = x.s AND r.t = x.t AND r.a = x.a`,
  },
  ...(["conversions", "convertingVisitors"] as const).map((figure) => ({
    name: figure,
    sql: `
      WITH r AS (SELECT "siteId" s, "testId" t, "armId" a, "goal" g, sum("${figure}")::float8 v
                   FROM "DailyRollup" WHERE "goal" <> '' GROUP BY 1, 2, 3, 4),
           x AS (SELECT a."siteId" s, a."testId" t, a."armId" a, c."goal" g,
                        ${
                          figure === "conversions"
                            ? "count(*)::float8"
                            : // A conversion without a visitor counts as a visitor of its own.
                              `(count(DISTINCT c."visitorId") + count(*) FILTER (WHERE c."visitorId" IS NULL))::float8`
                        } v
                   FROM "ConversionAttribution" a JOIN "Conversion" c ON c."siteId" = a."siteId" AND c."eventId" = a."eventId"
                  GROUP BY 1, 2, 3, 4)
      SELECT concat_ws('/', COALESCE(r.s, x.s), COALESCE(r.t, x.t), COALESCE(r.a, x.a), COALESCE(r.g, x.g)) AS what,
             COALESCE(r.v, 0) AS rollup, COALESCE(x.v, 0) AS recount
        FROM r FULL JOIN x ON r.s = x.s AND r.t = x.t AND r.a = x.a AND r.g = x.g`,
  })),
  ...(["revenue", "revenueSquares"] as const).map((figure) => ({
    name: figure,
    sql: `
      WITH r AS (SELECT "siteId" s, "testId" t, "armId" a, "goal" g, "currency" c, sum("${figure}")::float8 v
                   FROM "DailyRollup" WHERE "goal" <> '' GROUP BY 1, 2, 3, 4, 5 HAVING sum("${figure}") <> 0),
           per_visitor AS (
             SELECT a."siteId" s, a."testId" t, a."armId" a, c."goal" g, c."currency" c,
                    COALESCE(c."visitorId", c."eventId") who, sum(c."value") v
               FROM "ConversionAttribution" a JOIN "Conversion" c ON c."siteId" = a."siteId" AND c."eventId" = a."eventId"
              WHERE c."value" IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6),
           x AS (SELECT s, t, a, g, c, ${figure === "revenue" ? "sum(v)" : "sum(v * v)"}::float8 v FROM per_visitor
                  GROUP BY 1, 2, 3, 4, 5 HAVING ${figure === "revenue" ? "sum(v)" : "sum(v * v)"} <> 0)
      SELECT concat_ws('/', COALESCE(r.s, x.s), COALESCE(r.t, x.t), COALESCE(r.a, x.a), COALESCE(r.g, x.g), COALESCE(r.c, x.c)) AS what,
             COALESCE(r.v, 0) AS rollup, COALESCE(x.v, 0) AS recount
        FROM r FULL JOIN x ON r.s = x.s AND r.t = x.t AND r.a = x.a AND r.g = x.g AND r.c = x.c`,
  })),
  // Capped revenue and AOV's sums, from each visitor's totals: min(r, cap) with the test's cap (site currency
  // only), and x conversions counted in the row's currency (a conversion without a value in the site's).
  ...(["cappedRevenue", "cappedRevenueSquares", "cappedRevenueCubes", "conversionSquares", "revenueConversions", "cappedRevenueConversions"] as const).map((figure) => ({
    name: figure,
    sql: `
      WITH r AS (SELECT "siteId" s, "testId" t, "armId" a, "goal" g, "currency" c, sum("${figure}")::float8 v
                   FROM "DailyRollup" WHERE "goal" <> '' GROUP BY 1, 2, 3, 4, 5 HAVING sum("${figure}") <> 0),
           per_visitor AS (
             SELECT a."siteId" s, a."testId" t, a."armId" a, c."goal" g, COALESCE(c."currency", site."currency") c,
                    COALESCE(c."visitorId", c."eventId") who, count(*) x, COALESCE(sum(c."value"), 0) y,
                    CASE WHEN COALESCE(c."currency", site."currency") = site."currency" THEN max(test."revenueCap") END cap
               FROM "ConversionAttribution" a JOIN "Conversion" c ON c."siteId" = a."siteId" AND c."eventId" = a."eventId"
               JOIN "Site" site ON site."id" = a."siteId" JOIN "Test" test ON test."id" = a."testId"
              GROUP BY 1, 2, 3, 4, 5, 6, site."currency"),
           capped AS (SELECT *, CASE WHEN cap IS NULL THEN y ELSE LEAST(y, cap) END yc FROM per_visitor),
           x AS (SELECT s, t, a, g, c, sum(${
             { cappedRevenue: "yc", cappedRevenueSquares: "yc * yc", cappedRevenueCubes: "yc * yc * yc", conversionSquares: "x * x", revenueConversions: "x * y", cappedRevenueConversions: "x * yc" }[figure]
           })::float8 v FROM capped GROUP BY 1, 2, 3, 4, 5)
      SELECT concat_ws('/', COALESCE(r.s, x.s), COALESCE(r.t, x.t), COALESCE(r.a, x.a), COALESCE(r.g, x.g), COALESCE(r.c, x.c)) AS what,
             COALESCE(r.v, 0) AS rollup, COALESCE(x.v, 0) AS recount
        FROM r FULL JOIN x ON r.s = x.s AND r.t = x.t AND r.a = x.a AND r.g = x.g AND r.c = x.c
       WHERE COALESCE(r.v, 0) <> 0 OR COALESCE(x.v, 0) <> 0`,
  })),
  // CUPED's covariate, from the X each visitor's exposure rows hold (looked up once, at first exposure, and
  // copied to their later rows): one value per visitor, and the rollups' ΣX, ΣX² and ΣX·Y from it.
  {
    name: "covariate per visitor",
    sql: `
      SELECT concat_ws('/', "siteId", "testId", "visitorId") AS what, count(DISTINCT COALESCE("covariate", -1))::float8 AS rollup, 1 AS recount
        FROM "Exposure" GROUP BY "siteId", "testId", "visitorId" HAVING count(DISTINCT COALESCE("covariate", -1)) <> 1`,
  },
  ...(["covariateSum", "covariateSquares"] as const).map((figure) => ({
    name: figure,
    sql: `
      WITH r AS (SELECT "siteId" s, "testId" t, "armId" a, sum("${figure}")::float8 v
                   FROM "DailyRollup" WHERE "goal" = '' GROUP BY 1, 2, 3),
           per_visitor AS (SELECT "siteId" s, "testId" t, "armId" a, "visitorId", max("covariate") x
                             FROM "Exposure" GROUP BY 1, 2, 3, 4),
           x AS (SELECT s, t, a, sum(${figure === "covariateSum" ? "x" : "x * x"})::float8 v FROM per_visitor GROUP BY 1, 2, 3)
      SELECT concat_ws('/', COALESCE(r.s, x.s), COALESCE(r.t, x.t), COALESCE(r.a, x.a)) AS what,
             COALESCE(r.v, 0) AS rollup, COALESCE(x.v, 0) AS recount
        FROM r FULL JOIN x ON r.s = x.s AND r.t = x.t AND r.a = x.a`,
  })),
  {
    name: "covariateRevenueProducts",
    sql: `
      WITH r AS (SELECT "siteId" s, "testId" t, "armId" a, "goal" g, "currency" c, sum("covariateRevenueProducts")::float8 v
                   FROM "DailyRollup" WHERE "goal" <> '' GROUP BY 1, 2, 3, 4, 5),
           per_visitor AS (
             SELECT a."siteId" s, a."testId" t, a."armId" a, c."goal" g, COALESCE(c."currency", site."currency") c,
                    c."visitorId" who, COALESCE(sum(c."value"), 0) y,
                    CASE WHEN COALESCE(c."currency", site."currency") = site."currency" THEN max(test."revenueCap") END cap
               FROM "ConversionAttribution" a JOIN "Conversion" c ON c."siteId" = a."siteId" AND c."eventId" = a."eventId"
               JOIN "Site" site ON site."id" = a."siteId" JOIN "Test" test ON test."id" = a."testId"
              GROUP BY 1, 2, 3, 4, 5, 6, site."currency"),
           x AS (SELECT p.s, p.t, p.a, p.g, p.c, sum(cov.x * CASE WHEN p.cap IS NULL THEN p.y ELSE LEAST(p.y, p.cap) END)::float8 v
                   FROM per_visitor p
                   CROSS JOIN LATERAL (SELECT max(e."covariate") x FROM "Exposure" e
                                        WHERE e."siteId" = p.s AND e."testId" = p.t AND e."visitorId" = p.who) cov
                  GROUP BY 1, 2, 3, 4, 5)
      SELECT concat_ws('/', COALESCE(r.s, x.s), COALESCE(r.t, x.t), COALESCE(r.a, x.a), COALESCE(r.g, x.g), COALESCE(r.c, x.c)) AS what,
             COALESCE(r.v, 0) AS rollup, COALESCE(x.v, 0) AS recount
        FROM r FULL JOIN x ON r.s = x.s AND r.t = x.t AND r.a = x.a AND r.g = x.g AND r.c = x.c
       WHERE COALESCE(r.v, 0) <> 0 OR COALESCE(x.v, 0) <> 0`,
  },
  // A visitor's running totals (VisitorTotal): their attributed conversions by test, goal and currency, summed.
  ...(["conversions", "revenue"] as const).map((figure) => ({
    name: `visitor totals ${figure}`,
    sql: `
      WITH r AS (SELECT "siteId" s, "visitorId" v, "testId" t, "goal" g, "currency" c, "${figure}"::float8 n FROM "VisitorTotal"),
           x AS (SELECT a."siteId" s, c."visitorId" v, a."testId" t, c."goal" g, COALESCE(c."currency", '') c,
                        ${figure === "conversions" ? "count(*)" : "COALESCE(sum(c.\"value\"), 0)"}::float8 n
                   FROM "ConversionAttribution" a JOIN "Conversion" c ON c."siteId" = a."siteId" AND c."eventId" = a."eventId"
                  WHERE c."visitorId" IS NOT NULL GROUP BY 1, 2, 3, 4, 5)
      SELECT concat_ws('/', COALESCE(r.s, x.s), COALESCE(r.t, x.t), COALESCE(r.v, x.v), COALESCE(r.g, x.g), COALESCE(r.c, x.c)) AS what,
             COALESCE(r.n, 0) AS rollup, COALESCE(x.n, 0) AS recount
        FROM r FULL JOIN x ON r.s = x.s AND r.v = x.v AND r.t = x.t AND r.g = x.g AND r.c = x.c
       WHERE COALESCE(r.n, 0) <> 0 OR COALESCE(x.n, 0) <> 0`,
  })),
  // Profit per visitor's sums, from the orders themselves: each costed order's profit as it stands (its total less what
  // was refunded, less its cost unless cancelled) summed per visitor, against the visitors' running profit and the
  // rollups' Σ squares and cubes.
  ...(["visitor totals profit", "profitSquares", "profitCubes"] as const).map((figure) => ({
    name: figure,
    sql: `
      WITH per_visitor AS (
             SELECT a."siteId" s, a."testId" t, a."armId" a, c."goal" g, COALESCE(c."currency", '') c, c."visitorId" who,
                    sum(o."total" - o."refunded" - CASE WHEN o."cancelledAt" IS NULL THEN o."cost" ELSE 0 END)::float8 p
               FROM "ConversionAttribution" a JOIN "Conversion" c ON c."siteId" = a."siteId" AND c."eventId" = a."eventId"
               JOIN "Site" site ON site."id" = a."siteId"
               JOIN "Order" o ON o."shopId" = site."shopId" AND c."eventId" = 'order-' || o."orderId" AND o."cost" IS NOT NULL
              WHERE c."visitorId" IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6),
           ${
             figure === "visitor totals profit"
               ? `r AS (SELECT "siteId" s, "visitorId" who, "testId" t, "goal" g, "currency" c, "profit"::float8 v FROM "VisitorTotal"),
           x AS (SELECT s, who, t, g, c, p v FROM per_visitor)
      SELECT concat_ws('/', COALESCE(r.s, x.s), COALESCE(r.t, x.t), COALESCE(r.who, x.who), COALESCE(r.g, x.g), COALESCE(r.c, x.c)) AS what,
             COALESCE(r.v, 0) AS rollup, COALESCE(x.v, 0) AS recount
        FROM r FULL JOIN x ON r.s = x.s AND r.who = x.who AND r.t = x.t AND r.g = x.g AND r.c = x.c`
               : `r AS (SELECT "siteId" s, "testId" t, "armId" a, "goal" g, "currency" c, sum("${figure}")::float8 v
                   FROM "DailyRollup" WHERE "goal" <> '' GROUP BY 1, 2, 3, 4, 5),
           x AS (SELECT s, t, a, g, c, sum(${figure === "profitSquares" ? "p * p" : "p * p * p"})::float8 v FROM per_visitor GROUP BY 1, 2, 3, 4, 5)
      SELECT concat_ws('/', COALESCE(r.s, x.s), COALESCE(r.t, x.t), COALESCE(r.a, x.a), COALESCE(r.g, x.g), COALESCE(r.c, x.c)) AS what,
             COALESCE(r.v, 0) AS rollup, COALESCE(x.v, 0) AS recount
        FROM r FULL JOIN x ON r.s = x.s AND r.t = x.t AND r.a = x.a AND r.g = x.g AND r.c = x.c`
           }
       WHERE COALESCE(r.v, 0) <> 0 OR COALESCE(x.v, 0) <> 0`,
  })),
  // Segment rollups: each dimension splits the same visitors and conversions as the daily rollups, so per
  // test, arm and goal its values add up to them (on tests whose every exposure has a segment: rows exposed
  // before segments were kept have none). Market is left out: it has rows only on Shopify.
  ...(["device", "visitor", "channel", "country"] as const).flatMap((dimension) =>
    (["exposedVisitors", "convertingVisitors", "conversions"] as const).map((figure) => ({
      name: `segments ${dimension} ${figure}`,
      sql: `
        WITH whole AS (SELECT "siteId", "testId" FROM "Exposure" GROUP BY 1, 2 HAVING bool_and("segment" IS NOT NULL)),
             r AS (SELECT d."siteId" s, d."testId" t, d."armId" a, d."goal" g, sum(d."${figure}")::float8 v
                     FROM "DailyRollup" d JOIN whole USING ("siteId", "testId") GROUP BY 1, 2, 3, 4),
             x AS (SELECT g."siteId" s, g."testId" t, g."armId" a, g."goal" g, sum(g."${figure}")::float8 v
                     FROM ${SEGMENT_ROWS_BY_DIMENSION} g JOIN whole USING ("siteId", "testId") WHERE g."dimension" = '${dimension}' GROUP BY 1, 2, 3, 4)
        SELECT concat_ws('/', COALESCE(r.s, x.s), COALESCE(r.t, x.t), COALESCE(r.a, x.a), COALESCE(r.g, x.g)) AS what,
               COALESCE(x.v, 0) AS rollup, COALESCE(r.v, 0) AS recount
          FROM r FULL JOIN x ON r.s = x.s AND r.t = x.t AND r.a = x.a AND r.g = x.g
         WHERE COALESCE(r.v, 0) <> 0 OR COALESCE(x.v, 0) <> 0`,
    })),
  ),
];

/** Every rollup figure that differs from its recount (empty when the rollups are exact). */
export async function rollupDrift(sql: Pick<SqlRunner, "query">): Promise<RollupDrift[]> {
  const drift: RollupDrift[] = [];
  // The demo's results examples (SVC_DEMO) are rollups written without raw rows, by design.
  const examples = (await sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = $1`, [RESULTS_SITE_ID])).map((r) => `${r.id}/`);
  for (const check of CHECKS) {
    const rows = await sql.query<{ what: string; rollup: number; recount: number }>(check.sql);
    for (const row of rows) {
      if (examples.some((prefix) => row.what.startsWith(prefix))) continue;
      // Each increment is stored to 4 decimals; cubes of order values reach 1e9 a visitor, so beyond the
      // absolute 0.005 a relative 1e-10 allows their rounding (still far below any real drift).
      if (Math.abs(Number(row.rollup) - Number(row.recount)) > Math.max(0.005, 1e-10 * Math.abs(Number(row.recount)))) {
        drift.push({ what: `${check.name} ${row.what}`, rollup: Number(row.rollup), recount: Number(row.recount) });
      }
    }
  }
  return drift;
}

/** How many rows each raw and rollup table holds, for a test to show that the comparison was not empty. */
export async function tableCounts(sql: Pick<SqlRunner, "query">): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ["Event", "Exposure", "Conversion", "ConversionAttribution", "VisitorTotal", "DailyRollup", "SegmentRollup"]) {
    const [row] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}
