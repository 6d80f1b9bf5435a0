// Erasing a shop (shop/redact): every row of every table that belongs to it, in one transaction.
import { inTransaction } from "~/models/transaction.server";

/** Rows deleted, by table. */
export type ErasedRows = Record<string, number>;

/**
 * Nothing when the shop is installed (a Shop row without uninstalledAt): Shopify sends shop/redact 48 hours
 * after an uninstall, so one for an installed shop is a replay, or came after a reinstall; answers
 * `installed: true` then. Otherwise deletes the shop's sessions, the event tables' rows of its sites (keyed by siteId, without foreign keys),
 * its queued emails, then the Shop row, which cascades to Site, TestGroup, Test, Arm, Goal, SiteApiKey, Order, Refund and VariantCost. Answers what
 * was deleted and the erased sites' public ids (for the site cache). A shop with no row still loses its
 * sessions.
 */
export async function eraseShop(domain: string): Promise<{ rows: ErasedRows; sitePublicIds: string[]; installed: boolean }> {
  return inTransaction(async (tx) => {
    const shop = await tx.shop.findUnique({ where: { domain }, select: { uninstalledAt: true } });
    if (shop && shop.uninstalledAt === null) return { rows: {}, sitePublicIds: [], installed: true };
    const sites = await tx.site.findMany({ where: { shop: { domain } }, select: { id: true, publicId: true } });
    const bySite = { siteId: { in: sites.map((s) => s.id) } };
    const rows: ErasedRows = {
      Event: (await tx.event.deleteMany({ where: bySite })).count,
      Exposure: (await tx.exposure.deleteMany({ where: bySite })).count,
      Conversion: (await tx.conversion.deleteMany({ where: bySite })).count,
      ConversionAttribution: (await tx.conversionAttribution.deleteMany({ where: bySite })).count,
      VisitorTotal: (await tx.visitorTotal.deleteMany({ where: bySite })).count,
      DailyRollup: (await tx.dailyRollup.deleteMany({ where: bySite })).count,
      SegmentRollup: (await tx.segmentRollup.deleteMany({ where: bySite })).count,
      NetworkRollup: (await tx.networkRollup.deleteMany({ where: bySite })).count,
      SiteSegmentValue: (await tx.siteSegmentValue.deleteMany({ where: bySite })).count,
      CheckoutReport: (await tx.checkoutReport.deleteMany({ where: bySite })).count,
      OrderOfferCheck: (await tx.orderOfferCheck.deleteMany({ where: bySite })).count,
      BuyNowOrder: (await tx.buyNowOrder.deleteMany({ where: bySite })).count,
      Session: (await tx.session.deleteMany({ where: { shop: domain } })).count,
      OutboxEmail: (await tx.outboxEmail.deleteMany({ where: { shop: { domain } } })).count,
      StaffAddress: (await tx.staffAddress.deleteMany({ where: { shop: { domain } } })).count,
      Site: sites.length,
      Shop: (await tx.shop.deleteMany({ where: { domain } })).count,
    };
    // The record of its webhook deliveries stays (a replay of one must still be recognised: its digest),
    // without the domain.
    await tx.webhookDelivery.updateMany({ where: { shop: domain }, data: { shop: "" } });
    return { rows, sitePublicIds: sites.map((s) => s.publicId), installed: false };
  });
}
