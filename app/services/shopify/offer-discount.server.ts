// Keeps svc's automatic app discount in step with the shop's offer, price and shipping tests: created when a
// first arm with an offer runs, its configuration rewritten when they change, deleted when none is left. Called
// with the hide plan's write (hide-metafield.server.ts), so the same stale mark retries it after a failure.
import { collectionSlots, emptyOfferConfig, offerConfig, type ArmOffers, type OfferConfigOutcome } from "~/domain/shopify/offer-config";
import { allShards, offerDiscountStep, otherDiscountsWarning, type OfferDiscountStep } from "~/domain/shopify/offer-discount";
import { readShopOffers, recordOfferDiscount, type ShopOffers } from "~/models/shopify/arm-offers.server";
import { loadSiteConfig } from "~/models/sites/site-config.server";
import type { SiteConfig } from "~/domain/sites/site-config";
import { AdminApiError, type AdminGraphql } from "~/infra/admin-graphql";
import { DEFAULT_OFFER_TITLE, mergeOfferShards, OFFER_COLLECTION_SLOTS, parseOffer, type Offer, type OfferConfig } from "~/wire/offers";
import { rolloutsOnDiscount } from "~/domain/shopify/rollouts";
import { shopRollouts } from "./rollouts.server";
import { createOfferDiscount, deleteOfferDiscount, readActiveAutomaticDiscounts, readOfferDiscount, updateOfferDiscount } from "~/infra/offer-discount.server";

/**
 * The title of svc's automatic discount in Shopify's admin, and what checkout shows beside the discount of a test
 * that names none (each test's own title travels in the configuration: docs/offers.md, "The discount's title").
 */
export const OFFER_TITLE = DEFAULT_OFFER_TITLE;

export type OfferSync = OfferDiscountStep["kind"];

/**
 * Brings the shop's discount to what its tests call for and answers the step taken. A shop with no offer and no
 * discount costs one read and no Admin API call. Throws (an AdminApiError, or the database's error) when a step
 * fails or the configuration cannot be written: the caller keeps the shop's plan marked behind and tries again.
 */
export async function syncOfferDiscount(shopDomain: string, graphql: AdminGraphql): Promise<OfferSync> {
  const shop = await readShopOffers(shopDomain);
  if (!shop || (shop.discountId === null && Object.keys(shop.offers).length === 0)) return "none";
  const { wanted } = await wantedOf(shop);
  const held = shop.discountId ? await readOfferDiscount(graphql, shop.discountId) : null;
  // Deleted in Shopify's admin: forgotten here, and created again if the tests still call for it.
  if (shop.discountId && !held) await recordOfferDiscount(shopDomain, null);
  const step = offerDiscountStep(wanted, held);
  switch (step.kind) {
    case "create":
      await recordOfferDiscount(shopDomain, await createOfferDiscount(graphql, OFFER_TITLE, step.shards));
      break;
    case "update":
      await updateOfferDiscount(graphql, step.id, OFFER_TITLE, step.shards);
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

/**
 * Makes sure the shop holds svc's discount before a test with an offer goes live, creating it with what the
 * running tests call for (or a configuration that discounts nothing) when it does not: Shopify's answer is the
 * authority on whether the shop has room for another automatic discount and has granted write_discounts. Null
 * when it is held; otherwise Shopify's reason, and the test must not start (its arms would be charged the list
 * price). The configuration itself is written after the test's status, by the hide plan's pass.
 */
export async function ensureOfferDiscount(shopDomain: string, graphql: AdminGraphql): Promise<string | null> {
  try {
    const shop = await readShopOffers(shopDomain);
    if (!shop?.sitePublicId) return "the shop has no storefront site";
    if (shop.discountId && (await readOfferDiscount(graphql, shop.discountId))) return null;
    const { site, wanted } = await wantedOf(shop);
    if (!site) return "the shop's storefront site is not served";
    const shards = wanted.ok ? allShards(wanted.shards, wanted.variables) : allShards(emptyOfferConfig(site.id, OFFER_TITLE));
    await recordOfferDiscount(shopDomain, await createOfferDiscount(graphql, OFFER_TITLE, shards));
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Why an offer test must not go live beside the shop's Rollouts, or null: a scheduled or active Rollout that activates
 * or expires svc's discount for part of the buyers would charge the arms' offers to only some of the test's buyers.
 * Rollouts svc cannot read (read_rollouts not granted yet, an outage) refuse nothing: the results page says they
 * could not be checked.
 */
export async function offerDiscountRolloutClash(shopDomain: string, graphql: AdminGraphql): Promise<string | null> {
  const shop = await readShopOffers(shopDomain);
  if (!shop?.discountId) return null;
  // Read afresh: a start is rare, and a rollout created a moment ago may not have sent its webhook yet.
  const read = await shopRollouts(shopDomain, graphql, { fresh: true });
  if (!read.ok) return null;
  const [clash, ...more] = rolloutsOnDiscount(read.rollouts, shop.discountId);
  if (!clash) return null;
  const others = more.length > 0 ? ` (and ${more.length} more)` : "";
  return `Shopify rollout "${clash.name}"${others} ${clash.status === "ACTIVE" ? "activates or expires" : "is scheduled to activate or expire"} svc's discount "${OFFER_TITLE}" for part of the buyers`;
}

/**
 * The offer test page's word on the shop's other active automatic discounts (otherDiscountsWarning), or null: none,
 * or they could not be read (the page then says nothing of them rather than guess).
 */
export async function otherDiscountsOf(shopDomain: string, graphql: AdminGraphql): Promise<string | null> {
  try {
    const shop = await readShopOffers(shopDomain);
    return otherDiscountsWarning(await readActiveAutomaticDiscounts(graphql), shop?.discountId ?? null);
  } catch {
    return null;
  }
}

/**
 * The configuration svc's discount holds when in step: what the orders check compares a paid order with. Null
 * when the shop's tests carry no offer (or it cannot be built: nothing is discounted then either). With `at` (when
 * the order was placed), the offers of a test started after it are left out: its webhook may arrive after a test
 * started, whose discount that order never had, and counting it as charged otherwise would be evidence svc made up.
 */
export async function currentOfferConfig(shopDomain: string, at?: Date): Promise<OfferConfig | null> {
  const shop = await readShopOffers(shopDomain);
  if (!shop || Object.keys(shop.offers).length === 0) return null;
  const { site, wanted } = await wantedOf(shop);
  const config = wanted.ok ? mergeOfferShards(wanted.shards.map((text) => JSON.parse(text) as unknown)) : null;
  if (config && at && site) {
    for (const test of site.attributionTests) if (test.startedAt > at) delete config.offers[test.id];
  }
  return config;
}

/**
 * The metafields' texts svc writes on its discount for the shop's tests as they are now (OFFER_METAFIELD_KEYS' order:
 * the shards, then the input query's variables), as the Discount Function reads them; null when no test carries an
 * offer or the configuration cannot be built. The local demo's cart and checkout run the Function on these.
 */
export async function wantedOfferShards(shopDomain: string): Promise<string[] | null> {
  const shop = await readShopOffers(shopDomain);
  if (!shop || Object.keys(shop.offers).length === 0) return null;
  const { wanted } = await wantedOf(shop);
  return wanted.ok ? allShards(wanted.shards, wanted.variables) : null;
}

/**
 * Why the test cannot go live beside the shop's other charged offers for want of collection slots, or null: each
 * distinct collection set of the running tests' and served winners' offers takes one of the Function's
 * OFFER_COLLECTION_SLOTS input query slots (docs/offers.md, "Collections"), and a set past them could not be read.
 */
export async function collectionSlotShortage(shopDomain: string, testId: string, arms: ReadonlyArray<{ id: string; offer: unknown }>): Promise<string | null> {
  const shop = await readShopOffers(shopDomain);
  const offers: ArmOffers = { ...(shop?.offers ?? {}) };
  const own: Record<string, Offer> = {};
  for (const arm of arms) {
    const offer = parseOffer(arm.offer);
    if (offer) own[arm.id] = offer;
  }
  offers[testId] = own;
  const sets = collectionSlots(offers).length;
  if (sets <= OFFER_COLLECTION_SLOTS) return null;
  return `With this test, the shop's running offers name ${sets} different sets of collections, and svc's discount can tell ${OFFER_COLLECTION_SLOTS} apart`;
}

/** The configuration the shop's tests call for, from the site config /api/patches answers from; site null: no served site. */
async function wantedOf(shop: ShopOffers): Promise<{ site: SiteConfig | null; wanted: OfferConfigOutcome }> {
  const site = shop.sitePublicId ? await loadSiteConfig(shop.sitePublicId) : null;
  return { site, wanted: site ? offerConfig(site, shop.offers, OFFER_TITLE, shop.titles) : { ok: false, reason: "no-offers" } };
}
