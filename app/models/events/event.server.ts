// Raw events, append-only: inserts that skip ids already stored, so a resent batch changes nothing.
import type { EventType } from "~/generated/prisma/client";
import type { Sql } from "~/models/transaction.server";

export interface EventRow {
  siteId: string;
  eventId: string;
  type: EventType;
  visitorId: string;
  sessionId: string;
  path: string;
  occurredAt: Date;
  /** The event's type-specific wire fields (JSON values only). */
  data: Record<string, unknown>;
}

/**
 * Inserts the rows whose (site, eventId) is new, a whole group of sites' batches in one statement (the
 * rows as one JSON parameter, which the drivers and Prisma pass alike); returns the pairs that were new.
 */
export async function insertEventRows(sql: Sql, rows: EventRow[]): Promise<Array<{ siteId: string; eventId: string }>> {
  if (rows.length === 0) return [];
  return sql.query(
    `INSERT INTO "Event" ("siteId", "eventId", "type", "visitorId", "sessionId", "path", "occurredAt", "data")
     SELECT r."siteId", r."eventId", r."type"::"EventType", r."visitorId", r."sessionId", r."path", r."occurredAt", r."data"
       FROM jsonb_to_recordset($1::jsonb) AS r("siteId" text, "eventId" text, "type" text, "visitorId" text,
            "sessionId" text, "path" text, "occurredAt" timestamp(3), "data" jsonb)
     ON CONFLICT DO NOTHING
     RETURNING "siteId", "eventId"`,
    [JSON.stringify(rows)],
  );
}
