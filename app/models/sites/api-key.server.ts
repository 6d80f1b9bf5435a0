// Site API keys for the server-side conversions endpoint: only hashes are stored and looked up.
import { prisma } from "~/db.server";

export async function createSiteApiKey(siteId: string, name: string, prefix: string, hash: string) {
  const db = await prisma();
  return db.siteApiKey.create({ data: { siteId, name, prefix, hash } });
}

/** The unrevoked key with this hash (a unique index), with its site's public id. */
export async function findActiveKeyByHash(hash: string) {
  const db = await prisma();
  return db.siteApiKey.findFirst({
    where: { hash, revokedAt: null },
    select: { id: true, site: { select: { publicId: true, shop: { select: { domain: true } } } } },
  });
}

export async function touchSiteApiKey(id: string): Promise<void> {
  const db = await prisma();
  await db.siteApiKey.update({ where: { id }, data: { lastUsedAt: new Date() } });
}

/** The site's keys, newest first, without their hashes. */
export async function listSiteApiKeys(siteId: string) {
  const db = await prisma();
  return db.siteApiKey.findMany({
    where: { siteId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}

/** Revokes a key of this site; false when the site has no such unrevoked key (nothing is written then). */
export async function revokeSiteApiKey(siteId: string, keyId: string): Promise<boolean> {
  const db = await prisma();
  const { count } = await db.siteApiKey.updateMany({ where: { id: keyId, siteId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count === 1;
}
