// Recording an install: the Shop row (back in service) and its one `shopify` Site, in one transaction.
import { inTransaction } from "~/models/transaction.server";

export interface InstalledShop {
  shopId: string;
  /** The Site ID of the shop's storefront site, minted at the first install and kept after. */
  sitePublicId: string;
}

/**
 * Upserts the shop with its name and currency (clearing uninstalledAt, so a reinstall serves again) and
 * ensures its one `shopify` site, named and priced like the shop. `mintSiteId` is called only when the
 * shop has no such site yet.
 */
export async function saveInstalledShop(
  domain: string,
  { timeZone, ...fields }: { name: string; currency: string; timeZone?: string },
  mintSiteId: () => string,
): Promise<InstalledShop> {
  return inTransaction(async (tx) => {
    const shop = await tx.shop.upsert({
      where: { domain },
      create: { domain, ...fields, ...(timeZone && { timeZone }) },
      update: { ...fields, ...(timeZone && { timeZone }), uninstalledAt: null },
      select: { id: true },
    });
    // Two new sessions of one shop can arrive together (two admin tabs): holding the shop's row makes the
    // second wait for the first, then find the site it made instead of minting another.
    await tx.$queryRaw`SELECT 1 FROM "Shop" WHERE "id" = ${shop.id} FOR UPDATE`;
    const site = await tx.site.findFirst({
      where: { shopId: shop.id, kind: "shopify" },
      orderBy: { createdAt: "asc" },
      select: { id: true, publicId: true },
    });
    if (site) {
      await tx.site.update({ where: { id: site.id }, data: fields });
      return { shopId: shop.id, sitePublicId: site.publicId };
    }
    const created = await tx.site.create({
      data: { shopId: shop.id, publicId: mintSiteId(), kind: "shopify", ...fields },
      select: { publicId: true },
    });
    return { shopId: shop.id, sitePublicId: created.publicId };
  });
}
