// A test's results for its shop: load the rollups, run the statistics, decide, shape the page's results or the
// CSV (the page's other parts: results-page.server.ts; the same numbers as JSON for a site's key: results-feed.server.ts).
import { carriesPriceOffer } from "~/domain/shopify/price-display";
import { buildResults, type ResultsInput } from "~/domain/results/build-results";
import { dailyCsv, funnelCsv, summaryCsv } from "~/domain/results/csv";
import { decisionSummary, type DecisionSummary } from "~/domain/results/decision-summary";
import { evidenceNotice, robustDecision, robustEvidence } from "~/domain/results/robust-view";
import { segmentsBeside, type SegmentsView } from "~/domain/results/segments";
import { chancePrior, MAX_PAST_LIFTS, type ChancePrior } from "~/domain/results/shop-prior";
import { segmentsCsv } from "~/domain/results/segments-csv";
import type { ResultsView } from "~/domain/results/view";
import { readPastComparisons } from "~/models/results/completed-lift.server";
import { findTestOfShop, readFlickerStats, readRollupRows, type ResultsTestRow } from "~/models/results/results.server";
import { readNetworkRollups } from "~/models/events/network-rollup.server";
import { readSegmentRollups } from "~/models/events/segment-rollup.server";
import { readBuyNowOrders } from "~/models/shopify/buy-now-orders.server";
import { readOfferChecks } from "~/models/shopify/order-offer-checks.server";
import type { OfferCheckArm } from "~/domain/shopify/offer-check";
import { carriesOffer, DEFAULT_OFFER_TITLE, parseOffer } from "~/wire/offers";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";
import { describeAudience, storedAudience } from "~/wire/rules/audience";

export const NO_SUCH_TEST: Problem = { status: 404, type: "not-found", title: "No such test" };

/**
 * A test's results as its shop sees them: the input they are built from, the view, its decision and segments.
 * `withSegments`: also read the segment rollups (the page and the segments CSV only).
 */
export async function loadTestResults(shopDomain: string, testId: string, withSegments = false) {
  const test = await findTestOfShop(shopDomain, testId);
  return test && testResultsOf(test, withSegments);
}

/** loadTestResults for a test already read (the results page reads it once for all its parts). */
async function testResultsOf(test: ResultsTestRow, withSegments: boolean) {
  const [rollups, flicker, segmentRows, past] = await Promise.all([
    readRollupRows(test.site.id, test.id),
    readFlickerStats(test.site.id, test.id),
    withSegments ? readSegmentRollups(test.site.id, test.id) : [],
    readPastComparisons(test.site.shop.domain, MAX_PAST_LIFTS, test.id),
  ]);
  // Chance to win's prior: learned from the shop's other completed tests once there are enough, the setting until then.
  const prior = chancePrior(past, test.site.shop.liftPriorSd);
  const input: ResultsInput = {
    test: {
      id: test.id,
      name: test.name,
      status: test.status,
      startedAt: test.startedAt?.toISOString() ?? null,
      pages: test.pages,
      trafficPercent: test.trafficPercent,
      minDetectableEffect: test.minDetectableEffect,
      audience: describeAudience(storedAudience(test.audience)),
    },
    arms: test.arms.map((a) => ({ id: a.id, key: a.key, name: a.name, weight: a.weight })),
    goals: test.goals.map((g) => ({ label: g.label, isPrimary: g.isPrimary, isGuardrail: g.isGuardrail })),
    currency: test.site.currency,
    site: { kind: test.site.kind, serverGoals: test.site.serverGoals },
    rollups,
    flicker,
    prior: { mean: 0, sd: prior.sd },
    revenueCap:
      test.revenueCap === null ? null : { amount: Number(test.revenueCap), source: test.revenueCapSource === "setting" ? "setting" : "p99" },
    decidesOnProfit: carriesPriceOffer(test.arms),
  };
  const view = buildResults(input);
  // Exploratory only: built beside the view, after its verdict, from the segment rollups alone.
  const segments = segmentsBeside(view, segmentRows);
  const winner = test.winnerArmId ? (test.arms.find((a) => a.id === test.winnerArmId)?.name ?? null) : null;
  // Today in UTC, like the rollups' days: traffic that stopped days ago gives no pace to count days by; and the
  // instant, since less than a day of traffic gives none either.
  const now = new Date().toISOString();
  const decision = decisionSummary(view, { today: now.slice(0, 10), now, declaredWinner: winner });
  return {
    input, view, decision, segments, rollups, siteId: test.site.id, sitePublicId: test.site.publicId,
    endedAt: test.endedAt?.toISOString() ?? null, chancePrior: prior,
  };
}

/** A test's results as the page shows them (the page adds its lifecycle and the rest: results-page.server.ts). */
export type Results = ResultsView & {
  decision: DecisionSummary;
  evidenceNotice: string | null;
  chancePrior: ChancePrior;
  /** An offer test's orders checked, per arm (docs/offers.md, "Every order checked"); empty when none were. */
  offerChecks: OfferCheckArm[];
  /** What checkout shows beside its arms' discounts (its own title, or svc's default); null for a test without offers. */
  offerTitle: string | null;
};

/**
 * The results page's data and its decision for a test read with findTestOfShop, with the robust view's word
 * when a few networks' traffic looks unusual (robust-view.ts) and the prior chance to win used.
 */
export async function resultsOf(test: ResultsTestRow): Promise<Results> {
  // The segment rows are read when the merchant opens the card (loadSegments): most never do, and they were
  // most of the page's database work (npm run bench -- results: PGlite 5–7 → 14 pages/s without them).
  const [loaded, networks, checks, buyNow] = await Promise.all([
    testResultsOf(test, false),
    readNetworkRollups(test.site.id, test.id),
    readOfferChecks(test.site.id, test.id),
    readBuyNowOrders(test.site.id, test.id),
  ]);
  const { input, view, decision } = loaded;
  const evidence = robustEvidence(input, view, networks);
  const robust = robustDecision(input, evidence, networks, decision, new Date().toISOString().slice(0, 10));
  return {
    ...view, decision, evidenceNotice: evidenceNotice(evidence, robust), chancePrior: loaded.chancePrior, offerChecks: offerChecksOf(test, checks, buyNow),
    offerTitle: carriesOffer(test.arms) ? (test.offerTitle ?? DEFAULT_OFFER_TITLE) : null,
  };
}

/**
 * The "Orders checked" card's rows: every arm of a test whose arms charge through svc's discount, with what it
 * charges and its orders checked (none yet: 0); otherwise the arms that have checks (the offers since removed). A
 * test that keeps its Buy-it-now buttons, or has orders it left out, counts those per arm (`excluded`).
 */
function offerChecksOf(
  test: ResultsTestRow,
  checks: ReadonlyArray<{ armId: string; checked: number; mismatched: number }>,
  buyNow: ReadonlyArray<{ armId: string; excluded: number }>,
): OfferCheckArm[] {
  const showExcluded = test.buyNow === "exclude" || buyNow.length > 0;
  const counts = (armId: string) => ({
    ...(checks.find((c) => c.armId === armId) ?? { checked: 0, mismatched: 0 }),
    ...(showExcluded && { excluded: buyNow.find((b) => b.armId === armId)?.excluded ?? 0 }),
  });
  if (carriesOffer(test.arms)) {
    return test.arms.map((arm) => ({ armId: arm.id, name: arm.name, offer: parseOffer(arm.offer), ...counts(arm.id) }));
  }
  const armIds = [...new Set([...checks.map((c) => c.armId), ...buyNow.map((b) => b.armId)])].sort();
  return armIds.map((armId) => ({ armId, name: test.arms.find((a) => a.id === armId)?.name ?? armId, ...counts(armId) }));
}

/** The results page's exploratory segments card, read when the merchant opens it; not found as above. */
export async function loadSegments(shopDomain: string, testId: string): Promise<Outcome<SegmentsView>> {
  const loaded = await loadTestResults(shopDomain, testId, true);
  return loaded ? ok(loaded.segments) : fail(NO_SUCH_TEST);
}

/** The CSV export's segment table (one row per dimension × segment × goal × arm); not found as above. */
export async function loadSegmentsCsv(shopDomain: string, testId: string): Promise<Outcome<string>> {
  const loaded = await loadTestResults(shopDomain, testId, true);
  return loaded ? ok(segmentsCsv(loaded.view, loaded.segments)) : fail(NO_SUCH_TEST);
}

/** The CSV export (one row per goal × arm, or per day × arm × goal × currency); not found as above. */
export async function loadResultsCsv(shopDomain: string, testId: string, daily: boolean): Promise<Outcome<string>> {
  const loaded = await loadTestResults(shopDomain, testId);
  if (!loaded) return fail(NO_SUCH_TEST);
  return ok(daily ? dailyCsv(loaded.view, loaded.rollups) : summaryCsv(loaded.view, loaded.decision));
}

/** The funnel CSV (one row per arm × Shopify funnel step); not found as above. */
export async function loadFunnelCsv(shopDomain: string, testId: string): Promise<Outcome<string>> {
  const loaded = await loadTestResults(shopDomain, testId);
  return loaded ? ok(funnelCsv(loaded.view)) : fail(NO_SUCH_TEST);
}
