// A group of new snippet events in two statements whatever its size: one reads what the database knows
// about the group's sessions and visitors, one writes the domain's plan (exposures, conversions,
// attributions, rollups). Every round trip is paid by every group, so each is one statement.
import type { IngestPlan, KnownFacts } from "~/domain/events/ingest-plan";
import { rollupUpsertSql } from "./rollup.server";
import { networkRollupUpsertSql } from "./network-rollup.server";
import { segmentRollupUpsertSql } from "./segment-rollup.server";
import type { Sql } from "~/models/transaction.server";

export interface KnownFactsQuery {
  /** Every site the keys below are of: each read names them, so a distributed PostgreSQL prunes to their shards. */
  siteIds: readonly string[];
  /** (site, test, session) keys whose stored exposure matters. */
  exposureKeys: ReadonlyArray<{ siteId: string; testId: string; sessionId: string }>;
  /** (site, test, visitor) keys whose earliest exposure at or after the test's start matters (attribution). */
  visitorExposureKeys: ReadonlyArray<{ siteId: string; testId: string; visitorId: string; startedAt: Date }>;
  /** (site, test, visitor): was any session of the visitor exposed to the test, and with which covariate? */
  visitorKeys: ReadonlyArray<{ siteId: string; testId: string; visitorId: string }>;
  /**
   * Per exposure (`index` in the group's events): the visitor's revenue in `currency` dated in
   * [`from`, `before`), CUPED's window before exposure ((site, visitor): an index).
   */
  revenueBeforeKeys: ReadonlyArray<{ index: number; siteId: string; visitorId: string; currency: string; from: Date; before: Date }>;
  /** Visitors whose earlier attributed conversions matter (per-visitor revenue). */
  historyVisitors: ReadonlyArray<{ siteId: string; visitorId: string }>;
  /** Conversion ids that another door may have recorded already. */
  conversionKeys: ReadonlyArray<{ siteId: string; eventId: string }>;
}

const READ_KNOWN_FACTS = `
  SELECT
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT e."siteId", e."testId", e."sessionId"
         FROM (SELECT DISTINCT * FROM jsonb_to_recordset($1::jsonb) AS k("siteId" text, "testId" text, "sessionId" text)) k
         JOIN "Exposure" e ON e."siteId" = ANY($7::text[]) AND e."siteId" = k."siteId" AND e."testId" = k."testId" AND e."sessionId" = k."sessionId") x
    ) AS "sessionExposures",
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT DISTINCT ON (e."siteId", e."testId", e."visitorId") e."siteId", e."testId", e."visitorId", e."armId",
              to_char(e."exposedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "exposedAt", e."covariate"::float8 AS "covariate", e."segment",
              e."network"
         FROM (SELECT DISTINCT * FROM jsonb_to_recordset($5::jsonb) AS k("siteId" text, "testId" text, "visitorId" text, "startedAt" timestamp(3))) k
         JOIN "Exposure" e ON e."siteId" = ANY($7::text[]) AND e."siteId" = k."siteId" AND e."testId" = k."testId" AND e."visitorId" = k."visitorId"
                          AND e."exposedAt" >= k."startedAt"
        ORDER BY e."siteId", e."testId", e."visitorId", e."exposedAt", e."armId") x
    ) AS "visitorExposures",
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT k."siteId", k."testId", k."visitorId", e."covariate"::float8 AS "covariate"
         FROM (SELECT DISTINCT * FROM jsonb_to_recordset($2::jsonb) AS k("siteId" text, "testId" text, "visitorId" text)) k
         CROSS JOIN LATERAL (SELECT e."covariate" FROM "Exposure" e
                       WHERE e."siteId" = ANY($7::text[]) AND e."siteId" = k."siteId" AND e."testId" = k."testId" AND e."visitorId" = k."visitorId" LIMIT 1) e) x
    ) AS "exposedVisitors",
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT k."index", sum(c."value")::float8 AS revenue
         FROM jsonb_to_recordset($6::jsonb) AS k("index" int, "siteId" text, "visitorId" text, "currency" text,
              "from" timestamp(3), "before" timestamp(3))
         JOIN "Conversion" c ON c."siteId" = ANY($7::text[]) AND c."siteId" = k."siteId" AND c."visitorId" = k."visitorId" AND c."currency" = k."currency"
                            AND c."occurredAt" >= k."from" AND c."occurredAt" < k."before" AND c."value" IS NOT NULL
        GROUP BY k."index") x
    ) AS "revenueBefore",
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT a."siteId", a."testId", c."goal", c."visitorId", COALESCE(c."currency", '') AS currency,
              count(*)::int AS conversions, COALESCE(sum(c."value"), 0)::float8 AS revenue
         FROM (SELECT DISTINCT * FROM jsonb_to_recordset($3::jsonb) AS k("siteId" text, "visitorId" text)) k
         JOIN "Conversion" c ON c."siteId" = ANY($7::text[]) AND c."siteId" = k."siteId" AND c."visitorId" = k."visitorId"
         JOIN "ConversionAttribution" a ON a."siteId" = c."siteId" AND a."eventId" = c."eventId"
        GROUP BY 1, 2, 3, 4, 5) x
    ) AS "visitorHistory",
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT c."siteId", c."eventId"
         FROM jsonb_to_recordset($4::jsonb) AS k("siteId" text, "eventId" text)
         JOIN "Conversion" c ON c."siteId" = ANY($7::text[]) AND c."siteId" = k."siteId" AND c."eventId" = k."eventId") x
    ) AS "recordedConversions"`;

type Json<T> = T | string;
const parsed = <T>(value: Json<T>): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** What the database already holds about the group's sessions and visitors, in one round trip. */
export async function readKnownFacts(sql: Sql, query: KnownFactsQuery): Promise<KnownFacts> {
  const [row] = await sql.query<{
    sessionExposures: Json<KnownFacts["sessionExposures"]>;
    visitorExposures: Json<Array<{
      siteId: string; testId: string; visitorId: string; armId: string; exposedAt: string; covariate: number | null; segment: string | null; network: string | null;
    }>>;
    exposedVisitors: Json<KnownFacts["exposedVisitors"]>;
    revenueBefore: Json<KnownFacts["revenueBefore"]>;
    visitorHistory: Json<Array<KnownFacts["visitorHistory"][number]>>;
    recordedConversions: Json<KnownFacts["recordedConversions"]>;
  }>(READ_KNOWN_FACTS, [
    JSON.stringify(query.exposureKeys),
    JSON.stringify(query.visitorKeys),
    JSON.stringify(query.historyVisitors),
    JSON.stringify(query.conversionKeys),
    JSON.stringify(query.visitorExposureKeys),
    JSON.stringify(query.revenueBeforeKeys),
    [...query.siteIds],
  ]);
  if (!row) throw new Error("readKnownFacts: no row");
  return {
    sessionExposures: parsed(row.sessionExposures),
    visitorExposures: parsed(row.visitorExposures).map((e) => ({ ...e, exposedAt: new Date(e.exposedAt) })),
    exposedVisitors: parsed(row.exposedVisitors),
    revenueBefore: parsed(row.revenueBefore).map((r) => ({ index: Number(r.index), revenue: Number(r.revenue) })),
    visitorHistory: parsed(row.visitorHistory).map((h) => ({ ...h, conversions: Number(h.conversions), revenue: Number(h.revenue) })),
    recordedConversions: parsed(row.recordedConversions),
  };
}

// Data-modifying CTEs all run, referenced or not; the counts say how many exposures and conversions
// were new, so that a plan overtaken by another writer is detected.
const WRITE_PLAN = `
  WITH x AS (
    INSERT INTO "Exposure" ("siteId", "testId", "sessionId", "visitorId", "armId", "eventId", "exposedAt", "msToApply", "msHidden", "covariate", "segment", "network")
    SELECT r."siteId", r."testId", r."sessionId", r."visitorId", r."armId", r."eventId", r."exposedAt", r."msToApply", r."msHidden", r."covariate", r."segment", r."network"
      FROM jsonb_to_recordset($1::jsonb) AS r("siteId" text, "testId" text, "sessionId" text, "visitorId" text, "armId" text,
           "eventId" text, "exposedAt" timestamp(3), "msToApply" int, "msHidden" int, "covariate" numeric, "segment" text, "network" text)
    ON CONFLICT DO NOTHING
    RETURNING 1
  ), c AS (
    INSERT INTO "Conversion" ("siteId", "eventId", "goal", "value", "currency", "sessionId", "visitorId", "source", "occurredAt", "network")
    SELECT r."siteId", r."eventId", r."goal", r."value", r."currency", r."sessionId", r."visitorId", 'browser', r."occurredAt", r."network"
      FROM jsonb_to_recordset($2::jsonb) AS r("siteId" text, "eventId" text, "goal" text, "value" numeric, "currency" text,
           "sessionId" text, "visitorId" text, "occurredAt" timestamp(3), "network" text)
    ON CONFLICT DO NOTHING
    RETURNING 1
  ), a AS (
    INSERT INTO "ConversionAttribution" ("siteId", "eventId", "testId", "armId")
    SELECT r."siteId", r."eventId", r."testId", r."armId"
      FROM jsonb_to_recordset($3::jsonb) AS r("siteId" text, "eventId" text, "testId" text, "armId" text)
    ON CONFLICT DO NOTHING
  ), r AS (
    ${rollupUpsertSql("$4")}
  ), s AS (
    ${segmentRollupUpsertSql("$5")}
  ), n AS (
    ${networkRollupUpsertSql("$6")}
  )
  SELECT (SELECT count(*) FROM x)::int AS exposures, (SELECT count(*) FROM c)::int AS conversions`;

/** Writes the plan in one statement; answers how many of its exposures and conversions were new. */
export async function writePlan(sql: Sql, plan: IngestPlan): Promise<{ exposures: number; conversions: number }> {
  const [row] = await sql.query<{ exposures: number; conversions: number }>(WRITE_PLAN, [
    JSON.stringify(plan.exposures),
    JSON.stringify(plan.conversions),
    JSON.stringify(plan.attributions),
    JSON.stringify(plan.rollups),
    JSON.stringify(plan.segmentRollups),
    JSON.stringify(plan.networkRollups),
  ]);
  return { exposures: Number(row?.exposures ?? 0), conversions: Number(row?.conversions ?? 0) };
}

/** The goal labels each of `siteIds` already counts under in its rollups (what its results show). */
export async function readSiteGoalLabels(sql: Sql, siteIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await sql.query<{ siteId: string; goal: string }>(
    `SELECT DISTINCT "siteId", goal FROM "DailyRollup" WHERE "siteId" = ANY($1::text[]) AND goal <> ''`,
    [siteIds],
  );
  const bySite = new Map<string, string[]>(siteIds.map((id) => [id, []]));
  for (const r of rows) bySite.get(r.siteId)?.push(r.goal);
  return bySite;
}
