// Guardrails: goals a merchant marks as "must not get worse". A variant trips one when, on that goal, the
// always-valid interval of its conversion rate's or its revenue per visitor's change lies wholly below zero, its
// refund share's interval lies wholly above control's, or it converts nobody while control converts (an
// outage); svc then pauses the test (docs/results.md, "Guardrails"). Every check of a test spends one share of
// one error budget for the whole test, so a healthy test is paused falsely at most that often, however many
// goals, metrics and variants it guards and however often it is read.
import { oneLine } from "../events/misuse-notice";
import { analyze, DEFAULT_SEQUENTIAL_TUNING } from "../stats";
import type { AnalysisOutput, VariantArmOutput } from "../stats";
import { intervalText } from "./decision-words";
import { refundShareDifference } from "./refund-share";
import { planSample } from "./stats";
import { outageSentence, type OutageSide } from "./verdict-words";
import type { ArmResult, GoalResult, ResultsView } from "./view";

export type GuardrailMetric = "conversion rate" | "revenue per visitor" | "refund share";

/**
 * The chance, per test, that svc ever pauses a healthy test by its guardrails: family-wise over every guardrail
 * goal, metric and variant, at every read (the test's own α when that is smaller). Measured by the validity
 * simulation (suite "guardrail-*" lines): at most 2% of A/A tests paused, read every 500 visitors up to three
 * times the plan, with 2 to 4 arms and a second guardrail goal.
 */
export const GUARDRAIL_ERROR_BUDGET = 0.02;

/** The metrics each guardrail goal is read on; each gets its share of the budget whether or not it has data yet. */
export const GUARDRAIL_METRICS: readonly GuardrailMetric[] = ["conversion rate", "revenue per visitor", "refund share"];

/** How one test's budget is spent: split equally (Bonferroni) over its checks, each read at `level`. */
export interface GuardrailBudget {
  /** The test's budget: GUARDRAIL_ERROR_BUDGET, or its α when smaller. */
  budget: number;
  /** Guardrail goals × metrics × variants. */
  checks: number;
  /** Each check's share: its always-valid interval is at 1 − level. */
  level: number;
}

export interface GuardrailBreach {
  goal: string;
  metric: GuardrailMetric;
  armId: string;
  armName: string;
  /** Relative change against control; for the refund share, the difference in proportion points. */
  lift: number;
  /** The interval at 1 − `budget.level`; absent on an outage, whose test has none (stats/outage.ts). */
  ciLow?: number;
  ciHigh?: number;
  /** An outage: one side converted nobody (or everybody) and the other did not, and chance does not explain it. */
  outage?: { variant: OutageSide; control: OutageSide; pValue: number };
  budget: GuardrailBudget;
}

/**
 * One budget per test, split over every check it reads: the union bound (Bonferroni) holds for any dependence
 * between them, and each check's always-valid sequence holds at its level whenever it is read (Johari, Koomen,
 * Pekelis & Walsh, "Always valid inference", Operations Research 70(3), 2022, §6 on multiple testing), so the
 * chance that any check ever fires on a healthy test is at most the budget. The share is fixed by the test's
 * setup (its guardrail goals, three metrics each, its variants), not by which metrics have data yet: a share
 * that grew as others went unused would no longer add up.
 */
export function guardrailBudget(view: Pick<ResultsView, "alpha" | "arms" | "goals">, guardrailGoals: readonly string[]): GuardrailBudget {
  const goals = new Set(view.goals.map((g) => g.goal).filter((g) => guardrailGoals.includes(g))).size;
  const variants = Math.max(1, view.arms.length - 1);
  const checks = Math.max(1, goals) * GUARDRAIL_METRICS.length * variants;
  const budget = Math.min(GUARDRAIL_ERROR_BUDGET, view.alpha);
  return { budget, checks, level: budget / checks };
}

/** How worse the breach is: an outage first, then the interval furthest from no change. */
const severity = (b: GuardrailBreach) => (b.outage ? Infinity : b.metric === "refund share" ? (b.ciLow ?? 0) : -(b.ciHigh ?? 0));

/**
 * The sequence's tuning, as the page's (results/stats.ts comparisonSettings): the primary goal's planned
 * sample, so a check reads the same sequence as the page, only at its own level.
 */
function tuningOf(view: ResultsView): number {
  const control = view.goals.find((g) => g.primary)?.arms[0];
  const arms = view.arms.map((a) => ({ id: a.armId, weight: a.weight }));
  return planSample(arms, control?.rate ?? null, view.test.minDetectableEffect, view.alpha)?.pairUsers ?? DEFAULT_SEQUENTIAL_TUNING;
}

/** Every variant against control on one goal's rate or capped revenue per visitor, each at `level` (no further correction). */
function compareAt(goal: GoalResult, metric: "binomial" | "mean", level: number, tuning: number): AnalysisOutput | null {
  if (goal.arms.length < 2 || goal.arms.some((a) => a.visitors < 0)) return null;
  if (metric === "mean" && goal.arms.some((a) => a.cappedRevenue === undefined || a.cappedRevenueSquares === undefined)) return null;
  return analyze({
    metric,
    method: "frequentist",
    sequential: true,
    sequentialTuning: tuning,
    alpha: level,
    correction: "none",
    ...(metric === "mean" && { nonNegative: true }),
    arms: goal.arms.map((a) =>
      metric === "binomial"
        ? { name: a.armId, users: a.visitors, sum: Math.min(a.convertingVisitors, a.visitors) }
        : { name: a.armId, users: a.visitors, sum: a.cappedRevenue ?? 0, sumSquares: Math.max(a.cappedRevenueSquares ?? 0, 0) },
    ),
  });
}

const bounded = (v: VariantArmOutput | undefined): v is VariantArmOutput & { lift: number; ciLow: number; ciHigh: number } =>
  v !== undefined && v.lift !== undefined && v.ciLow !== undefined && v.ciHigh !== undefined && !v.intervalUnbounded;

const sideOf = (arm: ArmResult): OutageSide => ({ name: arm.name, visitors: arm.visitors, converting: arm.convertingVisitors });

/**
 * The breaches, worst first. None on a sample ratio mismatch (the numbers cannot be trusted either way: the
 * page asks the merchant instead). Each check is computed again from the view's counts at its own level
 * (guardrailBudget): conversion rate (with the outage test where one side has no conversions), revenue per
 * visitor (capped, without CUPED, only where the page itself shows that comparison: near-normal by Kohavi's
 * rule) and the refund share. No margin: any loss the interval shows pauses.
 */
export function guardrailBreaches(view: ResultsView, guardrailGoals: readonly string[]): GuardrailBreach[] {
  if (view.srm.mismatch) return [];
  const budget = guardrailBudget(view, guardrailGoals);
  const tuning = tuningOf(view);
  const breaches: GuardrailBreach[] = [];
  for (const goal of view.goals) {
    if (!guardrailGoals.includes(goal.goal)) continue;
    const control = goal.arms.find((a) => a.isControl);
    if (!control) continue;
    const rate = compareAt(goal, "binomial", budget.level, tuning);
    const shown = goal.arms.some((a) => !a.isControl && (a.revenueLift !== undefined || a.revenueIntervalUnbounded));
    const revenue = shown ? compareAt(goal, "mean", budget.level, tuning) : null;
    goal.arms.forEach((arm, i) => {
      if (arm.isControl) return;
      const at = { goal: goal.goal, armId: arm.armId, armName: arm.name, budget };
      const r = rate?.arms[i] as VariantArmOutput | undefined;
      if (r?.outage && r.lift !== undefined && r.lift < 0 && r.pValue !== undefined && r.pValue < budget.level) {
        breaches.push({ ...at, metric: "conversion rate", lift: r.lift, outage: { variant: sideOf(arm), control: sideOf(control), pValue: r.pValue } });
      } else if (bounded(r) && r.ciHigh < 0) {
        breaches.push({ ...at, metric: "conversion rate", lift: r.lift, ciLow: r.ciLow, ciHigh: r.ciHigh });
      }
      const m = revenue?.arms[i] as VariantArmOutput | undefined;
      const pageShows = arm.revenueLift !== undefined || arm.revenueIntervalUnbounded;
      if (pageShows && bounded(m) && m.ciHigh < 0) {
        breaches.push({ ...at, metric: "revenue per visitor", lift: m.lift, ciLow: m.ciLow, ciHigh: m.ciHigh });
      }
      const refunds = refundShareBreach(control, arm, budget.level);
      if (refunds) breaches.push({ ...at, metric: "refund share", ...refunds });
    });
  }
  return breaches.sort((a, b) => severity(b) - severity(a));
}

/**
 * A variant whose orders are refunded more often than control's: only on goals whose orders can be refunded
 * (Shopify purchases, where some order of the test was), at its check's level.
 */
function refundShareBreach(control: ArmResult, variant: ArmResult, level: number): Pick<GuardrailBreach, "lift" | "ciLow" | "ciHigh"> | null {
  if (control.refundedOrders + variant.refundedOrders === 0) return null;
  const d = refundShareDifference(
    { orders: control.siteCurrencyConversions, refunded: control.refundedOrders },
    { orders: variant.siteCurrencyConversions, refunded: variant.refundedOrders },
    level,
  );
  return d && d.ciLow > 0 ? { lift: d.difference, ciLow: d.ciLow, ciHigh: d.ciHigh } : null;
}

const points = (x: number) => `${x >= 0 ? "+" : "−"}${(Math.abs(x) * 100).toFixed(1)}`;

/** 1 − level as a percentage with enough digits to differ from 100% (99.67%, 99.9967%). */
function confidenceText(level: number): string {
  const digits = Math.min(6, Math.max(1, Math.ceil(-Math.log10(level * 100)) + 1));
  return `${((1 - level) * 100).toFixed(digits)}%`;
}

const pText = (p: number) => (p < 0.001 ? "p < 0.001" : `p = ${p.toPrecision(2)}`);

/** How sure, and what it spends: "always valid at 99.67%, one of 6 checks sharing this test's 2% budget for a false pause". */
export function budgetText({ budget, checks, level }: GuardrailBudget): string {
  const share = checks === 1 ? "the only check of" : `one of ${checks} checks sharing`;
  return `always valid at ${confidenceText(level)}, ${share} this test's ${Math.round(budget * 1000) / 10}% budget for a false pause`;
}

/** The reason the test's page and the owner's email give, from the worst breach; the others are counted. */
export function guardrailPauseReason(breaches: readonly GuardrailBreach[]): string {
  const [worst] = breaches;
  if (!worst) return "";
  const more = breaches.length - 1;
  const confidence = budgetText(worst.budget);
  const goal = oneLine(worst.goal, 64);
  const name = (side: OutageSide) => ({ ...side, name: `"${oneLine(side.name, 80)}"` });
  const what = worst.outage
    ? `${outageSentence(goal, name(worst.outage.variant), name(worst.outage.control)).slice(0, -1)}: ` +
      `chance does not explain that (${pText(worst.outage.pValue)}, ${confidence}), so svc paused the test and no more visitors see it.`
    : `"${oneLine(worst.armName, 80)}" ` +
      (worst.metric === "refund share"
        ? `raises the refund share of "${goal}" orders by ${(Math.abs(worst.lift) * 100).toFixed(1)} points ` +
          `(interval ${points(worst.ciLow ?? 0)} to ${points(worst.ciHigh ?? 0)} points, ${confidence})`
        : `lowers ${worst.metric} on "${goal}" by ${(Math.abs(worst.lift) * 100).toFixed(1)}% ` +
          `(interval ${intervalText(worst.ciLow, worst.ciHigh)}, ${confidence})`) +
      ", so svc paused the test and no more visitors see it.";
  return (
    `Guardrail: ${what}` +
    (more > 0 ? ` ${more} more guardrail${more === 1 ? " was" : "s were"} tripped.` : "") +
    ` Resume it only if that loss is acceptable: once resumed, svc judges its guardrails on the traffic from the next day on: this loss does not pause it again, a new one does.`
  );
}
