// Raw events, append-only: inserts that skip ids already stored, so a resent batch changes nothing.
import type { EventType, Prisma } from "~/generated/prisma/client";
import type { Tx } from "./transaction.server";

export interface EventRow {
  siteId: string;
  eventId: string;
  type: EventType;
  visitorId: string;
  sessionId: string;
  path: string;
  occurredAt: Date;
  data: Prisma.InputJsonValue;
}

/** Inserts the rows whose (site, eventId) is new; returns the ids that were inserted. */
export async function insertNewEvents(tx: Tx, rows: EventRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const created = await tx.event.createManyAndReturn({ data: rows, skipDuplicates: true, select: { eventId: true } });
  return new Set(created.map((row) => row.eventId));
}
