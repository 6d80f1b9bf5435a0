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
    select: { id: true, site: { select: { publicId: true } } },
  });
}

export async function touchSiteApiKey(id: string): Promise<void> {
  const db = await prisma();
  await db.siteApiKey.update({ where: { id }, data: { lastUsedAt: new Date() } });
}
