// Sites (where a snippet runs): the only code that reads or writes the Site table.
import { prisma } from "~/db.server";
import type { SiteFields } from "~/domain/sites/site-form";
import type { SiteKind, TestStatus } from "~/generated/prisma/client";

export interface NewSite {
  shopId: string;
  publicId: string;
  kind: SiteKind;
  name: string;
  currency?: string;
  allowedOrigins?: string[];
  serverGoals?: string[];
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

export async function createWebSite(shopId: string, publicId: string, fields: SiteFields, currency: string) {
  const db = await prisma();
  return db.site.create({ data: { shopId, publicId, kind: "web", currency, ...fields } });
}

/** One site of the shop by its public id; null for an unknown id or another shop's site. */
export async function findSiteOfShop(shopId: string, publicId: string) {
  const db = await prisma();
  return db.site.findFirst({ where: { shopId, publicId } });
}

/** Updates a web site of the shop; false when the shop has no such web site (nothing is written then). */
export async function updateWebSite(shopId: string, publicId: string, fields: SiteFields): Promise<boolean> {
  const db = await prisma();
  const { count } = await db.site.updateMany({ where: { shopId, publicId, kind: "web" }, data: fields });
  return count === 1;
}

/** Test counts per site and status, for the sites list. */
export async function countTestsBySite(siteIds: string[]): Promise<Array<{ siteId: string; status: TestStatus; count: number }>> {
  if (siteIds.length === 0) return [];
  const db = await prisma();
  const groups = await db.test.groupBy({ by: ["siteId", "status"], where: { siteId: { in: siteIds } }, _count: { _all: true } });
  return groups.map((g) => ({ siteId: g.siteId, status: g.status, count: g._count._all }));
}

/**
 * Sets a paused site of the shop active again and resumes the tests the service paused with it (their
 * pausedReason is the site's); tests the merchant paused stay paused. Answers how many tests resumed, or
 * null when the shop has no such paused site.
 */
export async function resumeSite(shopId: string, publicId: string): Promise<{ resumedTests: number } | null> {
  const db = await prisma();
  return db.$transaction(async (tx) => {
    const site = await tx.site.findFirst({ where: { shopId, publicId, status: "paused" }, select: { id: true, pausedReason: true } });
    if (!site) return null;
    await tx.site.update({ where: { id: site.id }, data: { status: "active", pausedReason: null, pausedAt: null } });
    if (site.pausedReason === null) return { resumedTests: 0 };
    const { count } = await tx.test.updateMany({
      where: { siteId: site.id, status: "paused", pausedReason: site.pausedReason },
      data: { status: "running", pausedReason: null },
    });
    return { resumedTests: count };
  });
}
