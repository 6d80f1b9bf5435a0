// Acting on the decision: the completion the data calls for (the decision card's one action and the Complete
// dialog's pre-selection), the sentence that warns when the merchant's choice goes against the data or has no
// data behind it, the figures the confirmation shows, and who a served winner reaches, said as
// app/domain/experiments/patches-response.ts serves it.
import { decidedCompletion } from "./decided-completion";
import type { DecisionSummary } from "./decision-summary";
import { decisionWords } from "./decision-words";

/** What completing a test does: the declared winner (null: none) and whether that variant stays served. */
export interface ShipChoice {
  winnerArmId: string | null;
  serve: boolean;
}

export interface ChoiceArm {
  id: string;
  name: string;
}

/** The decision card's action: its label and the completion it proposes. */
export interface DecisionAction {
  label: string;
  choice: ShipChoice;
}

const integerFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const rateFormat = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const shareFormat = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

/**
 * The completion the decision calls for, as the schedule's stop once decided reads it (decided-completion.ts),
 * with a shipped variant kept served; null while the data decides nothing (undecided, or a sample ratio mismatch).
 */
export function dataChoice(summary: DecisionSummary, arms: readonly ChoiceArm[]): ShipChoice | null {
  const completion = decidedCompletion(summary.state, { controlId: arms[0]?.id ?? "", leadingVariantId: summary.called?.armId ?? null });
  return completion && { winnerArmId: completion.winnerArmId, serve: completion.endedBy === "ship" };
}

/** The card's action on a decided test that may still be completed (running or paused); null otherwise. */
export function decisionAction(summary: DecisionSummary, arms: readonly ChoiceArm[]): DecisionAction | null {
  if (summary.lifecycle !== "running" && summary.lifecycle !== "paused") return null;
  const choice = dataChoice(summary, arms);
  if (!choice) return null;
  if (summary.state === "ship") return { label: `Ship ${summary.called?.armName ?? "the winner"}`, choice };
  if (summary.state === "keep-control") return { label: "Keep the original", choice };
  return { label: "End: no difference", choice };
}

const nameOf = (arms: readonly ChoiceArm[], id: string | null) => arms.find((a) => a.id === id)?.name ?? "this arm";

/**
 * Why the choice goes against the data, in one sentence; null when it follows it. Only what changes a
 * visitor's page or throws a called winner away warns: a variant declared (or served) that the data does not
 * name, and a called winner left unshipped. Declaring no winner, or the original, where the data calls no
 * variant shows visitors the page they would see anyway.
 */
export function againstDataWarning(summary: DecisionSummary, arms: readonly ChoiceArm[], choice: ShipChoice): string | null {
  const control = arms[0]?.id ?? null;
  const data = dataChoice(summary, arms);
  const chosen = choice.winnerArmId;
  const variant = chosen !== null && chosen !== control;
  const verb = choice.serve ? "serving" : "declaring";
  if (summary.state === "ship" && data) {
    if (chosen === data.winnerArmId) return null;
    const called = nameOf(arms, data.winnerArmId);
    if (variant) return `The data names ${called} the winner, not ${nameOf(arms, chosen)}: ${verb} ${nameOf(arms, chosen)} goes against it.`;
    return `The data names ${called} the winner: completing without shipping it leaves its lift unused.`;
  }
  if (!variant) return null;
  const name = nameOf(arms, chosen);
  const visitors = summary.figures.reduce((sum, f) => sum + f.visitors, 0);
  if (visitors === 0) return `No visitor has been counted in this test: nothing says ${name} is better than the original.`;
  switch (summary.state) {
    case "keep-control":
      return `The data says ${name} converts worse than the original: ${verb} it would cost conversions.`;
    case "no-difference":
      return `The data shows no difference as large as ${shareFormat.format(summary.minDetectableEffect)}: ${name} is not shown to be better than the original.`;
    case "srm":
      return `These results cannot be trusted (sample ratio mismatch): nothing in them says ${name} is better than the original.`;
    default:
      return `The data has not decided this test: ${name} is not shown to be better than the original.`;
  }
}

/** The figures behind the decision, as the confirmation shows them: the card's sentences, then each arm's counts. */
export function decidingFigures(summary: DecisionSummary): string[] {
  const perArm = summary.figures.map(
    (f) => `${f.name}: ${integerFormat.format(f.visitors)} visitors, ${integerFormat.format(f.convertingVisitors)} converted (${f.rate === null ? "no rate" : rateFormat.format(f.rate)}).`,
  );
  return [...decisionWords(summary).sentences, ...perArm];
}

export interface ServedTo {
  /** The test's page rules as stored. */
  pages: readonly string[];
  /** The audience in words; null or "Everyone" for a test without rules. */
  audience: string | null;
  /** The share of matching visitors the test admitted while it ran. */
  trafficPercent: number;
  /** The site's store-wide holdout, 0 when off: its visitors see no served winner. */
  holdoutPercent: number;
}

/**
 * Who sees a served winner, as patchesFor serves it: every visitor of the test's audience on the test's pages,
 * the whole audience rather than the test's traffic share, except the store-wide holdout; not measured.
 */
export function servedToSentences(armName: string, to: ServedTo): string[] {
  const pages = to.pages.join(", ");
  const everyone = to.audience === null || to.audience === "Everyone";
  return [
    everyone
      ? `${armName} will be shown to every visitor of the test's pages (${pages}).`
      : `${armName} will be shown on the test's pages (${pages}) to its audience only: ${to.audience}. Visitors outside the audience keep seeing the original.`,
    ...(to.trafficPercent < 100 ? [`That is all of ${everyone ? "them" : "the audience"}, not only the ${integerFormat.format(to.trafficPercent)}% who were in the test.`] : []),
    ...(to.holdoutPercent > 0 ? [`The ${integerFormat.format(to.holdoutPercent)}% of visitors in the store-wide holdout do not see it.`] : []),
    "It is no longer measured, and is served by svc until you make it part of your theme or page and end serving it.",
  ];
}
