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
