// Keeps svc's automatic app discount in step with the shop's offer, price and shipping tests: created when a
// first arm with an offer runs, its configuration rewritten when they change, deleted when none is left. Called
// with the hide plan's write (hide-metafield.server.ts), so the same stale mark retries it after a failure.
import { offerConfig } from "~/domain/shopify/offer-config";
import { offerDiscountStep, type OfferDiscountStep } from "~/domain/shopify/offer-discount";
import { readShopOffers, recordOfferDiscount } from "~/models/shopify/arm-offers.server";
import { loadSiteConfig } from "~/models/sites/site-config.server";
import { AdminApiError, type AdminGraphql } from "~/infra/admin-graphql";
import { createOfferDiscount, deleteOfferDiscount, readOfferDiscount, updateOfferDiscount } from "~/infra/offer-discount.server";

/**
 * What checkout shows beside an arm's discount until the merchant names it per test (docs/offers.md, "Not built
 * yet"): it says what the shopper gets without naming the test.
 */
export const OFFER_TITLE = "Special price";

export type OfferSync = OfferDiscountStep["kind"];

/**
 * Brings the shop's discount to what its tests call for and answers the step taken. A shop with no offer and no
 * discount costs one read and no Admin API call. Throws (an AdminApiError, or the database's error) when a step
 * fails or the configuration cannot be written: the caller keeps the shop's plan marked behind and tries again.
 */
export async function syncOfferDiscount(shopDomain: string, graphql: AdminGraphql): Promise<OfferSync> {
  const shop = await readShopOffers(shopDomain);
  if (!shop || (shop.discountId === null && Object.keys(shop.offers).length === 0)) return "none";
  const config = shop.sitePublicId ? await loadSiteConfig(shop.sitePublicId) : null;
  const wanted = config ? offerConfig(config, shop.offers, OFFER_TITLE) : ({ ok: false, reason: "no-offers" } as const);
  const held = shop.discountId ? await readOfferDiscount(graphql, shop.discountId) : null;
  // Deleted in Shopify's admin: forgotten here, and created again if the tests still call for it.
  if (shop.discountId && !held) await recordOfferDiscount(shopDomain, null);
  const step = offerDiscountStep(wanted, held);
  switch (step.kind) {
    case "create":
      await recordOfferDiscount(shopDomain, await createOfferDiscount(graphql, OFFER_TITLE, step.json));
      break;
    case "update":
      await updateOfferDiscount(graphql, step.id, OFFER_TITLE, step.json);
      break;
    case "delete":
      await deleteOfferDiscount(graphql, step.id);
      await recordOfferDiscount(shopDomain, null);
      break;
    case "refuse":
      throw new AdminApiError(`the offers discount was not written: ${step.why}`);
    case "none":
      break;
  }
  return step.kind;
}
