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
  /** The event's type-specific wire fields (JSON values only). */
  data: Record<string, unknown>;
}

/** Inserts the rows whose (site, eventId) is new; returns the ids that were inserted. */
export async function insertNewEvents(tx: Tx, rows: EventRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const created = await tx.event.createManyAndReturn({
    data: rows.map((row) => ({ ...row, data: row.data as Prisma.InputJsonObject })),
    skipDuplicates: true,
    select: { eventId: true },
  });
  return new Set(created.map((row) => row.eventId));
}
