// Whether a shop's storefront plan (the svc.hide metafield the app embed prints) is behind its tests: a
// counter raised in the transaction of every status change of a storefront test, whoever makes it, so that a
// crash or a failed Admin API call can never make svc forget to rewrite the plan, and the counter the last
// successful rewrite had read before it read the tests (Shop.hidePlanWanted, hidePlanWritten).
import { prisma } from "~/db.server";
import type { Tx } from "~/models/transaction.server";

const RAISE = `"hidePlanWanted" = "hidePlanWanted" + 1, "hidePlanStaleSince" = COALESCE("hidePlanStaleSince", now())`;

/**
 * Raises the mark of the shop whose storefront test `testId` is, in the caller's transaction (the one that
 * changed the test's status). Nothing for a test of another kind of site: the plan lists only the
 * storefront's tests.
 */
export async function markHidePlanStale(tx: Tx, testId: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE "Shop" SET ${RAISE}
      WHERE id = (SELECT s."shopId" FROM "Test" t JOIN "Site" s ON s.id = t."siteId" WHERE t.id = $1 AND s.kind = 'shopify')`,
    testId,
  );
}

/** Raises the shop's mark outside any change: a rewrite failed or was overtaken, and must be done again. */
export async function markShopHidePlanStale(shopDomain: string): Promise<void> {
  const db = await prisma();
  await db.$executeRawUnsafe(`UPDATE "Shop" SET ${RAISE} WHERE domain = $1`, shopDomain);
}

/** The shop's mark now (0 for no such shop); read before the plan, handed back to recordHidePlanWritten. */
export async function hidePlanMark(shopDomain: string): Promise<number> {
  const db = await prisma();
  const shop = await db.shop.findUnique({ where: { domain: shopDomain }, select: { hidePlanWanted: true } });
  return shop?.hidePlanWanted ?? 0;
}

/**
 * A rewrite that read `mark` succeeded: the plan is in step unless a change came after that read. False when
 * a rewrite that read a later mark had already succeeded: this one's older plan may have replaced it on
 * Shopify (the two writes crossed), and the caller raises the mark again.
 */
export async function recordHidePlanWritten(shopDomain: string, mark: number): Promise<boolean> {
  const db = await prisma();
  const updated = await db.$executeRawUnsafe(
    `UPDATE "Shop" SET "hidePlanWritten" = $2,
            "hidePlanStaleSince" = CASE WHEN "hidePlanWanted" <= $2 THEN NULL ELSE "hidePlanStaleSince" END
      WHERE domain = $1 AND "hidePlanWritten" <= $2`,
    shopDomain,
    mark,
  );
  if (updated > 0) return true;
  return (await db.shop.count({ where: { domain: shopDomain } })) === 0;
}

export interface StaleHidePlan {
  shopDomain: string;
  /** When the plan fell behind. */
  since: Date | null;
}

/** Installed shops whose plan is behind, the least recently tried first, at most `limit`. */
export async function listStaleHidePlans(limit: number): Promise<StaleHidePlan[]> {
  const db = await prisma();
  const shops = await db.shop.findMany({
    where: { hidePlanStaleSince: { not: null }, uninstalledAt: null },
    orderBy: [{ hidePlanTriedAt: { sort: "asc", nulls: "first" } }, { hidePlanStaleSince: "asc" }],
    take: limit,
    select: { domain: true, hidePlanStaleSince: true },
  });
  return shops.map((s) => ({ shopDomain: s.domain, since: s.hidePlanStaleSince }));
}

export async function noteHidePlanTried(shopDomain: string, at: Date): Promise<void> {
  const db = await prisma();
  await db.shop.updateMany({ where: { domain: shopDomain }, data: { hidePlanTriedAt: at } });
}
