// A group of new snippet events in two statements whatever its size: one reads what the database knows
// about the group's sessions and visitors, one writes the domain's plan (exposures, conversions,
// attributions, rollups). Every round trip is paid by every group, so each is one statement.
import type { IngestPlan, KnownFacts } from "~/domain/events/ingest-plan";
import { ROLLUP_PARAMS, rollupParams, rollupUpsertSql } from "./rollup.server";
import { NETWORK_ROLLUP_PARAMS, networkRollupParams, networkRollupUpsertSql } from "./network-rollup.server";
import { SEGMENT_ROLLUP_PARAMS, segmentRollupParams, segmentRollupUpsertSql } from "./segment-rollup.server";
import { arrayColumns, rowArrays, unnestRows } from "./row-arrays.server";
import { VISITOR_TOTAL_PARAMS, visitorTotalParams, visitorTotalUpsertSql } from "./visitor-total.server";
import { EVENT_PARAMS, eventInsertSql, eventParams, type EventRow } from "./event.server";
import type { Sql } from "~/models/transaction.server";
import { connect } from "~/db.server";

export interface KnownFactsQuery {
  /** Every site the keys below are of: when there is one, each read names it, so a distributed PostgreSQL routes it to its shard. */
  siteIds: readonly string[];
  /** (site, test, session) keys whose stored exposure matters. */
  exposureKeys: ReadonlyArray<{ siteId: string; testId: string; sessionId: string }>;
  /** (site, test, visitor) keys whose earliest exposure at or after the test's start matters (attribution). */
  visitorExposureKeys: ReadonlyArray<{ siteId: string; testId: string; visitorId: string; startedAt: Date }>;
  /** (site, test, visitor): was any session of the visitor exposed to the test, and with which covariate? */
  visitorKeys: ReadonlyArray<{ siteId: string; testId: string; visitorId: string }>;
  /**
   * Per exposure (`index` in the group's events): the visitor's revenue in `currency` dated in
   * [`from`, `before`), CUPED's window before exposure ((site, visitor): an index). Read only for a visitor not yet
   * exposed to `testId`: a covariate is taken at the visitor's first exposure and kept (ingest-plan.ts).
   */
  revenueBeforeKeys: ReadonlyArray<{ index: number; siteId: string; testId: string; visitorId: string; currency: string; from: Date; before: Date }>;
  /** Visitors whose earlier attributed conversions matter (per-visitor revenue): their running totals are read. */
  historyVisitors: ReadonlyArray<{ siteId: string; visitorId: string }>;
  /** Conversion ids that another door may have recorded already. */
  conversionKeys: ReadonlyArray<{ siteId: string; eventId: string }>;
}

type KeyRow<K extends Exclude<keyof KnownFactsQuery, "siteIds">> = KnownFactsQuery[K][number];
const EXPOSURE_KEYS = arrayColumns<KeyRow<"exposureKeys">>({ siteId: "text", testId: "text", sessionId: "text" });
const VISITOR_EXPOSURE_KEYS = arrayColumns<KeyRow<"visitorExposureKeys">>({
  siteId: "text", testId: "text", visitorId: "text", startedAt: "timestamp(3)",
});
const VISITOR_KEYS = arrayColumns<KeyRow<"visitorKeys">>({ siteId: "text", testId: "text", visitorId: "text" });
const REVENUE_BEFORE_KEYS = arrayColumns<KeyRow<"revenueBeforeKeys">>({
  index: "int", siteId: "text", testId: "text", visitorId: "text", currency: "text", from: "timestamp(3)", before: "timestamp(3)",
});
const HISTORY_VISITORS = arrayColumns<KeyRow<"historyVisitors">>({ siteId: "text", visitorId: "text" });
const CONVERSION_KEYS = arrayColumns<KeyRow<"conversionKeys">>({ siteId: "text", eventId: "text" });

/** Parameter positions from `first` on: each key set's arrays in turn, then the site of a one-site group. */
function factPositions(first: number) {
  const exposure = first;
  const visitorExposure = exposure + EXPOSURE_KEYS.length;
  const visitor = visitorExposure + VISITOR_EXPOSURE_KEYS.length;
  const revenueBefore = visitor + VISITOR_KEYS.length;
  const history = revenueBefore + REVENUE_BEFORE_KEYS.length;
  const conversion = history + HISTORY_VISITORS.length;
  return { exposure, visitorExposure, visitor, revenueBefore, history, conversion, site: conversion + CONVERSION_KEYS.length };
}

// Every lookup is a LATERAL subquery fenced with OFFSET 0, so it runs once per key by an index whatever the
// table's statistics say: joined plainly, a fresh or freshly grown table's stale estimate made the planner scan
// every row of the group's sites and hash them, a cost that grew with the sites' data.
// How each lookup is held to its site (`held`): a group of one site's batches names it, `= $n`, so a distributed
// PostgreSQL routes the statement to that site's shard, and the planner, knowing the site, reads each key by its
// index. A group of several sites' joins each key to its own site instead: an `= ANY(sites)` beside the join made
// every index probe descend once per site of the group (PostgreSQL 15 walks the array) and counted the site twice
// in the estimates, which chose the visitor index over the key for a session's exposure (docs/database.md).
function knownFactsColumns(oneSite: boolean, first: number): string {
  const P = factPositions(first);
  const held = (alias: string, key: string) => (oneSite ? `${alias}."siteId" = $${P.site}` : `${alias}."siteId" = ${key}."siteId"`);
  return `
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT e."siteId", e."testId", e."sessionId"
         FROM (SELECT DISTINCT * FROM ${unnestRows(EXPOSURE_KEYS, P.exposure, "k")}) k
         CROSS JOIN LATERAL (SELECT e."siteId", e."testId", e."sessionId" FROM "Exposure" e
                       WHERE ${held("e", "k")} AND e."testId" = k."testId" AND e."sessionId" = k."sessionId" OFFSET 0) e) x
    ) AS "sessionExposures",
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT k."siteId", k."testId", k."visitorId", e."armId",
              to_char(e."exposedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "exposedAt", e."covariate"::float8 AS "covariate", e."segment",
              e."network"
         FROM (SELECT "siteId", "testId", "visitorId", min("startedAt") AS "startedAt"
                 FROM ${unnestRows(VISITOR_EXPOSURE_KEYS, P.visitorExposure, "k")} GROUP BY 1, 2, 3) k
         CROSS JOIN LATERAL (SELECT e."armId", e."exposedAt", e."covariate", e."segment", e."network" FROM "Exposure" e
                       WHERE ${held("e", "k")} AND e."testId" = k."testId" AND e."visitorId" = k."visitorId"
                         AND e."exposedAt" >= k."startedAt"
                       ORDER BY e."exposedAt", e."armId" LIMIT 1) e) x
    ) AS "visitorExposures",
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT k."siteId", k."testId", k."visitorId", e."covariate"::float8 AS "covariate"
         FROM (SELECT DISTINCT * FROM ${unnestRows(VISITOR_KEYS, P.visitor, "k")}) k
         CROSS JOIN LATERAL (SELECT e."covariate" FROM "Exposure" e
                       WHERE ${held("e", "k")} AND e."testId" = k."testId" AND e."visitorId" = k."visitorId" LIMIT 1) e) x
    ) AS "exposedVisitors",
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT k."index", sum(c."value")::float8 AS revenue
         FROM ${unnestRows(REVENUE_BEFORE_KEYS, P.revenueBefore, "k")}
         LEFT JOIN LATERAL (SELECT true AS "exposed" FROM "Exposure" e
                       WHERE ${held("e", "k")} AND e."testId" = k."testId" AND e."visitorId" = k."visitorId" LIMIT 1) seen ON true
         CROSS JOIN LATERAL (SELECT c."value" FROM "Conversion" c
                       WHERE seen."exposed" IS NULL AND ${held("c", "k")} AND c."visitorId" = k."visitorId"
                         AND c."currency" = k."currency" AND c."occurredAt" >= k."from" AND c."occurredAt" < k."before" AND c."value" IS NOT NULL
                       OFFSET 0) c
        GROUP BY k."index") x
    ) AS "revenueBefore",
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT t."siteId", t."testId", t."goal", t."visitorId", t."currency", t."conversions", t."revenue"::float8 AS revenue
         FROM (SELECT DISTINCT * FROM ${unnestRows(HISTORY_VISITORS, P.history, "k")}) k
         CROSS JOIN LATERAL (SELECT t.* FROM "VisitorTotal" t
                       WHERE ${held("t", "k")} AND t."visitorId" = k."visitorId" OFFSET 0) t) x
    ) AS "visitorHistory",
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT c."siteId", c."eventId"
         FROM ${unnestRows(CONVERSION_KEYS, P.conversion, "k")}
         CROSS JOIN LATERAL (SELECT c."siteId", c."eventId" FROM "Conversion" c
                       WHERE ${held("c", "k")} AND c."eventId" = k."eventId" OFFSET 0) c) x
    ) AS "recordedConversions"`;
}
const READ_ONE_SITE = `SELECT ${knownFactsColumns(true, 1)}`;
const READ_SITES = `SELECT ${knownFactsColumns(false, 1)}`;
// With the group's new events inserted first, in the same round trip (insertEventsReadingFacts).
const insertReadSql = (oneSite: boolean) => `WITH ins AS (${eventInsertSql(1)})
  SELECT (SELECT COALESCE(json_agg(ins), '[]') FROM ins) AS inserted, ${knownFactsColumns(oneSite, 1 + EVENT_PARAMS)}`;
const INSERT_READ_ONE_SITE = insertReadSql(true);
const INSERT_READ_SITES = insertReadSql(false);

type Json<T> = T | string;
const parsed = <T>(value: Json<T>): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

interface FactsRow {
  sessionExposures: Json<KnownFacts["sessionExposures"]>;
  visitorExposures: Json<Array<{
    siteId: string; testId: string; visitorId: string; armId: string; exposedAt: string; covariate: number | null; segment: string | null; network: string | null;
  }>>;
  exposedVisitors: Json<KnownFacts["exposedVisitors"]>;
  revenueBefore: Json<KnownFacts["revenueBefore"]>;
  visitorHistory: Json<Array<KnownFacts["visitorHistory"][number]>>;
  recordedConversions: Json<KnownFacts["recordedConversions"]>;
}

const factParams = (query: KnownFactsQuery): unknown[] => [
  ...rowArrays(query.exposureKeys, EXPOSURE_KEYS),
  ...rowArrays(query.visitorExposureKeys, VISITOR_EXPOSURE_KEYS),
  ...rowArrays(query.visitorKeys, VISITOR_KEYS),
  ...rowArrays(query.revenueBeforeKeys, REVENUE_BEFORE_KEYS),
  ...rowArrays(query.historyVisitors, HISTORY_VISITORS),
  ...rowArrays(query.conversionKeys, CONVERSION_KEYS),
  ...(query.siteIds.length === 1 ? [query.siteIds[0]] : []),
];

function knownFacts(row: FactsRow | undefined): KnownFacts {
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

/** What the database already holds about the group's sessions and visitors, in one round trip. */
export async function readKnownFacts(sql: Sql, query: KnownFactsQuery): Promise<KnownFacts> {
  const [row] = await sql.query<FactsRow>(query.siteIds.length === 1 ? READ_ONE_SITE : READ_SITES, factParams(query));
  return knownFacts(row);
}

/**
 * Whether the writer inserts a group's events and reads its facts in one statement (insertEventsReadingFacts):
 * on PGlite, where each statement is a message to and from the database's thread. Measured with the bench's
 * realistic mix, alternating builds: PGlite 5,956 and 5,535 → 6,574 and 6,455 events/s; on PostgreSQL the one
 * statement lost (12,603 and 13,180 → 10,495 and 11,217, PostgreSQL's CPU per event 48–50 → 56–57 µs), so there
 * the two stay apart.
 */
export async function factsWithEvents(): Promise<boolean> {
  return (await connect()).database.kind === "pglite";
}

/**
 * Inserts the events whose (site, eventId) is new and reads what the database holds about `query`'s keys, in one
 * statement. The keys are those of every event offered, new or not: facts about a resent event's session or
 * visitor change nothing.
 */
export async function insertEventsReadingFacts(
  sql: Sql,
  rows: readonly EventRow[],
  query: KnownFactsQuery,
): Promise<{ inserted: Array<{ siteId: string; eventId: string }>; known: KnownFacts }> {
  const [row] = await sql.query<FactsRow & { inserted: Json<Array<{ siteId: string; eventId: string }>> }>(
    query.siteIds.length === 1 ? INSERT_READ_ONE_SITE : INSERT_READ_SITES,
    [...eventParams(rows), ...factParams(query)],
  );
  return { inserted: row ? parsed(row.inserted) : [], known: knownFacts(row) };
}

type PlanRow<K extends "exposures" | "conversions" | "attributions"> = IngestPlan[K][number];
const EXPOSURE_ROWS = arrayColumns<PlanRow<"exposures">>({
  siteId: "text", testId: "text", sessionId: "text", visitorId: "text", armId: "text", eventId: "text",
  exposedAt: "timestamp(3)", msToApply: "int", msHidden: "int", covariate: "numeric", segment: "text",
  network: "text",
});
const CONVERSION_ROWS = arrayColumns<PlanRow<"conversions">>({
  siteId: "text", eventId: "text", goal: "text", value: "numeric", currency: "text", sessionId: "text",
  visitorId: "text", occurredAt: "timestamp(3)", network: "text",
});
const ATTRIBUTION_ROWS = arrayColumns<PlanRow<"attributions">>({
  siteId: "text", eventId: "text", testId: "text", armId: "text",
});

// Parameter positions: each part's arrays in turn.
const W_EXPOSURES = 1;
const W_CONVERSIONS = W_EXPOSURES + EXPOSURE_ROWS.length;
const W_ATTRIBUTIONS = W_CONVERSIONS + CONVERSION_ROWS.length;
const W_ROLLUPS = W_ATTRIBUTIONS + ATTRIBUTION_ROWS.length;
const W_SEGMENTS = W_ROLLUPS + ROLLUP_PARAMS;
const W_NETWORKS = W_SEGMENTS + SEGMENT_ROLLUP_PARAMS;
const W_TOTALS = W_NETWORKS + NETWORK_ROLLUP_PARAMS;
// The rollup part the writer adds to (rollup-fold.server.ts): its own, so that writers never wait on one another's rows.
const W_PART = `$${W_TOTALS + VISITOR_TOTAL_PARAMS}::int`;

// Data-modifying CTEs all run, referenced or not; the counts say how many exposures and conversions
// were new, so that a plan overtaken by another writer is detected.
const WRITE_PLAN = `
  WITH x AS (
    INSERT INTO "Exposure" ("siteId", "testId", "sessionId", "visitorId", "armId", "eventId", "exposedAt", "msToApply", "msHidden", "covariate", "segment", "network")
    SELECT r."siteId", r."testId", r."sessionId", r."visitorId", r."armId", r."eventId", r."exposedAt", r."msToApply", r."msHidden", r."covariate", r."segment", r."network"
      FROM ${unnestRows(EXPOSURE_ROWS, W_EXPOSURES, "r")}
    ON CONFLICT DO NOTHING
    RETURNING 1
  ), c AS (
    INSERT INTO "Conversion" ("siteId", "eventId", "goal", "value", "currency", "sessionId", "visitorId", "source", "occurredAt", "network")
    SELECT r."siteId", r."eventId", r."goal", r."value", r."currency", r."sessionId", r."visitorId", 'browser', r."occurredAt", r."network"
      FROM ${unnestRows(CONVERSION_ROWS, W_CONVERSIONS, "r")}
    ON CONFLICT DO NOTHING
    RETURNING 1
  ), a AS (
    INSERT INTO "ConversionAttribution" ("siteId", "eventId", "testId", "armId")
    SELECT r."siteId", r."eventId", r."testId", r."armId"
      FROM ${unnestRows(ATTRIBUTION_ROWS, W_ATTRIBUTIONS, "r")}
    ON CONFLICT DO NOTHING
  ), r AS (
    ${rollupUpsertSql(W_ROLLUPS, W_PART)}
  ), s AS (
    ${segmentRollupUpsertSql(W_SEGMENTS, W_PART)}
  ), n AS (
    ${networkRollupUpsertSql(W_NETWORKS, W_PART)}
  ), t AS (
    ${visitorTotalUpsertSql(W_TOTALS)}
  )
  SELECT (SELECT count(*) FROM x)::int AS exposures, (SELECT count(*) FROM c)::int AS conversions`;

/**
 * Writes the plan in one statement, its rollup increments into `part` (not 0: the folded rows are the fold's);
 * answers how many of its exposures and conversions were new.
 */
export async function writePlan(sql: Sql, plan: IngestPlan, part: number): Promise<{ exposures: number; conversions: number }> {
  const [row] = await sql.query<{ exposures: number; conversions: number }>(WRITE_PLAN, [
    ...rowArrays(plan.exposures, EXPOSURE_ROWS),
    ...rowArrays(plan.conversions, CONVERSION_ROWS),
    ...rowArrays(plan.attributions, ATTRIBUTION_ROWS),
    ...rollupParams(plan.rollups),
    ...segmentRollupParams(plan.segmentRollups),
    ...networkRollupParams(plan.networkRollups),
    ...visitorTotalParams(plan.visitorTotals),
    part,
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
