// Whether a shop's storefront plan (the svc.hide metafield the app embed prints) is behind its tests
// (Shop.hidePlanStale): raised in the transaction of every status change of a storefront test, whoever makes
// it, so that a crash or a failed Admin API call can never make svc forget to rewrite the plan; cleared only
// by a rewrite that read the mark before it read the tests.
import { prisma } from "~/db.server";
import type { Tx } from "./transaction.server";

/**
 * Raises the mark of the shop whose storefront test `testId` is, in the caller's transaction (the one that
 * changed the test's status). Nothing for a test of another kind of site: the plan lists only the
 * storefront's tests.
 */
export async function markHidePlanStale(tx: Tx, testId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Shop" SET "hidePlanStale" = "hidePlanStale" + 1, "hidePlanStaleSince" = COALESCE("hidePlanStaleSince", now())
     WHERE id = (SELECT s."shopId" FROM "Test" t JOIN "Site" s ON s.id = t."siteId" WHERE t.id = ${testId} AND s.kind = 'shopify')`;
}

/** Raises the shop's mark outside any change: a rewrite failed, and the schedule job must try again. */
export async function markShopHidePlanStale(shopDomain: string): Promise<void> {
  const db = await prisma();
  await db.$executeRaw`
    UPDATE "Shop" SET "hidePlanStale" = "hidePlanStale" + 1, "hidePlanStaleSince" = COALESCE("hidePlanStaleSince", now())
     WHERE domain = ${shopDomain}`;
}

/** The shop's mark now (0: in step, or no such shop); read before the plan, handed back to clearHidePlanStale. */
export async function hidePlanMark(shopDomain: string): Promise<number> {
  const db = await prisma();
  const shop = await db.shop.findUnique({ where: { domain: shopDomain }, select: { hidePlanStale: true } });
  return shop?.hidePlanStale ?? 0;
}

/** Clears the mark if it is still `mark`: a change raised after it was read stays for the next rewrite. */
export async function clearHidePlanStale(shopDomain: string, mark: number): Promise<void> {
  if (mark <= 0) return;
  const db = await prisma();
  await db.shop.updateMany({ where: { domain: shopDomain, hidePlanStale: mark }, data: { hidePlanStale: 0, hidePlanStaleSince: null } });
}

export interface StaleHidePlan {
  shopDomain: string;
  /** When the plan first fell behind. */
  since: Date | null;
}

/** Installed shops whose plan is behind, the least recently tried first, at most `limit`. */
export async function listStaleHidePlans(limit: number): Promise<StaleHidePlan[]> {
  const db = await prisma();
  const shops = await db.shop.findMany({
    where: { hidePlanStale: { gt: 0 }, uninstalledAt: null },
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
