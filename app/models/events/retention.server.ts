// Raw-event retention: deletes a site's Event rows older than a cutoff, one bounded batch per statement.
// Only Event is raw here: results read DailyRollup, SegmentRollup, Exposure, Conversion and Order, which are never touched.
import { prisma } from "~/db.server";

/** The sites of a shop, whose events the retention job walks one site at a time (Event is keyed by site). */
export async function listSiteIdsOfShop(shopId: string): Promise<string[]> {
  const db = await prisma();
  const sites = await db.site.findMany({ where: { shopId }, select: { id: true }, orderBy: { id: "asc" } });
  return sites.map((site) => site.id);
}

/**
 * Deletes at most `limit` of the site's events that occurred before `cutoff`, and answers how many. The
 * rows are picked through the (siteId, occurredAt) index and deleted by primary key, so each statement is
 * short and locks only the rows it removes.
 */
export async function deleteEventsBefore(siteId: string, cutoff: Date, limit: number): Promise<number> {
  const db = await prisma();
  return db.$executeRaw`
    DELETE FROM "Event" AS e
    USING (
      SELECT "siteId", "eventId" FROM "Event"
      WHERE "siteId" = ${siteId} AND "occurredAt" < ${cutoff}
      LIMIT ${limit}
    ) AS old
    WHERE e."siteId" = old."siteId" AND e."eventId" = old."eventId"`;
}
