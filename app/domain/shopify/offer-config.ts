// The Discount Function's configuration (app/wire/offers.ts) from a Shopify site's running tests and served
// winners and their arms' offers: the same digest as the embed's plan, so checkout assigns what the page showed.
import { armThresholds } from "~/wire/rules/assignment";
import type { LocalPlan, LocalTest } from "~/wire/rules/local-plan";
import {
  collectionSetKey, OFFER_COLLECTION_SLOTS, OFFER_CONFIG_MAX_BYTES, OFFER_SHARD_KEYS, offerCollectionSets, offerVariables, type Offer, type OfferConfig,
} from "~/wire/offers";
import { servedAsTest } from "../experiments/patches-response";
import type { RunningTest, SiteConfig } from "../sites/site-config";

/** Each test's arms' offers, by test id then arm id (an arm not listed is charged the list price). */
export type ArmOffers = Record<string, Record<string, Offer>>;

export type OfferConfigOutcome =
  /**
   * The metafields' JSON texts, in OFFER_SHARD_KEYS' order (one unless the configuration is past one metafield's
   * bytes), and the tests whose offers it leaves out with the reason for each.
   */
  | { ok: true; shards: string[]; variables: string; left: Array<{ testId: string; why: string }> }
  /** Nothing to discount: no test of the site has an offer (the app then removes the discount). */
  | { ok: false; reason: "no-offers" | "site-not-served" }
  /** Past what the shards hold: the app refuses to start the test that made it so. */
  | { ok: false; reason: "too-large"; bytes: number }
  /** More distinct collection sets than the Function's input query has slots (OFFER_COLLECTION_SLOTS). */
  | { ok: false; reason: "too-many-collection-sets"; sets: number };

/**
 * The configuration for the site's tests that carry an offer, each shown at checkout with its title in `titles`
 * (by test id; a test without one, with `title`). A test with an audience is left out: the page checks its rules
 * (a query parameter, a cookie) where the function cannot, so checkout would charge visitors the page never
 * showed the arm to. A site that serves nothing by itself (paused, or one whose team's visits only the server can
 * tell apart) has no local plan either, and no offers.
 */
export function offerConfig(site: SiteConfig, offers: ArmOffers, title: string, titles: Readonly<Record<string, string>> = {}): OfferConfigOutcome {
  if (site.kind !== "shopify" || site.status !== "active" || site.excludeStaff) return { ok: false, reason: "site-not-served" };
  const left: Array<{ testId: string; why: string }> = [];
  const t: LocalTest[] = [];
  const offersIn: ArmOffers = {};
  const titlesIn: Record<string, string> = {};
  // The holdout sees no served winner (patchesFor): served winners count only for the rest, as the plan's order says.
  for (const test of [...site.tests, ...(site.served ?? []).map(servedAsTest)]) {
    const own = offers[test.id];
    if (!own || Object.keys(own).length === 0) continue;
    if (test.audience?.length) {
      left.push({ testId: test.id, why: "its audience is checked by the page, which checkout cannot see" });
      continue;
    }
    t.push(entryOf(test));
    offersIn[test.id] = Object.fromEntries(test.arms.filter((arm) => own[arm.id]).map((arm) => [arm.id, own[arm.id]!]));
    // Only a title that differs from the default travels: a shop whose tests keep it writes what it wrote before.
    const ownTitle = titles[test.id];
    if (ownTitle !== undefined && ownTitle !== title) titlesIn[test.id] = ownTitle;
  }
  if (t.length === 0) return { ok: false, reason: "no-offers" };
  const l: LocalPlan["l"] = { s: site.id };
  // Both sides of the holdout only need to be told apart: the function looks up nothing for either.
  if (site.holdout) l.h = [site.holdout.percent, { test: site.holdout.runId, arm: "holdout", pages: [] }, { test: site.holdout.runId, arm: "rest", pages: [] }];
  const cs = collectionSlots(offersIn);
  if (cs.length > OFFER_COLLECTION_SLOTS) return { ok: false, reason: "too-many-collection-sets", sets: cs.length };
  const config: OfferConfig = {
    v: 1,
    title,
    ...(Object.keys(titlesIn).length > 0 && { titles: titlesIn }),
    plan: { l, t },
    offers: offersIn,
    ...(cs.length > 0 ? { cs } : {}),
  };
  const shards = shardsOf(config);
  return shards ? { ok: true, shards, variables: offerVariables(cs), left } : { ok: false, reason: "too-large", bytes: bytesOf(config) };
}

/**
 * The distinct collection sets of the offers, in the order first met (tests, then arms, as the configuration lists
 * them), each sorted: slot `i` of the Function's input query is the i-th. Two arms naming the same collections share
 * one slot, whatever order they were chosen in.
 */
export function collectionSlots(offers: ArmOffers): string[][] {
  const sets = new Map<string, string[]>();
  for (const arms of Object.values(offers)) {
    for (const offer of Object.values(arms)) for (const set of offerCollectionSets(offer)) if (!sets.has(collectionSetKey(set))) sets.set(collectionSetKey(set), [...set].sort());
  }
  return [...sets.values()];
}

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * The configuration in at most OFFER_SHARD_KEYS.length texts of at most OFFER_CONFIG_MAX_BYTES each
 * (mergeOfferShards reads them back): the first with the plan and the titles, counted in its bytes, then the offers
 * one by one in order, a price offer's variants one by one, each into the current text while it fits. Null when they
 * do not fit.
 */
export function shardsOf(config: OfferConfig): string[] | null {
  if (bytesOf(config) <= OFFER_CONFIG_MAX_BYTES) return [JSON.stringify(config)];
  const shards: Array<{ offers: OfferConfig["offers"] }> = [{ ...config, offers: {} }];
  const units: Array<[test: string, arm: string, offer: Offer]> = [];
  for (const [test, arms] of Object.entries(config.offers)) {
    for (const [arm, offer] of Object.entries(arms)) {
      if (offer.k === "price") for (const [variant, price] of Object.entries(offer.prices)) units.push([test, arm, { ...offer, prices: { [variant]: price } }]);
      else units.push([test, arm, offer]);
    }
  }
  const add = (shard: { offers: OfferConfig["offers"] }, [test, arm, offer]: (typeof units)[number]) => {
    const arms = (shard.offers[test] ??= {});
    const held = arms[arm];
    arms[arm] = held?.k === "price" && offer.k === "price" ? { ...held, prices: { ...held.prices, ...offer.prices } } : offer;
  };
  // Sizes are tracked by what each unit adds, measured exactly only near the limit (a store-wide price test has
  // thousands of variants, and re-measuring the whole text for each would be quadratic).
  let current = shards[0]!;
  let estimate = bytesOf(current);
  for (const unit of units) {
    const before = structuredClone(current.offers);
    add(current, unit);
    // A unit's own text is at least what it adds to a shard, bar its test's and arm's keys when new to it: + 8.
    estimate += bytesOf(unit) + 8;
    if (estimate > OFFER_CONFIG_MAX_BYTES - 512 && (estimate = bytesOf(current)) > OFFER_CONFIG_MAX_BYTES) {
      current.offers = before;
      if (shards.length === OFFER_SHARD_KEYS.length) return null;
      current = { v: 1, offers: {} } as unknown as { offers: OfferConfig["offers"] };
      shards.push(current);
      add(current, unit);
      estimate = bytesOf(current);
      if (estimate > OFFER_CONFIG_MAX_BYTES) return null;
    }
  }
  const texts = shards.map((shard) => JSON.stringify(shard));
  return texts.every((text) => new TextEncoder().encode(text).length <= OFFER_CONFIG_MAX_BYTES) ? texts : null;
}

/**
 * A configuration that discounts nothing, for the site: what the discount is created with before a first offer
 * test starts, so that Shopify says whether the shop has room for it before the test goes live.
 */
export function emptyOfferConfig(siteId: string, title: string): string[] {
  const config: OfferConfig = { v: 1, title, plan: { l: { s: siteId }, t: [] }, offers: {} };
  return [JSON.stringify(config)];
}

/** The test as the function assigns it: the plan's entry with only the ids of each arm (no patches, no pages). */
function entryOf(test: RunningTest): LocalTest {
  const thresholds = armThresholds(test.arms.map((arm) => arm.weight));
  return {
    id: test.id,
    p: test.trafficPercent,
    ...(test.group && { g: [test.group.id, test.group.start, test.group.share] }),
    a: thresholds.map((threshold, i) => [threshold, { test: test.id, arm: test.arms[i]!.id, pages: [] }]),
  };
}
