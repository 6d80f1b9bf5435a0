// Every word a merchant reads about a test's verdict: the banner's title, the verdict sentence and the SRM warning.
import type { VerdictDecision } from "./verdict";
import type { ArmResult, DecisionMetric, HeldBack, ResultsView, Verdict } from "./view";

// A fixed locale: the server renders the page and the browser hydrates it, and both must print the same text.
const LOCALE = "en-US";
const percentFormat = new Intl.NumberFormat(LOCALE, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const pValueFormat = new Intl.NumberFormat(LOCALE, { minimumSignificantDigits: 3, maximumSignificantDigits: 3 });

const percent = (x: number) => percentFormat.format(x);
const rateFormat = new Intl.NumberFormat(LOCALE, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Three significant digits, floored at "< 0.001" where more digits would suggest false precision. */
function pValueText(p: number | null): string {
  if (p === null || !Number.isFinite(p)) return "—";
  return p < 0.001 ? "< 0.001" : pValueFormat.format(p);
}

/** What proposing looks like in words: "converts better", or "earns more profit per visitor" (a price test). */
const doesBetter = (metric: DecisionMetric) => (metric === "conversion rate" ? "converts better" : "earns more profit per visitor");
const doesWorse = (metric: DecisionMetric) => (metric === "conversion rate" ? "converts worse" : "earns less profit per visitor");

function sentence(decision: VerdictDecision, metric: DecisionMetric): string {
  const profit = metric === "profit per visitor";
  switch (decision.kind) {
    case "srm":
      return (
        "Sample ratio mismatch: visitors are not split between the arms as configured " +
        `(p = ${decision.pValue?.toExponential(1)}). Do not trust these results until the cause is found.`
      );
    case "too-early":
      return `Collecting data: each arm needs at least ${decision.minVisitorsPerArm} visitors and some conversions before we judge.`;
    case "variant-ahead": {
      const interval =
        decision.ciLow !== undefined && decision.ciHigh !== undefined
          ? `, somewhere between ${percent(decision.ciLow)} and ${percent(decision.ciHigh)}`
          : "; its size is still too uncertain to put a range on";
      const early = decision.early
        ? " Called before the planned sample: a lift called this early tends to be smaller in the long run."
        : "";
      return `${decision.armName} is ahead on ${decision.goal}: ${profit ? "profit per visitor " : ""}lift ${percent(decision.lift)}${interval}.${early}`;
    }
    case "control-ahead":
      return `Control is ahead on ${decision.goal}: every variant ${doesWorse(metric)}.`;
    case "no-difference":
      return (
        `No difference${profit ? " in profit per visitor" : ""} as large as the minimum detectable effect (${percent(decision.minDetectableEffect)}) on ` +
        `${decision.goal}: every variant's interval lies within ±${percent(decision.minDetectableEffect)}.`
      );
    case "not-comparable":
      return profit
        ? `Collecting data: not enough orders yet to compare ${list(decision.armNames)}'s profit per visitor with control's on ${decision.goal} (a price test decides on profit).${stillNeeded(decision)}`
        : `Collecting data: not enough data yet to compare ${list(decision.armNames)} with control on ${decision.goal}.${stillNeeded(decision)}`;
    case "no-winner-yet":
      if (decision.heldBack) return heldBackSentence(decision.heldBack, metric);
      return decision.remainingUsers === 0
        ? "Not enough evidence yet: the planned sample is reached, but the intervals still allow a difference as large as the minimum detectable effect. Keep running or stop without a winner."
        : `Not enough evidence yet: no arm is ahead.${stillNeeded(decision)}`;
  }
}

/** Why conversion rate's decision waits: the metric that disagrees, by name, with its interval when it has one. */
export function heldBackSentence(h: HeldBack, metric: DecisionMetric = "conversion rate"): string {
  const margin = percent(h.margin);
  // Signed with a true minus, as the page's other intervals (decision-words.ts).
  const signed = (x: number) => (x < 0 ? `−${percent(-x)}` : `+${percent(x)}`);
  const interval = h.ciLow !== undefined && h.ciHigh !== undefined ? `between ${signed(h.ciLow)} and ${signed(h.ciHigh)}` : null;
  const where = `${h.metric} on ${h.goal}`;
  switch (h.would) {
    case "ship":
      return interval
        ? `${h.armName} ${doesBetter(metric)}, but its ${where} could still be lower than control's by more than ${margin} (${interval}): not decided until it is shown within ${margin}.`
        : `${h.armName} ${doesBetter(metric)}, but its ${where} cannot be compared with control's yet: not decided until it is shown within ${margin}.`;
    case "no-difference":
      return interval
        ? `${metric === "conversion rate" ? "Conversion rate" : "Profit per visitor"} shows no difference as large as ${margin}, but ${h.armName}'s ${where} still allows one (${interval}): not decided until it is within ±${margin} too.`
        : `${metric === "conversion rate" ? "Conversion rate" : "Profit per visitor"} shows no difference as large as ${margin}, but ${h.armName}'s ${where} cannot be compared with control's yet: not decided until it is.`;
    case "keep-control":
      return `Every variant converts worse, but ${h.armName}'s ${where} is higher than control's (${interval ?? "its interval lies above 0"}): fewer orders, larger ones. Not decided: weigh which matters to you.`;
  }
}

function stillNeeded({ remainingUsers, days }: { remainingUsers: number | null; days: number | null }): string {
  if (remainingUsers === null || remainingUsers === 0) return "";
  const pace = days !== null ? ` (about ${counted(Math.ceil(days), "day")} at current traffic)` : "";
  return ` About ${integerFormat.format(remainingUsers)} more ${remainingUsers === 1 ? "visitor" : "visitors"}${pace} reach${remainingUsers === 1 ? "es" : ""} the planned sample.`;
}

/** "B", "B and C", "B, C and D". */
function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The verdict as the results view carries it: its kind for the banner's tone, and its sentence. */
export function verdictFor(decision: VerdictDecision, metric: DecisionMetric = "conversion rate"): Verdict {
  const verdict = verdictOf(decision, sentence(decision, metric));
  return metric === "conversion rate" ? verdict : { ...verdict, metric };
}

function verdictOf(decision: VerdictDecision, text: string): Verdict {
  switch (decision.kind) {
    case "too-early":
    case "not-comparable":
      return { kind: "collecting", text };
    case "no-winner-yet":
      return { kind: "not-enough-evidence", text, ...(decision.heldBack && { heldBack: decision.heldBack }) };
    case "variant-ahead":
      return {
        kind: "variant-ahead",
        text,
        ...(decision.armId !== undefined && { armId: decision.armId }),
        armName: decision.armName,
        ...(decision.chanceToWin !== undefined && { chanceToWin: decision.chanceToWin }),
      };
    case "control-ahead":
      return {
        kind: "control-ahead",
        text,
        ...(decision.armId !== undefined && { armId: decision.armId }),
        ...(decision.armName !== undefined && { armName: decision.armName }),
      };
    default:
      return { kind: decision.kind, text };
  }
}

/**
 * The banner's title. It names the decision only: a chance to win beside it would be a second rule that can
 * disagree with the first (it is in the table, after the minimum data).
 */
export function verdictTitle(verdict: Verdict): string {
  switch (verdict.kind) {
    case "collecting":
      return "Collecting data";
    case "not-enough-evidence":
      return "Not enough evidence yet";
    case "variant-ahead":
      return `${verdict.armName ?? "A variant"} is ahead`;
    case "control-ahead":
      return `${verdict.armName ?? "Control"} is ahead`;
    case "no-difference":
      return "No difference as large as the minimum effect";
    case "srm":
      return "Sample ratio mismatch: do not trust this result";
  }
}

/** What a sample ratio mismatch means and what to do about it, under the verdict. */
export function srmExplanation(pValue: number | null): string {
  return (
    `Visitors did not split between the arms as configured (SRM p-value ${pValueText(pValue)}), so the arms are ` +
    "not comparable. Find the cause (a redirect, a bot filter, a tracking gap) before acting on any number on this page."
  );
}

/** What the results table says in place of an outage's interval (its test has none: stats/outage.ts). */
export const OUTAGE_INTERVAL = "no interval: one side converted nobody or everybody";

/** One side of an outage: an arm's name (as the sentence should print it) and its counts on the goal. */
export interface OutageSide {
  name: string;
  visitors: number;
  converting: number;
}

/** "1 day", "2 days": a count with its noun, singular for exactly one. */
const counted = (n: number, noun: string) => `${integerFormat.format(n)} ${noun}${n === 1 ? "" : "s"}`;
const visitorsText = (n: number) => counted(n, "visitor");

/**
 * What happened, in one sentence, when one arm converted nobody (or everybody) on a goal and the other did not
 * (the engine's outage test, stats/outage.ts): "B had no "purchase" conversions from 3,000 visitors while
 * Original had 150 from 3,000 (5.00%)." The constant arm is named first.
 */
export function outageSentence(goal: string, variant: OutageSide, control: OutageSide): string {
  const constant = variant.converting === 0 || variant.converting === variant.visitors ? variant : control;
  const other = constant === variant ? control : variant;
  const otherRate = other.visitors > 0 ? ` (${rateFormat.format(other.converting / other.visitors)})` : "";
  return constant.converting === 0
    ? `${constant.name} had no "${goal}" conversions from ${visitorsText(constant.visitors)} while ${other.name} had ` +
        `${integerFormat.format(other.converting)} from ${integerFormat.format(other.visitors)}${otherRate}.`
    : `Every one of ${constant.name}'s ${visitorsText(constant.visitors)} converted on "${goal}" while ${other.name} converted ` +
        `${integerFormat.format(other.converting)} of ${integerFormat.format(other.visitors)}${otherRate}.`;
}

const side = (arm: ArmResult): OutageSide => ({ name: arm.name, visitors: arm.visitors, converting: arm.convertingVisitors });

/**
 * The page's outage sentences: one per goal and variant whose outage test is significant at the page's level
 * (the same reading as the verdict's), each saying what happened and where to look.
 */
export function outageSentences(view: Pick<ResultsView, "goals" | "alpha">): string[] {
  const sentences: string[] = [];
  for (const goal of view.goals) {
    const control = goal.arms.find((a) => a.isControl);
    if (!control) continue;
    for (const arm of goal.arms) {
      if (arm.isControl || !arm.outage || arm.pValue === undefined || !(arm.pValue < view.alpha)) continue;
      const broken = arm.convertingVisitors === 0 ? ` Check that ${arm.name} works: its page, its checkout and its tracking.` : "";
      sentences.push(`${outageSentence(goal.goal, side(arm), side(control))} Chance does not explain a difference this large.${broken}`);
    }
  }
  return sentences;
}
