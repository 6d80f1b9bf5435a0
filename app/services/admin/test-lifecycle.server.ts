// A merchant's lifecycle change to one of the shop's tests: load it scoped to the shop, let the domain
// decide, write once, drop the site's cached configuration so the snippet's endpoints see it at once, and
// bring the storefront's hide plan (the svc.hide metafield) in step.
import { armPriceErrors } from "~/services/shopify/price-check.server";
import {
  decideTransition,
  intentsFrom,
  startBlocker,
  type LifecycleIntent,
  type LifecycleIntentName,
  type RefusalCode,
  type TestStatus,
} from "~/domain/experiments/test-lifecycle";
import { describeConflict, overlapAdvice, overlapConflicts, type OverlapConflict } from "~/domain/experiments/test-overlap";
import { completedLifts } from "~/domain/results/completed-lift";
import { againstDataWarning } from "~/domain/results/ship-choice";
import type { AdminGraphql } from "~/infra/admin-graphql";
import { readRollupRows } from "~/models/results/results.server";
import { findTestStatusOfShop, runningTestsOfSite, writeTestStatus } from "~/models/tests/test-status.server";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";
import { syncHideMetafield } from "~/services/shopify/hide-metafield.server";
import { collectionSlotShortage, ensureOfferDiscount, offerDiscountRolloutClash } from "~/services/shopify/offer-discount.server";
import { carriesOffer, parseOffer } from "~/wire/offers";
import { clearMisuseEvidence } from "~/services/misuse.server";
import { describeAudience, storedAudience } from "~/wire/rules/audience";
import { loadTestResults } from "./results.server";
import { revenueCapAtStart } from "./revenue-cap.server";
import { invalidateSite } from "~/services/site-cache.server";

export interface LifecycleDone {
  testId: string;
  status: string;
  /** For the toast. */
  message: string;
}

// A change that cannot happen in the test's state is a conflict; a test not ready to run cannot be processed
// as it stands; a winner that is not one of its arms is a bad request.
const STATUS_OF: Record<RefusalCode, number> = {
  "not-allowed-now": 409,
  "site-paused": 409,
  "no-control": 422,
  "no-variant": 422,
  "zero-weight": 422,
  "no-primary-goal": 422,
  "unknown-winner": 400,
};

const DONE: Record<LifecycleIntent["intent"], string> = {
  start: "Test started",
  pause: "Test paused",
  resume: "Test resumed",
  complete: "Test completed",
  archive: "Test archived",
  "end-serving": "The winner is no longer served",
};

const NO_SUCH_TEST: Problem = { status: 404, type: "not-found", title: "No such test", detail: "This test does not exist or belongs to another shop." };

/**
 * Starts, pauses, resumes, completes or archives the shop's test. `graphql` (null in the demo) writes the
 * hide plan after the change; a failed write there is logged, never this change's failure.
 */
export async function changeTestStatus(
  shopDomain: string,
  testId: string,
  intent: LifecycleIntent,
  graphql: AdminGraphql | null,
  now = new Date(),
): Promise<Outcome<LifecycleDone>> {
  const test = await findTestStatusOfShop(shopDomain, testId);
  if (!test) return fail(NO_SUCH_TEST);
  const decision = decideTransition(
    {
      status: test.status,
      startedAt: test.startedAt,
      arms: test.arms,
      goals: test.goals,
      sitePaused: test.site.status === "paused",
      servingWinner: test.servingWinner,
    },
    intent,
    now,
  );
  if (!decision.ok) {
    const { code, message } = decision.refusal;
    return fail({ status: STATUS_OF[code], type: `test-${code}`, title: message });
  }
  // Going live beside a running test that changes the same elements on the same pages (or may: two selectors
  // only the page could tell apart) would show some visitors one test's change while recording the other's:
  // refused unless they share a group (then they share no visitor) or the merchant confirms they are independent.
  if ((intent.intent === "start" || intent.intent === "resume") && !intent.independent) {
    const conflicts = await conflictsOf(test);
    if (conflicts.length > 0) {
      return fail({
        status: 409,
        type: "test-overlap",
        title: "This test changes what a running test changes, on the same pages",
        detail:
          `${conflicts.map(describeConflict).join("; ")}. A visitor in both could see one change and be recorded as seeing the other. ` +
          overlapAdvice(conflicts, intent.intent),
        issues: conflicts.map((c) =>
          [
            `${c.testId}: pages ${c.pages.join(", ")}`,
            ...(c.selectors.length > 0 ? [`elements ${c.selectors.join(", ")}`] : []),
            ...(c.possible.length > 0 ? [`maybe the same element: ${c.possible.join(", ")}`] : []),
          ].join("; "),
        ),
      });
    }
  }
  // Serving a variant changes the page for every visitor of the audience: on a merchant's click, but never on
  // one the data does not back without the merchant confirming the sentence that says so (a schedule's stop
  // never serves by this path: it completes without serving).
  if (intent.intent === "complete" && decision.change.servingWinner && !intent.againstData) {
    const loaded = await loadTestResults(shopDomain, test.id);
    const warning = loaded && againstDataWarning(loaded.decision, test.arms, { winnerArmId: intent.winnerArmId, serve: true });
    if (warning) {
      return fail({
        status: 409,
        type: "test-against-data",
        title: warning,
        detail: "Serving a winner the data does not name needs your confirmation: complete again with against=confirmed, or choose the arm the data names.",
      });
    }
  }
  // Each collection set of the shop's charged offers takes one of the Function's fixed input query slots: a set past
  // them would be read as in no collection, so its arms would be charged the list price while the page shows the offer.
  if ((intent.intent === "start" || intent.intent === "resume") && carriesOffer(test.arms)) {
    const shortage = await collectionSlotShortage(shopDomain, test.id, test.arms);
    if (shortage) {
      return fail({
        status: 409,
        type: "test-offer-collections",
        title: "svc's discount has no room for this test's collections",
        detail: `${shortage}. Nothing was started. End a running test with collections, or have this test's arms name the same collections as one already running, and start again.`,
      });
    }
  }
  // An arm with an offer is charged through svc's discount: without it the page would show the arm's price and
  // checkout charge the list price, so the test goes live only once Shopify holds the discount (docs/offers.md).
  if ((intent.intent === "start" || intent.intent === "resume") && graphql && carriesOffer(test.arms)) {
    // The prices were checked at save; a list price lowered in Shopify since would charge the lower of the two.
    const priceErrors = intent.intent === "start" ? await armPriceErrors(test.arms.map((arm) => ({ offer: parseOffer(arm.offer) })), graphql) : {};
    if (Object.keys(priceErrors).length > 0) {
      return fail({
        status: 409,
        type: "test-offer-prices",
        title: "An arm's price no longer fits the shop's list prices",
        detail: `${Object.values(priceErrors).join(" ")} Nothing was started: edit the arm's prices and start again.`,
      });
    }
    const refused = await ensureOfferDiscount(shopDomain, graphql);
    if (refused) {
      return fail({
        status: 409,
        type: "test-offer-discount",
        title: "Shopify did not let svc create the discount this test's offers are charged with",
        detail: `${refused}. Nothing was started. If the shop has 25 active automatic discounts, end one; if svc lacks the discounts permission, open svc from the Shopify admin to grant it.`,
      });
    }
    const clash = await offerDiscountRolloutClash(shopDomain, graphql);
    if (clash) {
      return fail({
        status: 409,
        type: "test-offer-rollout",
        title: clash,
        detail: "Its buyers would be charged this test's offers only where the rollout lets the discount apply. Nothing was started. Remove svc's discount from the rollout, or end the rollout, and start again.",
      });
    }
  }
  // The revenue cap is fixed in advance: at the start, from what the site knew before it, never again.
  const cap = intent.intent === "start" ? await revenueCapAtStart(test.site, now) : undefined;
  const change = cap === undefined ? decision.change : { ...decision.change, revenueCap: cap?.amount ?? null, revenueCapSource: cap?.source ?? null };
  // A test that completes leaves its variants' lifts for the shop's prior (results/shop-prior.ts), read from its
  // rollups as the results page reads them; ending the served winner changes nothing measured.
  const lifts =
    intent.intent === "complete"
      ? completedLifts({
          armIds: test.arms.map((a) => a.id),
          primaryGoal: test.goals.find((g) => g.isPrimary)?.label ?? null,
          currency: test.site.currency,
          rollups: await readRollupRows(test.site.id, test.id),
        })
      : [];
  if (!(await writeTestStatus(test.id, test.status, change, lifts))) {
    return fail({ status: 409, type: "test-not-allowed-now", title: "The test changed meanwhile. Reload the page and try again." });
  }
  invalidateSite(test.site.publicId);
  // Started or resumed: whatever the misuse monitor held about the test is forgotten, here and in Redis.
  if (decision.change.status === "running") await clearMisuseEvidence(test.id);
  const done = intent.intent === "complete" && decision.change.servingWinner ? `Test completed; its winner is served on its pages ${servedTo(test.audience)}` : DONE[intent.intent];
  await syncHideMetafield(shopDomain, graphql);
  return ok({ testId: test.id, status: decision.change.status, message: done });
}

/** Who a served winner reaches, as patchesFor serves it: the test's audience (docs/audiences.md), or everyone. */
function servedTo(stored: unknown): string {
  const audience = storedAudience(stored);
  if (audience === null) return "to no one: this version of svc cannot read its audience";
  return audience.length === 0 ? "to every visitor" : "to its audience only";
}

type LifecycleTestRow = NonNullable<Awaited<ReturnType<typeof findTestStatusOfShop>>>;

/** The site's running tests this one would conflict with if it went live now (test-overlap.ts). */
async function conflictsOf(test: LifecycleTestRow): Promise<OverlapConflict[]> {
  const running = await runningTestsOfSite(test.site.id);
  return overlapConflicts(test, running.map((r) => ({ ...r, groupName: r.group?.name ?? null })));
}

export interface LifecycleState {
  status: TestStatus;
  /** The intents the page offers now. */
  intents: LifecycleIntentName[];
  /** Set when the service paused the test itself. */
  pausedReason: string | null;
  site: { publicId: string; paused: boolean; pausedReason: string | null };
  arms: Array<{ id: string; name: string }>;
  /** The declared winner's name on a completed test; null for none. */
  winner: string | null;
  /** The completed test still serves its winner to its audience on its pages. */
  servingWinner: boolean;
  /** The test's audience in words; null for everyone. */
  audience: string | null;
  /** The site's store-wide holdout (percent, 0 when off): its visitors see no served winner. */
  holdoutPercent: number;
  endedAt: string | null;
  /** Why a draft cannot start yet, said before the merchant tries. */
  startBlocker: string | null;
  /**
   * For a draft or a paused test: the running tests it overlaps now, what the overlap dialog offers to act on
   * (each test's page, and its group when a draft could join it).
   */
  overlaps: Array<{ testId: string; testName: string; groupName: string | null }>;
}

function audienceWords(stored: unknown): string | null {
  const audience = storedAudience(stored);
  return audience && audience.length === 0 ? null : describeAudience(audience);
}

/** What the results page needs to offer the test's lifecycle; not found when the test is not this shop's. */
export async function loadLifecycleState(shopDomain: string, testId: string): Promise<Outcome<LifecycleState>> {
  const test = await findTestStatusOfShop(shopDomain, testId);
  return test ? ok(await lifecycleStateOf(test)) : fail(NO_SUCH_TEST);
}

/** loadLifecycleState for a test already read (the results page reads it once for all its parts). */
export async function lifecycleStateOf(test: LifecycleTestRow): Promise<LifecycleState> {
  return {
    status: test.status,
    intents: intentsFrom(test.status, test.servingWinner),
    pausedReason: test.pausedReason,
    site: { publicId: test.site.publicId, paused: test.site.status === "paused", pausedReason: test.site.pausedReason },
    arms: test.arms.map((a) => ({ id: a.id, name: a.name })),
    winner: test.winnerArmId ? (test.arms.find((a) => a.id === test.winnerArmId)?.name ?? null) : null,
    servingWinner: test.servingWinner,
    audience: audienceWords(test.audience),
    holdoutPercent: test.site.holdoutPercent,
    endedAt: test.endedAt?.toISOString() ?? null,
    startBlocker: test.status === "draft" ? (startBlocker(test)?.message ?? null) : null,
    overlaps:
      test.status === "draft" || test.status === "paused"
        ? (await conflictsOf(test)).map((c) => ({ testId: c.testId, testName: c.testName, groupName: c.groupId === null ? null : (c.groupName ?? "its group") }))
        : [],
  };
}
