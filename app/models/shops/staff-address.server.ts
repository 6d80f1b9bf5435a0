// The addresses a shop's admin was opened from, kept while the shop leaves its team's visits out of tests.
import { prisma } from "~/db.server";

/** How long an address counts as the team's after the admin was last opened from it. */
export const STAFF_ADDRESS_DAYS = 30;

/**
 * Records that the shop's admin was opened from `address` now, if the shop leaves its team out (else
 * nothing is kept). Answers whether the address is new for the shop (its sites must reload), or null when
 * the shop does not leave its team out.
 */
export async function noteStaffAddress(shopDomain: string, address: string, now: Date): Promise<{ isNew: boolean; publicIds: string[] } | null> {
  const db = await prisma();
  const shop = await db.shop.findUnique({ where: { domain: shopDomain }, select: { id: true, excludeStaff: true, sites: { select: { publicId: true } } } });
  if (!shop?.excludeStaff) return null;
  const since = new Date(now.getTime() - STAFF_ADDRESS_DAYS * 86_400_000);
  const before = await db.staffAddress.findUnique({ where: { shopId_address: { shopId: shop.id, address } }, select: { lastSeenAt: true } });
  await db.staffAddress.upsert({
    where: { shopId_address: { shopId: shop.id, address } },
    create: { shopId: shop.id, address, lastSeenAt: now },
    update: { lastSeenAt: now },
  });
  return { isNew: !before || before.lastSeenAt < since, publicIds: shop.sites.map((s) => s.publicId) };
}

/** The Site IDs of a shop's sites. */
export async function sitePublicIdsOfShop(shopDomain: string): Promise<string[]> {
  const db = await prisma();
  const sites = await db.site.findMany({ where: { shop: { domain: shopDomain } }, select: { publicId: true } });
  return sites.map((s) => s.publicId);
}
