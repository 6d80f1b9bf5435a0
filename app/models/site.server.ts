// Sites (where a snippet runs): the only code that reads or writes the Site table.
import { prisma } from "~/db.server";
import type { SiteKind } from "~/generated/prisma/client";

export interface NewSite {
  shopId: string;
  publicId: string;
  kind: SiteKind;
  name: string;
  currency?: string;
  allowedOrigins?: string[];
}

export async function upsertSite(site: NewSite) {
  const db = await prisma();
  const { publicId, shopId, ...rest } = site;
  return db.site.upsert({ where: { publicId }, create: site, update: { shopId, ...rest } });
}

export async function listSitesOfShop(shopId: string) {
  const db = await prisma();
  return db.site.findMany({ where: { shopId }, orderBy: { createdAt: "asc" } });
}

/** Counts exposure events refused for claiming a test or arm the visitor was not given. */
export async function addRejectedExposures(siteId: string, count: number): Promise<void> {
  const db = await prisma();
  await db.site.update({ where: { id: siteId }, data: { rejectedExposures: { increment: count } } });
}

/** Pauses the site and its running tests, saying why (shown in the admin). */
export async function pauseSite(siteId: string, reason: string): Promise<void> {
  const db = await prisma();
  await db.$transaction([
    db.site.update({ where: { id: siteId }, data: { status: "paused", pausedReason: reason, pausedAt: new Date() } }),
    db.test.updateMany({ where: { siteId, status: "running" }, data: { status: "paused", pausedReason: reason } }),
  ]);
}

/** The public id of the shop's own storefront site (kind shopify), if the shop has one. */
export async function findShopifySiteId(shopDomain: string): Promise<string | null> {
  const db = await prisma();
  const site = await db.site.findFirst({
    where: { kind: "shopify", shop: { domain: shopDomain } },
    orderBy: { createdAt: "asc" },
    select: { publicId: true },
  });
  return site?.publicId ?? null;
}
