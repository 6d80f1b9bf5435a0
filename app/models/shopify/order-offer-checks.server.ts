// The orders check's rows (OrderOfferCheck): written with the paid order, counted per arm for the results page and
// per test for the guardrail that pauses an offer test whose orders were charged otherwise than its arms' offers.
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/db.server";
import type { Tx } from "~/models/transaction.server";

export interface OfferCheckRow {
  siteId: string;
  orderId: string;
  testId: string;
  armId: string;
  expected: number;
  charged: number;
  mismatch: boolean;
}

/** Records the order's checks; an order already checked (a redelivery) keeps its first rows. */
export async function insertOfferChecks(tx: Tx, rows: readonly OfferCheckRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.orderOfferCheck.createMany({
    data: rows.map((r) => ({ ...r, expected: new Prisma.Decimal(r.expected), charged: new Prisma.Decimal(r.charged) })),
    skipDuplicates: true,
  });
}

/** A test's checked orders and those charged otherwise, per arm; only those checked after `since` when given. */
export async function readOfferChecks(siteId: string, testId: string, since: Date | null = null): Promise<Array<{ armId: string; checked: number; mismatched: number }>> {
  const db = await prisma();
  const after = since ?? new Date(0);
  const rows = await db.$queryRaw<Array<{ armId: string; checked: number; mismatched: number }>>`
    SELECT "armId", count(*)::int AS checked, (count(*) FILTER (WHERE "mismatch"))::int AS mismatched
      FROM "OrderOfferCheck" WHERE "siteId" = ${siteId} AND "testId" = ${testId} AND "checkedAt" > ${after}
     GROUP BY "armId" ORDER BY "armId"`;
  return rows.map((r) => ({ armId: r.armId, checked: Number(r.checked), mismatched: Number(r.mismatched) }));
}
