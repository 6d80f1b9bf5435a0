// A breaking-change announcement to every installed shop's account owner (npm run announce): queued in the
// outbox once per shop and announcement id, so a second run, or one after a new install, reaches only those
// not yet reached; a shop without an owner's email keeps it waiting until one is set in Settings.
import { announcementEmail, announcementKey, type Announcement } from "~/domain/notices/announcement";
import { enqueueOncePerShop, listOwners, shopsWithEmail } from "~/models/shops/outbox.server";

export interface AnnounceReport {
  /** Every installed shop: whom it goes to (null: no owner's email yet), and whether it already had it. */
  owners: Array<{ domain: string; to: string | null; already: boolean }>;
  /** Queued by this run (0 on a dry run). */
  queued: number;
}

export async function announce(announcement: Announcement, options: { dryRun: boolean }): Promise<AnnounceReport> {
  const [owners, reached] = await Promise.all([listOwners(), shopsWithEmail(announcementKey(announcement.id))]);
  const report = owners.map((owner) => ({ domain: owner.domain, to: owner.ownerEmail, already: reached.has(owner.shopId) }));
  if (options.dryRun) return { owners: report, queued: 0 };
  const fresh = owners.filter((owner) => !reached.has(owner.shopId));
  // The unique (shop, key) makes a run racing this one, or a retry after a crash, queue nothing twice.
  const queued = await enqueueOncePerShop(fresh.map((owner) => ({ ...announcementEmail(announcement, owner), shopId: owner.shopId })));
  return { owners: report, queued };
}
