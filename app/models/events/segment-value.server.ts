// A site's noted segment values (SiteSegmentValue): which values pages state that it counts as themselves,
// and the networks that vouched for those still pending. One sighting is judged and written under a lock
// per site and dimension, so concurrent first batches on any number of instances cannot exceed the cap.
import type { NotedValue, Sighting } from "~/domain/events/segment-values";
import { prisma } from "~/db.server";
import { inSqlTransaction } from "~/models/transaction.server";

export interface SightingKey {
  siteId: string;
  dimension: string;
  value: string;
  /** The keyed hash of the client's network; null: none. */
  network: string | null;
}

/**
 * Judges one sighting (`judge`, the domain's rule) against the site's noted values for the dimension and
 * writes what it changes, in one transaction holding an advisory lock on (site, dimension): the count the
 * judgement read is the count it writes against. Pending values first seen more than `pendingMs` ago are
 * forgotten first (by the database's clock, which also dated them).
 */
export async function sightSegmentValue(key: SightingKey, pendingMs: number, judge: (noted: NotedValue[]) => Sighting): Promise<Sighting> {
  return inSqlTransaction(async (sql) => {
    await sql.query(`SELECT pg_advisory_xact_lock(hashtext($1))::text AS locked`, [`segment-value:${key.siteId}:${key.dimension}`]);
    await sql.query(
      `DELETE FROM "SiteSegmentValue"
        WHERE "siteId" = $1 AND "dimension" = $2 AND NOT "admitted" AND "firstSeenAt" < CURRENT_TIMESTAMP - $3::float8 * interval '1 millisecond'`,
      [key.siteId, key.dimension, pendingMs],
    );
    const noted = await sql.query<{ value: string; networks: string[] | null; admitted: boolean }>(
      `SELECT "value", "networks", "admitted" FROM "SiteSegmentValue" WHERE "siteId" = $1 AND "dimension" = $2`,
      [key.siteId, key.dimension],
    );
    const sighting = judge(noted.map((v) => ({ value: v.value, networks: v.networks ?? [], admitted: v.admitted })));
    const { change } = sighting;
    if (change.kind === "insert") {
      await sql.query(
        `INSERT INTO "SiteSegmentValue" ("siteId", "dimension", "value", "networks", "admitted", "admittedAt")
         VALUES ($1, $2, $3, ARRAY[$4::text], $5::boolean, CASE WHEN $5::boolean THEN CURRENT_TIMESTAMP END)`,
        [key.siteId, key.dimension, key.value, key.network, change.admitted],
      );
    } else if (change.kind === "add-network") {
      await sql.query(
        `UPDATE "SiteSegmentValue" SET "networks" = array_append("networks", $4::text), "admitted" = $5::boolean,
                "admittedAt" = CASE WHEN $5::boolean THEN CURRENT_TIMESTAMP END
          WHERE "siteId" = $1 AND "dimension" = $2 AND "value" = $3`,
        [key.siteId, key.dimension, key.value, key.network, change.admitted],
      );
    }
    return sighting;
  });
}

/** The values a site counts as themselves for one dimension (at most the policy's cap). */
export async function readAdmittedSegmentValues(siteId: string, dimension: string): Promise<string[]> {
  const db = await prisma();
  const rows = await db.siteSegmentValue.findMany({ where: { siteId, dimension, admitted: true }, select: { value: true } });
  return rows.map((r) => r.value);
}

/** Counts these values as themselves for the site at once (the demo store's own market, which it knows). */
export async function admitSegmentValues(siteId: string, dimension: string, values: readonly string[]): Promise<void> {
  const db = await prisma();
  for (const value of values) {
    await db.siteSegmentValue.upsert({
      where: { siteId_dimension_value: { siteId, dimension, value } },
      create: { siteId, dimension, value, admitted: true, admittedAt: new Date() },
      update: { admitted: true },
    });
  }
}
