// The schedule job: every SVC_SCHEDULE_EVERY_SECONDS, each instance starts the drafts whose scheduled start
// has come, completes the tests whose scheduled end has, and completes the tests that stop once decided when
// their decision is reached; through the same lifecycle service as the merchant's buttons, so every check
// applies, and with the owner told by email when they switched that notice on (Settings). It also pauses a running test whose variant tripped a guardrail,
// and ends each pass by rewriting the Shopify storefront plans those changes (or earlier failures) left behind.
// Two instances may race: the lifecycle's guarded write (and the pause's) lets one win.
import { dueChanges } from "~/domain/experiments/schedule";
import { decidedEmail, decidedStopEmail, guardrailPauseEmail, scheduledEndEmail, scheduledStartFailedEmail, srmEmail } from "~/domain/experiments/schedule-notice";
import { flickerPauseReason } from "~/domain/results/flicker-guardrail";
import { guardrailPauseReason } from "~/domain/results/guardrails";
import { offerMismatchPauseReason, offerMismatchTripped } from "~/domain/shopify/offer-check";
import { readOfferChecks } from "~/models/shopify/order-offer-checks.server";
import { pauseTestWithNotice } from "~/models/tests/pause-with-notice.server";
import { clearFailedStart, listDueScheduled, listWatched, recordEndedBy, recordNotice, type WatchedTest } from "~/models/tests/test-schedule.server";
import { kickOutbox } from "~/services/outbox.server";
import { loadActionEvidence } from "./action-evidence.server";
import { changeTestStatus } from "./admin/test-lifecycle.server";
import { invalidateSite } from "./site-cache.server";
import { rewriteStalePlans, settleStalePlans, useOfflineAdmin, type OfflineAdmin } from "./shopify/stale-hide-plans.server";

export type { OfflineAdmin };

export interface ScheduleRun {
  started: string[];
  ended: string[];
  decided: string[];
  /** Scheduled starts refused (the test was not ready), cleared and reported to the owner. */
  refused: string[];
  /** Running tests paused because a variant tripped a guardrail. */
  guarded: string[];
  /** Running tests newly found decided, or with a sample ratio mismatch (once each; an email only if asked for). */
  noticed: string[];
}

let running: Promise<ScheduleRun> | null = null;

/** One pass at `now`; a pass already under way is joined rather than run twice. */
export function runSchedule(now: Date, offlineAdmin: OfflineAdmin, log: (line: string) => void = console.log): Promise<ScheduleRun> {
  running ??= runOnce(now, offlineAdmin, log).finally(() => {
    running = null;
  });
  return running;
}

async function runOnce(now: Date, offlineAdmin: OfflineAdmin, log: (line: string) => void): Promise<ScheduleRun> {
  const run: ScheduleRun = { started: [], ended: [], decided: [], refused: [], guarded: [], noticed: [] };
  const due = await listDueScheduled(now);
  const shopOf = new Map(due.map((t) => [t.id, t.shopDomain]));
  for (const { testId, change } of dueChanges(due, now)) {
    const shop = shopOf.get(testId) ?? "";
    const admin = await offlineAdmin(shop).catch(() => null);
    if (change === "start") {
      const outcome = await changeTestStatus(shop, testId, { intent: "start" }, admin, now);
      if (outcome.ok) run.started.push(testId);
      else if (outcome.problem.status !== 409 || outcome.problem.type === "test-site-paused" || outcome.problem.type === "test-overlap") {
        // Not ready (no variant, no primary goal…), its site paused, or overlapping a running test (only the
        // merchant can confirm they are independent): it would be refused every pass, so the start is cleared
        // and the owner told why. A 409 race (started meanwhile) needs nothing.
        const reason = outcome.problem.title;
        if (await clearFailedStart(testId, (test) => scheduledStartFailedEmail(test, reason))) run.refused.push(testId);
      }
    } else {
      const outcome = await changeTestStatus(shop, testId, { intent: "complete", winnerArmId: null }, admin, now);
      if (outcome.ok && (await recordEndedBy(testId, "schedule", scheduledEndEmail))) run.ended.push(testId);
    }
  }
  for (const test of await listWatched()) {
    // One test's failure (its numbers, a lost connection) must not leave every later test unwatched this pass.
    await watch(test, now, offlineAdmin, run).catch((error: unknown) => log(`schedule: test ${test.id} not watched this pass: ${(error as Error).message}`));
  }
  const changed = run.started.length + run.ended.length + run.decided.length + run.refused.length + run.guarded.length + run.noticed.length;
  if (changed > 0) {
    log(
      `schedule: started ${run.started.length}, ended ${run.ended.length}, stopped once decided ${run.decided.length}, ` +
        `start refused ${run.refused.length}, paused by a guardrail ${run.guarded.length}, newly decided or mismatched ${run.noticed.length}`,
    );
    kickOutbox();
  }
  // Every pause and end above marked its shop's storefront plan behind (so did any earlier failure, and a
  // misuse pause whose own rewrite failed): written now, in this pass, not at the merchant's next visit.
  await rewriteStalePlans(offlineAdmin);
  return run;
}

/**
 * One running test: paused when too many of its orders were charged otherwise than its arms' offers; else read
 * through the results page's own computation and then the robust view, so that what a
 * few networks sent never acts (action-evidence.server.ts): paused when a variant trips a guardrail; else
 * completed when decided and set to stop once decided (serving a winner only on signed orders' evidence); else
 * its owner told once that it is decided, and once that its sample ratio mismatches.
 */
async function watch(test: WatchedTest, now: Date, offlineAdmin: OfflineAdmin, run: ScheduleRun): Promise<void> {
  // Shoppers charged otherwise than the page showed them (an offer test's orders, signed by Shopify): paused first;
  // once the merchant resumes it, only orders checked since the pause count.
  const checks = (await readOfferChecks(test.siteId, test.id, test.guardrailTrippedAt)).reduce((sum, arm) => ({ checked: sum.checked + arm.checked, mismatched: sum.mismatched + arm.mismatched }), {
    checked: 0,
    mismatched: 0,
  });
  if (offerMismatchTripped(checks)) {
    const reason = offerMismatchPauseReason(checks);
    if (await pauseTestWithNotice(test.siteId, test.id, reason, (t) => guardrailPauseEmail(t, reason), { guardrailTrippedAt: now })) {
      invalidateSite(test.sitePublicId);
      run.guarded.push(test.id);
    }
    return;
  }
  const evidence = await loadActionEvidence(test.shopDomain, test.id, test, now);
  if (!evidence) return;
  const { decision, breaches, flicker: blank, completion } = evidence;
  if (breaches.length > 0 || blank.length > 0) {
    const reason = breaches.length > 0 ? guardrailPauseReason(breaches) : flickerPauseReason(blank);
    const paused = await pauseTestWithNotice(test.siteId, test.id, reason, (t) => guardrailPauseEmail(t, reason), { guardrailTrippedAt: now });
    if (paused) {
      invalidateSite(test.sitePublicId);
      run.guarded.push(test.id);
    }
    return;
  }
  // A winner is served by itself only on money's own evidence; else the merchant ships it with a click.
  if (completion && test.stopWhenDecided && (completion.endedBy !== "ship" || evidence.primaryTrusted)) {
    const admin = await offlineAdmin(test.shopDomain).catch(() => null);
    const outcome = await changeTestStatus(test.shopDomain, test.id, { intent: "complete", winnerArmId: completion.winnerArmId }, admin, now);
    if (outcome.ok && (await recordEndedBy(test.id, completion.endedBy, (t) => decidedStopEmail(t, completion.endedBy, t.winnerName)))) run.decided.push(test.id);
    return;
  }
  if (completion && !test.decidedNoticed) {
    const winner = completion.endedBy === "ship" ? (decision.called?.armName ?? null) : null;
    if (await recordNotice(test.id, "decidedNoticeAt", now, (t) => decidedEmail(t, completion.endedBy, winner))) run.noticed.push(test.id);
  }
  // A mismatch a few networks cause is theirs, not the test's (the page says so): no email for it.
  if (evidence.robust.srm === "mismatch" && !test.srmNoticed && (await recordNotice(test.id, "srmNoticeAt", now, srmEmail))) run.noticed.push(test.id);
}

let timer: ReturnType<typeof setInterval> | null = null;

/** Runs a pass now and every `everyMs`; a failed pass is logged and the next one tries again. */
export function startScheduleJob(everyMs: number, offlineAdmin: OfflineAdmin, log: (line: string) => void): void {
  if (timer) return;
  useOfflineAdmin(offlineAdmin);
  const pass = () => void runSchedule(new Date(), offlineAdmin, log).catch((error: unknown) => log(`schedule: pass failed: ${(error as Error).message}`));
  pass();
  timer = setInterval(pass, everyMs);
  timer.unref();
}

export async function stopScheduleJob(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  useOfflineAdmin(null);
  await running?.catch(() => undefined);
  await settleStalePlans();
}
