// The revenue cap's data: a site's own cap, and the recent conversion values its default is computed from.
import { prisma } from "~/db.server";
import type { RecentValues } from "~/domain/sites/revenue-cap";

/** The site's own cap (null: the default applies). */
export async function readSiteRevenueCap(siteId: string): Promise<number | null> {
  const db = await prisma();
  const site = await db.site.findUnique({ where: { id: siteId }, select: { revenueCap: true } });
  return site?.revenueCap == null ? null : Number(site.revenueCap);
}

export async function writeSiteRevenueCap(siteId: string, cap: number | null): Promise<void> {
  const db = await prisma();
  await db.site.update({ where: { id: siteId }, data: { revenueCap: cap } });
}

/**
 * How many of the site's conversions between `since` and `until` carried a positive value in `currency`
 * (any goal, any source, attributed to a test or not), and their 99th percentile by linear interpolation
 * between order statistics (percentile_cont). Test orders of a Shopify shop are never recorded as
 * conversions, so they do not count.
 */
export async function recentConversionValues(siteId: string, currency: string, since: Date, until: Date): Promise<RecentValues> {
  const db = await prisma();
  const [row] = await db.$queryRaw<Array<{ count: number; p99: number | null }>>`
    SELECT count(*)::int AS count, percentile_cont(0.99) WITHIN GROUP (ORDER BY "value")::float8 AS p99
      FROM "Conversion"
     WHERE "siteId" = ${siteId} AND "currency" = ${currency} AND "value" > 0
       AND "occurredAt" >= ${since} AND "occurredAt" < ${until}`;
  return { count: row?.count ?? 0, p99: row?.p99 ?? null };
}
