// Exposures: the first arm each session was shown per test, which attribution reads.
import type { Sql, Tx } from "./transaction.server";

export interface ExposureRow {
  siteId: string;
  testId: string;
  sessionId: string;
  visitorId: string;
  armId: string;
  eventId: string;
  exposedAt: Date;
  msToApply: number;
  msHidden: number;
}

export async function listSessionExposures(tx: Tx, siteId: string, sessionId: string) {
  return tx.exposure.findMany({
    where: { siteId, sessionId },
    select: { testId: true, armId: true, exposedAt: true, visitorId: true },
  });
}

/** Inserts each (site, test, session)'s exposure unless one exists, in one statement; returns how many were new. */
export async function insertExposureRows(
  sql: Sql,
  rows: ReadonlyArray<Omit<ExposureRow, "msToApply" | "msHidden"> & { msToApply: number | null; msHidden: number | null }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  return (await sql.query(
    `INSERT INTO "Exposure" ("siteId", "testId", "sessionId", "visitorId", "armId", "eventId", "exposedAt", "msToApply", "msHidden")
     SELECT r."siteId", r."testId", r."sessionId", r."visitorId", r."armId", r."eventId", r."exposedAt", r."msToApply", r."msHidden"
       FROM jsonb_to_recordset($1::jsonb) AS r("siteId" text, "testId" text, "sessionId" text, "visitorId" text, "armId" text,
            "eventId" text, "exposedAt" timestamp(3), "msToApply" int, "msHidden" int)
     ON CONFLICT DO NOTHING
     RETURNING 1`,
    [JSON.stringify(rows)],
  )).length;
}

/** The stored exposures among these (site, test, session) keys (looked up by the table's key). */
export async function findExposures(
  sql: Sql,
  keys: ReadonlyArray<{ siteId: string; testId: string; sessionId: string }>,
): Promise<Array<{ siteId: string; testId: string; sessionId: string; armId: string; exposedAt: Date }>> {
  if (keys.length === 0) return [];
  return sql.query(
    // As timestamptz: drivers would read a bare timestamp in the process's local zone.
    `SELECT e."siteId", e."testId", e."sessionId", e."armId", e."exposedAt" AT TIME ZONE 'UTC' AS "exposedAt"
       FROM (SELECT DISTINCT * FROM jsonb_to_recordset($1::jsonb) AS k("siteId" text, "testId" text, "sessionId" text)) k
       JOIN "Exposure" e ON e."siteId" = k."siteId" AND e."testId" = k."testId" AND e."sessionId" = k."sessionId"`,
    [JSON.stringify(keys)],
  );
}

/** Which of these (site, test, visitor) already had a session exposed to the test. */
export async function findExposedVisitors(
  sql: Sql,
  keys: ReadonlyArray<{ siteId: string; testId: string; visitorId: string }>,
): Promise<Array<{ siteId: string; testId: string; visitorId: string }>> {
  if (keys.length === 0) return [];
  return sql.query(
    `SELECT k."siteId", k."testId", k."visitorId"
       FROM (SELECT DISTINCT * FROM jsonb_to_recordset($1::jsonb) AS k("siteId" text, "testId" text, "visitorId" text)) k
      WHERE EXISTS (SELECT 1 FROM "Exposure" e
                     WHERE e."siteId" = k."siteId" AND e."testId" = k."testId" AND e."visitorId" = k."visitorId")`,
    [JSON.stringify(keys)],
  );
}
