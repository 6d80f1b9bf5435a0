// Shops (merchant accounts): the only code that reads or writes the Shop table.
import { prisma } from "~/db.server";
import { addressWaitingEmails } from "~/models/shops/outbox.server";
import { inTransaction } from "~/models/transaction.server";

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

/**
 * Updates the settings a merchant edits (Settings page) and, in the same transaction, the emails waiting for
 * an owner's address: those of `dropKinds` (switched off) are dropped, the rest addressed. Null when the shop
 * has no row; else how many waiting emails will now be sent.
 */
export async function updateShopSettings(
  domain: string,
  settings: { ownerEmail: string | null; retentionDays: number; liftPriorSd: number; excludeStaff: boolean; notices: string[] },
  dropKinds: string[],
): Promise<{ addressed: number } | null> {
  return inTransaction(async (tx) => {
    const { count } = await tx.shop.updateMany({ where: { domain }, data: settings });
    if (count !== 1) return null;
    // Addresses are kept only while the switch is on.
    if (!settings.excludeStaff) await tx.staffAddress.deleteMany({ where: { shop: { domain } } });
    return { addressed: await addressWaitingEmails(tx, domain, settings.ownerEmail, dropKinds) };
  });
}

/** Every installed shop's id and retention, for the retention job. */
export async function listShopRetention(): Promise<Array<{ id: string; domain: string; retentionDays: number }>> {
  const db = await prisma();
  return db.shop.findMany({ where: { uninstalledAt: null }, select: { id: true, domain: true, retentionDays: true }, orderBy: { id: "asc" } });
}
