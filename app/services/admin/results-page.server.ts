// A test's results page in one load: its results and decision (results.server.ts), the lifecycle it offers,
// its preview links, the selector check, its schedule and the shop's rollouts beside it, as the page shows them.
import { scheduledStartText, type ScheduleState } from "~/domain/experiments/schedule";
import type { AdminGraphql } from "~/infra/admin-graphql";
import { findTestOfShop, type ResultsTestRow } from "~/models/results/results.server";
import { fail, ok, type Outcome } from "~/services/outcome";
import { otherDiscountsOf } from "~/services/shopify/offer-discount.server";
import { rolloutsForTest, type TestRollouts } from "~/services/shopify/rollouts.server";
import { carriesOffer, parseOffer } from "~/wire/offers";
import { previewLinksOf, type PreviewLink } from "./preview-links.server";
import { NO_SUCH_TEST, resultsOf, type Results } from "./results.server";
import { selectorCheckPanelOf, type SelectorCheckPanel } from "./selector-check.server";
import { lifecycleStateOf, type LifecycleState } from "./test-lifecycle.server";
import { scheduleStateOf } from "./test-schedule.server";

export interface ResultsPageContext {
  /** The admin runs as the local demo (its storefronts are this server's own pages). */
  demo: boolean;
  /** Origin of the admin request: where the demo storefronts are served. */
  requestOrigin: string;
  /** The Admin API the shop's rollouts are read through (app/shopify.server.ts, AdminIdentity.adminReads). */
  adminReads: AdminGraphql | null;
}

export type ResultsPage = Results & {
  lifecycle: LifecycleState;
  /** Null once the test has ended; the reason when no link can be made. */
  preview: { links: PreviewLink[]; endAtRestart: boolean } | { links: PreviewLink[]; problem: string } | null;
  /** Shown to a draft, and to a running or paused test once checked; null otherwise. */
  selectorCheck: SelectorCheckPanel | null;
  schedule: ScheduleState | null;
  rollouts: TestRollouts | null;
  /** An offer test's word on the shop's other automatic discounts (docs/offers.md, "Collisions"); null: none. */
  otherDiscounts: string | null;
  /** A completed price test's winning arm and how many variant prices it would write to the products; null: none. */
  winnerPrices: { armName: string; variants: number } | null;
};

/** The winning arm's prices a completed price test offers to write (docs/offers.md, "Writing the winner's prices"). */
function winnerPricesOf(test: ResultsTestRow): ResultsPage["winnerPrices"] {
  const winner = test.status === "completed" && test.winnerArmId ? test.arms.find((a) => a.id === test.winnerArmId) : undefined;
  const offer = winner && test.site.kind === "shopify" ? parseOffer(winner.offer) : null;
  const variants = offer?.k === "price" ? Object.keys(offer.prices).length : 0;
  return winner && variants > 0 ? { armName: winner.name, variants } : null;
}

/** The page's data; not found when the test is not the shop's. */
export async function loadResultsPage(shopDomain: string, testId: string, { demo, requestOrigin, adminReads }: ResultsPageContext): Promise<Outcome<ResultsPage>> {
  // One read of the test for every part (it was six, ~20 statements of a page's 30: docs/performance.md).
  const test = await findTestOfShop(shopDomain, testId);
  if (!test) return fail(NO_SUCH_TEST);
  const where = { demo, requestOrigin };
  const offers = test.site.kind === "shopify" && (test.status === "draft" || test.status === "running" || test.status === "paused") && carriesOffer(test.arms);
  const [results, lifecycle, check, rollouts, otherDiscounts] = await Promise.all([
    resultsOf(test),
    lifecycleStateOf(test),
    selectorCheckPanelOf(test, where),
    rolloutsForTest(test, adminReads),
    offers && adminReads ? otherDiscountsOf(shopDomain, adminReads) : null,
  ]);
  const links = previewLinksOf(test, where);
  const schedule = scheduleStateOf({ ...test, timeZone: test.site.shop.timeZone });
  // A test that has ended has nothing left to check on the storefront.
  const previewable = lifecycle.status === "draft" || lifecycle.status === "running" || lifecycle.status === "paused";
  const preview = !previewable ? null : links.ok ? { links: links.value.links, endAtRestart: links.value.endAtRestart } : { links: [], problem: links.problem.title };
  // The selector check comes before Start: a draft always offers it; a running or paused test shows its last check, if any.
  const selectorCheck = lifecycle.status === "draft" || (previewable && check?.last) ? check : null;
  const scheduled = lifecycle.status === "draft" ? scheduledStartText(schedule) : null;
  // The decision at the top of a scheduled draft says when it starts, not only that it has not.
  const decision = scheduled ? { ...results.decision, scheduledStart: scheduled } : results.decision;
  return ok({ ...results, decision, lifecycle, preview, selectorCheck, schedule, rollouts, otherDiscounts, winnerPrices: winnerPricesOf(test) });
}
