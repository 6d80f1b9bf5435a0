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

export async function markShopUninstalled(domain: string) {
  const db = await prisma();
  await db.shop.updateMany({ where: { domain }, data: { uninstalledAt: new Date() } });
}
