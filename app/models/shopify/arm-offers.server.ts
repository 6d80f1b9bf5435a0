// Reads and records what svc's automatic discount is built from: the offers of a shop's storefront arms that may
// be charged (running tests and served winners) and the discount svc created for them (Shop.offerDiscountId).
import { prisma } from "~/db.server";
import type { ArmOffers } from "~/domain/shopify/offer-config";
import { parseOffer, type Offer } from "~/wire/offers";

export interface ShopOffers {
  /** The automatic discount svc created and has not removed; null: none. */
  discountId: string | null;
  /** The shop's storefront site (its public id), whose site config the discount's plan is built from; null: none. */
  sitePublicId: string | null;
  /** Each test's arms' offers; an arm whose stored offer does not parse is charged the list price (left out). */
  offers: ArmOffers;
  /** What checkout shows beside each test's discount, by test id; a test that chose none is absent (the default). */
  titles: Record<string, string>;
  /** The tests that leave their Buy-it-now buttons and exclude their buyers (Test.buyNow exclude). */
  excludeBuyNow: string[];
}

/** The shop's offers and its discount, or null for a shop svc does not know. */
export async function readShopOffers(shopDomain: string): Promise<ShopOffers | null> {
  const db = await prisma();
  const shop = await db.shop.findUnique({
    where: { domain: shopDomain },
    select: {
      offerDiscountId: true,
      sites: {
        where: { kind: "shopify" },
        orderBy: { createdAt: "asc" },
        take: 1,
        select: {
          publicId: true,
          tests: {
            where: { OR: [{ status: "running" }, { status: "completed", servingWinner: true }] },
            select: { id: true, offerTitle: true, buyNow: true, arms: { select: { id: true, offer: true } } },
          },
        },
      },
    },
  });
  if (!shop) return null;
  const site = shop.sites[0];
  const offers: ArmOffers = {};
  const titles: Record<string, string> = {};
  const excludeBuyNow: string[] = [];
  for (const test of site?.tests ?? []) {
    if (test.offerTitle) titles[test.id] = test.offerTitle;
    if (test.buyNow === "exclude") excludeBuyNow.push(test.id);
    for (const arm of test.arms) {
      const offer = parseOffer(arm.offer);
      if (offer) (offers[test.id] ??= {})[arm.id] = offer;
    }
  }
  return { discountId: shop.offerDiscountId, sitePublicId: site?.publicId ?? null, offers, titles, excludeBuyNow };
}

/** Records the discount svc now holds for the shop (null: it removed it, or Shopify no longer has it). */
export async function recordOfferDiscount(shopDomain: string, discountId: string | null): Promise<void> {
  const db = await prisma();
  await db.shop.update({ where: { domain: shopDomain }, data: { offerDiscountId: discountId } });
}

/** Keeps a new offer on an arm: a percentage winner's unit prices once they are written to the shop (price-write.server.ts). */
export async function recordArmOffer(armId: string, offer: Offer): Promise<void> {
  const db = await prisma();
  await db.arm.update({ where: { id: armId }, data: { offer } });
}
