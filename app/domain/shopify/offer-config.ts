// The Discount Function's configuration (app/wire/offers.ts) from a Shopify site's running tests and served
// winners and their arms' offers: the same digest as the embed's plan, so checkout assigns what the page showed.
import { armThresholds } from "~/wire/rules/assignment";
import type { LocalPlan, LocalTest } from "~/wire/rules/local-plan";
import { OFFER_CONFIG_MAX_BYTES, type Offer, type OfferConfig } from "~/wire/offers";
import { servedAsTest } from "../experiments/patches-response";
import type { RunningTest, SiteConfig } from "../sites/site-config";

/** Each test's arms' offers, by test id then arm id (an arm not listed is charged the list price). */
export type ArmOffers = Record<string, Record<string, Offer>>;

export type OfferConfigOutcome =
  /** The metafield's JSON text, and the tests whose offers it leaves out with the reason for each. */
  | { ok: true; json: string; left: Array<{ testId: string; why: string }> }
  /** Nothing to discount: no test of the site has an offer (the app then removes the discount). */
  | { ok: false; reason: "no-offers" | "site-not-served" }
  /** Past the metafield's limit: the app shards or refuses to start the test that made it so. */
  | { ok: false; reason: "too-large"; bytes: number };

/**
 * The configuration for the site's tests that carry an offer. A test with an audience is left out: the page
 * checks its rules (a query parameter, a cookie) where the function cannot, so checkout would charge visitors
 * the page never showed the arm to. A site that serves nothing by itself (paused, or one whose team's visits
 * only the server can tell apart) has no local plan either, and no offers.
 */
export function offerConfig(site: SiteConfig, offers: ArmOffers, title: string): OfferConfigOutcome {
  if (site.kind !== "shopify" || site.status !== "active" || site.excludeStaff) return { ok: false, reason: "site-not-served" };
  const left: Array<{ testId: string; why: string }> = [];
  const t: LocalTest[] = [];
  const offersIn: ArmOffers = {};
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
  }
  if (t.length === 0) return { ok: false, reason: "no-offers" };
  const l: LocalPlan["l"] = { s: site.id };
  // Both sides of the holdout only need to be told apart: the function looks up nothing for either.
  if (site.holdout) l.h = [site.holdout.percent, { test: site.holdout.runId, arm: "holdout", pages: [] }, { test: site.holdout.runId, arm: "rest", pages: [] }];
  const config: OfferConfig = { v: 1, title, plan: { l, t }, offers: offersIn };
  const json = JSON.stringify(config);
  const bytes = new TextEncoder().encode(json).length;
  return bytes > OFFER_CONFIG_MAX_BYTES ? { ok: false, reason: "too-large", bytes } : { ok: true, json, left };
}

/**
 * A configuration that discounts nothing, for the site: what the discount is created with before a first offer
 * test starts, so that Shopify says whether the shop has room for it before the test goes live.
 */
export function emptyOfferConfig(siteId: string, title: string): string {
  const config: OfferConfig = { v: 1, title, plan: { l: { s: siteId }, t: [] }, offers: {} };
  return JSON.stringify(config);
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
