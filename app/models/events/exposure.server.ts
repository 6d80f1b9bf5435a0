// Exposures: the first arm each session was shown per test. Attribution reads a visitor's earliest one
// per test, and a session's visitor when a conversion names only its session.
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/models/transaction.server";

/**
 * The visitor's earliest exposure to each of `tests` at or after that test's start, from any session
 * (one indexed lookup per test: Exposure(siteId, visitorId, testId, exposedAt, armId)); later ones can never be the arm
 * a conversion counts for (app/domain/events/attribution.ts).
 */
export async function firstVisitorExposures(
  tx: Tx,
  siteId: string,
  visitorId: string,
  tests: ReadonlyArray<{ id: string; startedAt: Date }>,
): Promise<Array<{ testId: string; armId: string; exposedAt: Date; covariate: number | null; segment: string | null; network: string | null }>> {
  if (tests.length === 0) return [];
  const keys = JSON.stringify(tests.map((t) => ({ testId: t.id, startedAt: t.startedAt })));
  return tx.$queryRaw<Array<{ testId: string; armId: string; exposedAt: Date; covariate: number | null; segment: string | null; network: string | null }>>`
    SELECT DISTINCT ON (e."testId") e."testId", e."armId", e."exposedAt", e."covariate"::float8 AS "covariate", e."segment", e."network"
      FROM jsonb_to_recordset(${keys}::jsonb) AS k("testId" text, "startedAt" timestamp(3))
      JOIN "Exposure" e ON e."siteId" = ${siteId} AND e."testId" = k."testId" AND e."visitorId" = ${visitorId}
                       AND e."exposedAt" >= k."startedAt"
     ORDER BY e."testId", e."exposedAt", e."armId"`;
}

/**
 * The visitor whose session this is, from the snippet's events of it (Event(siteId, sessionId)); null
 * when svc never saw the session. For conversions that name only a session (a Shopify order's
 * `_svc_sid`, a server conversion), so that they are attributed per visitor like the rest.
 */
export async function findSessionVisitor(tx: Tx, siteId: string, sessionId: string): Promise<string | null> {
  const rows = await tx.$queryRaw<Array<{ visitorId: string }>>(
    Prisma.sql`SELECT "visitorId" FROM "Event" WHERE "siteId" = ${siteId} AND "sessionId" = ${sessionId} AND "marksSession" = true LIMIT 1`,
  );
  return rows[0]?.visitorId ?? null;
}
