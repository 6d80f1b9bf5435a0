// Shops (merchant accounts): the only code that reads or writes the Shop table.
import { prisma } from "~/db.server";

export async function upsertShop(domain: string, fields: { name?: string; currency?: string } = {}) {
  const db = await prisma();
  return db.shop.upsert({
    where: { domain },
    create: { domain, ...fields },
    update: { uninstalledAt: null, ...fields },
  });
}

export async function findShopByDomain(domain: string) {
  const db = await prisma();
  return db.shop.findUnique({ where: { domain } });
}

/** Stamps uninstalledAt on the shop, if it has a row; answers the Site IDs of its sites, which stop being served. */
export async function markShopUninstalled(domain: string): Promise<string[]> {
  const db = await prisma();
  await db.shop.updateMany({ where: { domain }, data: { uninstalledAt: new Date() } });
  const sites = await db.site.findMany({ where: { shop: { domain } }, select: { publicId: true } });
  return sites.map((site) => site.publicId);
}

/** Updates the settings a merchant edits (Settings page); false when the shop has no row. */
export async function updateShopSettings(
  domain: string,
  settings: { ownerEmail: string | null; retentionDays: number; liftPriorSd: number; excludeStaff: boolean },
): Promise<boolean> {
  const db = await prisma();
  const { count } = await db.shop.updateMany({ where: { domain }, data: settings });
  // Addresses are kept only while the switch is on.
  if (count === 1 && !settings.excludeStaff) await db.staffAddress.deleteMany({ where: { shop: { domain } } });
  return count === 1;
}

/** Every installed shop's id and retention, for the retention job. */
export async function listShopRetention(): Promise<Array<{ id: string; domain: string; retentionDays: number }>> {
  const db = await prisma();
  return db.shop.findMany({ where: { uninstalledAt: null }, select: { id: true, domain: true, retentionDays: true }, orderBy: { id: "asc" } });
}
