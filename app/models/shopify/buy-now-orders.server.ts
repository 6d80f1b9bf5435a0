// The orders a test that keeps its Buy-it-now buttons left out of its results (BuyNowOrder; docs/offers.md,
// "Buy-it-now"): written with the purchase's attribution, counted per arm for the results page.
import { prisma } from "~/db.server";
import type { Tx } from "~/models/transaction.server";

/** Records the arms the order would have counted for; an order already recorded (a redelivery) keeps its rows. */
export async function insertBuyNowOrders(tx: Tx, siteId: string, orderId: string, arms: ReadonlyArray<{ testId: string; armId: string }>): Promise<void> {
  if (arms.length === 0) return;
  await tx.buyNowOrder.createMany({ data: arms.map(({ testId, armId }) => ({ siteId, orderId, testId, armId })), skipDuplicates: true });
}

/** A test's orders left out, per arm. */
export async function readBuyNowOrders(siteId: string, testId: string): Promise<Array<{ armId: string; excluded: number }>> {
  const db = await prisma();
  const rows = await db.buyNowOrder.groupBy({ by: ["armId"], where: { siteId, testId }, _count: { _all: true }, orderBy: { armId: "asc" } });
  return rows.map((r) => ({ armId: r.armId, excluded: r._count._all }));
}
