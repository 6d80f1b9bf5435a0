// The answer to GET /api/patches: every running test of the site this visitor is assigned to.
import type { Assignment, AutoGoal, PatchesResponse } from "~/wire";
import { audienceAdmits, pageConditions, type VisitorFacts } from "~/wire/rules/audience";
import { validPatches, validRedirect } from "./patch-shape";
import { isBuyNowHide } from "./buy-now";
import { assignTests, inHoldout } from "~/wire/rules/traffic-split";
import type { ArmConfig, GoalConfig, HoldoutConfig, RunningTest, ServedWinner, SiteConfig } from "../sites/site-config";

/** Seconds the snippet may reuse an answer; short, so a stopped test stops showing within minutes. */
export const PATCHES_TTL_SECONDS = 300;

function autoGoal(goal: GoalConfig): AutoGoal | null {
  if (goal.kind === "url" && goal.urlPattern) return { kind: "visit", goal: goal.label, pages: [goal.urlPattern] };
  if (goal.kind === "click" && goal.selector) return { kind: "click", goal: goal.label, sel: goal.selector };
  if (goal.kind === "submit" && goal.selector) return { kind: "submit", goal: goal.label, sel: goal.selector };
  return null;
}

/**
 * The element whose presence counts as "the arm was shown", the same for every arm so that control
 * and variants are exposed under the same condition: the first element any arm of the test patches.
 */
export function exposureSelector(test: RunningTest): string | undefined {
  for (const arm of test.arms) {
    // svc's own Buy-it-now hiding (an offer test's) is not the arm: a page without the buttons still shows it.
    for (const patch of validPatches(arm.patches) ?? []) if ("sel" in patch && !isBuyNowHide(patch)) return patch.sel;
  }
  return undefined;
}

/** What the snippet is told about one arm of a test; null when the arm's stored patches or redirect are unusable. */
export function assignmentFor(test: RunningTest, arm: ArmConfig): Assignment | null {
  const patches = validPatches(arm.patches);
  if (patches === null) return null;
  const redirect = validRedirect(arm.redirectUrl);
  const goals = test.goals.map(autoGoal).filter((g): g is AutoGoal => g !== null);
  const when = redirect ? undefined : exposureSelector(test);
  const conditions = pageConditions(test.audience ?? []);
  return {
    test: test.id,
    arm: arm.id,
    pages: test.pages,
    ...(when && { when }),
    ...(conditions && { if: conditions }),
    ...(patches.length > 0 && { patches }),
    ...(redirect && { redirect }),
    ...(goals.length > 0 && { goals }),
  };
}

/** The holdout pseudo-test's arms (docs/traffic.md): the holdout, and everyone else. */
export const HOLDOUT_ARM = "holdout";
export const REST_ARM = "rest";

/** The holdout pseudo-test's arm for this visitor; null when the site has no holdout. */
export function holdoutArmOf(site: Pick<SiteConfig, "id" | "holdout">, visitorId: string): string | null {
  if (!site.holdout) return null;
  return inHoldout({ id: site.id, holdoutPercent: site.holdout.percent }, visitorId) ? HOLDOUT_ARM : REST_ARM;
}

/**
 * The visitor's arms. Groups and the holdout decide which tests the visitor is in (traffic-split.ts), then a
 * test whose audience the visitor is outside of is left out: they are not assigned, so never exposed nor
 * counted (a group's slice stays its test's, unused by them, so the other tests' shares do not move).
 * `facts` is read only when such a test comes up (it may cost a GeoIP lookup); a test's page rules travel in
 * the assignment's `if` for the snippet.
 */
export function patchesFor(site: SiteConfig, visitorId: string, facts?: () => VisitorFacts): PatchesResponse {
  const tests: Assignment[] = [];
  const held = holdoutArmOf(site, visitorId);
  let known: VisitorFacts | undefined;
  for (const { test, arm } of assignTests({ id: site.id, holdoutPercent: site.holdout?.percent ?? 0 }, site.tests, visitorId)) {
    // Without facts (no visitor request behind the call) an audience-targeted test is served to no one.
    if (test.audience?.length && !(facts && audienceAdmits(test.audience, (known ??= facts())))) continue;
    const assignment = assignmentFor(test, arm);
    if (assignment) tests.push(assignment);
  }
  // A served winner goes to every visitor of its test's audience, with no goals: it is no longer measured,
  // and the exposure the snippet reports for it is dated after the test's end, so ingestion counts it for
  // nothing. The holdout does not see it: it is there to measure what the shipped winners are worth together.
  if (held !== HOLDOUT_ARM) {
    for (const served of site.served ?? []) {
      if (served.audience?.length && !(facts && audienceAdmits(served.audience, (known ??= facts())))) continue;
      const assignment = assignmentFor(servedAsTest(served), served.arm);
      if (assignment) tests.push(assignment);
    }
  }
  // Both sides of the holdout are exposed on every page, with nothing to apply: the snippet reports the
  // exposure at once, and conversions then count for the side through the usual attribution. They carry
  // the running tests' automatic goals, so a click or visit goal is watched for the holdout as for the rest.
  if (site.holdout && held) tests.push(holdoutAssignment(site.tests, site.holdout, held));
  return { ttl: PATCHES_TTL_SECONDS, tests };
}

/** One side of the holdout pseudo-test ("holdout" or "rest") as the snippet is told it: every page, the running tests' automatic goals. */
export function holdoutAssignment(running: readonly RunningTest[], holdout: HoldoutConfig, side: string): Assignment {
  const goals = new Map<string, AutoGoal>();
  for (const test of running) for (const goal of test.goals.map(autoGoal)) if (goal && !goals.has(goal.goal)) goals.set(goal.goal, goal);
  return { test: holdout.runId, arm: side, pages: ["*"], ...(goals.size > 0 && { goals: [...goals.values()] }) };
}

/** A served winner as patchesFor serves it: a test of one arm at 100%, with no goals. */
export function servedAsTest(served: ServedWinner): RunningTest {
  return { id: served.id, pages: served.pages, audience: served.audience, trafficPercent: 100, arms: [served.arm], goals: [] };
}

/**
 * The answer in preview: only the forced arm of the previewed test, whatever the test's status and the
 * visitor's bucket, and `ttl: 0` because nothing of it may be reused as the visitor's real assignment.
 * Null when the arm is not the test's (the token outlived a change of arms): the normal answer applies.
 */
export function previewPatchesFor(test: RunningTest, armId: string): PatchesResponse | null {
  const arm = test.arms.find((a) => a.id === armId);
  const assignment = arm && assignmentFor(test, arm);
  return assignment ? { ttl: 0, tests: [assignment] } : null;
}
