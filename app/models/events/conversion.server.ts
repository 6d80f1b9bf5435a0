// Conversions from every door, counted once per (site, eventId), and the arms they are attributed to.
import { Prisma, type ConversionSource } from "~/generated/prisma/client";
import type { Tx } from "~/models/transaction.server";

/** One conversion as any door reports it: what the row stores besides its site. */
export interface ConversionFacts {
  eventId: string;
  goal: string;
  value: number | null;
  currency: string | null;
  sessionId: string | null;
  visitorId: string | null;
  source: ConversionSource;
  occurredAt: Date;
}

export interface ConversionRow extends ConversionFacts {
  siteId: string;
}

/** Inserts the conversion unless its (site, eventId) exists; false for a duplicate. */
export async function insertConversion(tx: Tx, row: ConversionRow): Promise<boolean> {
  const { count } = await tx.conversion.createMany({
    data: [{ ...row, value: row.value === null ? null : new Prisma.Decimal(row.value) }],
    skipDuplicates: true,
  });
  return count === 1;
}

export async function insertAttributions(
  tx: Tx,
  siteId: string,
  eventId: string,
  arms: ReadonlyArray<{ testId: string; armId: string }>,
): Promise<void> {
  if (arms.length === 0) return;
  await tx.conversionAttribution.createMany({
    data: arms.map((a) => ({ siteId, eventId, testId: a.testId, armId: a.armId })),
    skipDuplicates: true,
  });
}

/** The conversion as recorded, for the doors that change it later (refunds, a late session). */
export async function findConversion(tx: Tx, siteId: string, eventId: string) {
  const row = await tx.conversion.findUnique({ where: { siteId_eventId: { siteId, eventId } } });
  return row && { ...row, value: row.value === null ? null : Number(row.value) };
}

/** Gives a conversion recorded without a session its session; false when it already had one (or none exists). */
export async function setConversionSession(
  tx: Tx,
  key: { siteId: string; eventId: string },
  session: { sessionId: string; visitorId: string },
): Promise<boolean> {
  const { count } = await tx.conversion.updateMany({
    where: { siteId: key.siteId, eventId: key.eventId, sessionId: null },
    data: { sessionId: session.sessionId, visitorId: session.visitorId },
  });
  return count === 1;
}

export async function listAttributions(tx: Tx, siteId: string, eventId: string) {
  return tx.conversionAttribution.findMany({ where: { siteId, eventId }, select: { testId: true, armId: true } });
}
