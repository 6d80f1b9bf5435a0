// Raw events, append-only: inserts that skip ids already stored, so a resent batch changes nothing.
import type { EventType } from "~/generated/prisma/client";
import type { Sql } from "~/models/transaction.server";
import { arrayColumns, rowArrays, unnestRows } from "./row-arrays.server";

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

const EVENT_COLUMNS = arrayColumns<EventRow>({
  siteId: "text", eventId: "text", type: "text", visitorId: "text", sessionId: "text", path: "text",
  occurredAt: "timestamp(3)", data: "text",
});

/** How many parameters eventInsertSql's statement takes (one array per column). */
export const EVENT_PARAMS = EVENT_COLUMNS.length;

/** The insert's parameters for `rows`, at eventInsertSql's positions. */
export const eventParams = (rows: readonly EventRow[]): unknown[][] => rowArrays(rows, EVENT_COLUMNS);

/**
 * Inserts rows whose (site, eventId) is new, from EVENT_PARAMS arrays from `$first` on; returns the new pairs. For a
 * statement or a CTE. Each session's first row by id in the rows offered marks its session (`marksSession`): the
 * session index holds those alone, one entry a batch instead of one an event. By id, so a resent batch marks the
 * same row; and the write that first stored any of a session's events marked one of them.
 */
export function eventInsertSql(first: number): string {
  return `INSERT INTO "Event" ("siteId", "eventId", "type", "visitorId", "sessionId", "path", "occurredAt", "data", "marksSession")
     SELECT r."siteId", r."eventId", r."type"::"EventType", r."visitorId", r."sessionId", r."path", r."occurredAt", r."data"::jsonb,
            row_number() OVER (PARTITION BY r."siteId", r."sessionId" ORDER BY r."eventId") = 1
       FROM ${unnestRows(EVENT_COLUMNS, first, "r")}
     ON CONFLICT DO NOTHING
     RETURNING "siteId", "eventId"`;
}

/**
 * Inserts the rows whose (site, eventId) is new, a whole group of sites' batches in one statement (one array
 * per column, row-arrays.server.ts); returns the pairs that were new.
 */
export async function insertEventRows(sql: Sql, rows: EventRow[]): Promise<Array<{ siteId: string; eventId: string }>> {
  if (rows.length === 0) return [];
  return sql.query(eventInsertSql(1), eventParams(rows));
}
