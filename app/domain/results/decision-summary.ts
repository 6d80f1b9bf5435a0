// The one decision at the top of a test's results page, from which every other figure on it follows: what to do
// (ship, keep running, stop without a difference, fix the split), the called lift with its interval and its worth
// per month, which arms are decided, where a chance to win may stand, and how long to go while undecided.
// It reads the verdict (verdict.ts) and never decides anything of its own; decision-words.ts puts it into words.
import { OTHER_GOAL } from "../events/goal-labels";
import type { TestStatus } from "../experiments/test-lifecycle";
import { planSample } from "./stats";
import { PROFIT_COSTED_SHARE } from "./profit-comparison";
import { asProposed, MIN_VISITORS_PER_ARM } from "./verdict";
import type { ArmResult, DecisionMetric, GoalResult, HeldBack, ResultsView } from "./view";

export type DecisionState =
  | "not-started"
  | "collecting"
  | "keep-running"
  | "not-enough-evidence"
  | "ship"
  | "keep-control"
  | "no-difference"
  | "srm";

/** Where the test is in its life, as far as the summary's words care. */
export type Lifecycle = "draft" | "running" | "paused" | "ended";

/**
 * A variant's standing on the primary goal: better or worse than control by the always-valid, Bonferroni-adjusted
 * test; "equivalent" when the page says no difference as large as the MDE; "not-yet" otherwise. A secondary
 * goal decides nothing ("exploratory").
 */
export type ArmMark = "better" | "worse" | "equivalent" | "not-yet" | "exploratory";

/**
 * How a chance to win stands beside the decision: "agrees" (shown as is), "reconciled" (shown with the one
 * sentence that explains the difference), "hidden" (not shown: none, or under a sample ratio mismatch).
 */
export type ChanceShown = "agrees" | "reconciled" | "hidden";

/** Why there is no estimate of how long to go. */
export type NoEstimateReason =
  | "no-visitors"
  | "no-control-visitors"
  | "first-day"
  | "no-control-conversion"
  /** A decision on profit per visitor (a price test) plans from control's profit per visitor, which is not above 0 yet. */
  | "no-control-profit"
  | "rate-past-100"
  | "no-recent-traffic"
  | "planned-sample-reached"
  | "paused";

/**
 * Past LONG_TEST_DAYS, what would end a test sooner at this traffic, by the plan's own method (stats.ts planSample:
 * 80% power with the always-valid test): a larger minimum detectable effect for this test, and a goal of the test
 * that more visitors reach, as the primary goal of a new test at this one's MDE.
 */
export interface TimeToGoAdvice {
  /** Visitors a day at the pace "how long to go" counts by. */
  dailyVisitors: number;
  /** The smallest of MDE_STEPS above the test's that ends within LONG_TEST_DAYS, or the largest reachable; null: none. */
  mde: { mde: number; days: number } | null;
  /** The goal that would take fewest days, when fewer than the primary goal's; `days` counts a new test from its start. */
  goal: { goal: string; rate: number; days: number } | null;
}

export type TimeToGo = { days: number; remainingUsers: number; usersNeeded: number; advice?: TimeToGoAdvice } | { reason: NoEstimateReason };

export interface CalledLift {
  armId: string;
  armName: string;
  lift: number;
  /** Absent when the interval is unbounded. */
  ciLow?: number;
  ciHigh?: number;
  unbounded: boolean;
  /** Called before the planned sample (a ship only): early calls overstate the lift. */
  early: boolean;
  /** The arm converted nobody (an outage, stats/outage.ts): its lift has no interval to give. */
  outage?: true;
}

/**
 * What shipping the called arm is worth a month at the current pace, on the metric that pays: revenue per visitor's
 * lift × control's revenue per visitor (capped, as the comparison reads it), with its always-valid interval's ends
 * the same way; or, where costs are known (PROFIT_COSTED_SHARE), the difference in profit per visitor, with its
 * comparison's interval once it has one (profit-comparison.ts), and revenue's figure beside it. Never the conversion lift: more orders can be smaller ones.
 */
export interface MonthlyWorth {
  currency: string;
  metric: "revenue" | "profit";
  perMonth: number;
  /** Only when the metric's interval has ends (profit's from its comparison: profit-comparison.ts). */
  low?: number;
  high?: number;
  visitorsPerMonth: number;
  /** Beside a profit figure: revenue per visitor's, with its interval. */
  revenue?: { perMonth: number; low?: number; high?: number };
}

/** A relative lift with its always-valid interval. */
export interface LiftWithInterval {
  lift: number;
  ciLow: number;
  ciHigh: number;
}

/**
 * Conversion rate and revenue per visitor point opposite ways for the called arm, each beyond chance: the conversion
 * interval lies wholly on one side of 0 and revenue per visitor's wholly on the other. Opposite point estimates with
 * an interval across 0 are not a disagreement (noise does that); the worth, counted on revenue, shows them.
 */
export interface MoneyDisagreement {
  armName: string;
  conversion: LiftWithInterval;
  revenuePerVisitor: LiftWithInterval;
}

export interface ArmStanding {
  armId: string;
  name: string;
  isControl: boolean;
  /** Null for the control. */
  mark: ArmMark | null;
  chance: ChanceShown;
}

export interface DecisionSummary {
  state: DecisionState;
  /** What decides on the primary goal: conversion rate, or profit per visitor for a price test (verdict.ts). */
  metric: DecisionMetric;
  lifecycle: Lifecycle;
  /** Ship, keep the control, or no difference as large as the MDE: the question the test asked is answered. */
  decided: boolean;
  /** The primary goal, null without one. */
  goal: string | null;
  minDetectableEffect: number;
  called: CalledLift | null;
  worth: MonthlyWorth | null;
  /** The called arm's conversion rate and revenue per visitor disagree (see MoneyDisagreement); null otherwise. */
  moneyDisagreement: MoneyDisagreement | null;
  /** Only while running and undecided ("how long to go" disappears once decided). */
  timeToGo: TimeToGo | null;
  /** Per goal, in the view's order: each arm's standing. */
  goals: Array<{ goal: string; primary: boolean; arms: ArmStanding[] }>;
  /** Some chance to win is shown beside a decision it does not match: the page says the one reconciling sentence. */
  chanceNote: boolean;
  /** Variants whose comparison could not be computed yet (while collecting). */
  notComparable: string[];
  /** Undecided because revenue per visitor or a guardrail does not yet agree with conversion rate (verdict.ts). */
  heldBack: HeldBack | null;
  /** The winner the merchant declared on completing, by name; null for none. */
  declaredWinner: string | null;
  /** Each arm's primary-goal figures (shown in words on a completed test). */
  figures: Array<{ name: string; visitors: number; convertingVisitors: number; rate: number | null }>;
  srmPValue: number | null;
  /** A draft's scheduled start in words ("Nov 27, 9:00 AM (America/New_York)"), set by the page that knows it. */
  scheduledStart?: string | null;
}

export interface DecisionContext {
  /** Today's UTC day (YYYY-MM-DD): traffic that stopped days ago makes any pace a guess. */
  today: string;
  /** The declared winner's name on a completed test. */
  declaredWinner?: string | null;
  /**
   * The instant the page is read (ISO), for "less than a day of traffic". Without it, the start of `today`: earlier
   * than the truth, so it can only hold a projection back longer, never make one sooner.
   */
  now?: string;
}

/** Without a visitor on any of this many days up to today, the page gives no "days to go" from the old pace. */
export const RECENT_TRAFFIC_DAYS = 3;
/**
 * No projection before a day of traffic: a pace from minutes of visitors made "about 996 days" two minutes after
 * the start. Traffic starts at the test's start, or at the first day with a visitor when that is later.
 */
export const FIRST_DAY_MS = 86_400_000;
/** Beyond this many days to go, the page says what would end a test sooner (TimeToGoAdvice). */
export const LONG_TEST_DAYS = 90;
/** The minimum detectable effects the advice tries, smallest first: round figures a merchant would type. */
export const MDE_STEPS: readonly number[] = [0.15, 0.2, 0.25, 0.3, 0.4, 0.5];
/** Days in the month of "worth per month". */
export const DAYS_PER_MONTH = 30;
/** Profit per visitor is the worth's metric once this share of both arms' orders have a known cost (profit-comparison.ts). */
export { PROFIT_COSTED_SHARE };
/** A chance to win at or beyond these reads as a claim that one arm wins. */
export const CHANCE_CLAIM = 0.95;

const DECIDED: ReadonlySet<DecisionState> = new Set(["ship", "keep-control", "no-difference"]);

function lifecycleOf(status: string): Lifecycle {
  const s = status as TestStatus;
  if (s === "draft" || s === "running" || s === "paused") return s;
  return "ended";
}

function stateOf(view: ResultsView, lifecycle: Lifecycle): DecisionState {
  const { verdict: { kind }, remaining } = view;
  // A draft, or a draft archived without ever starting, measured nothing: never "collecting".
  if (lifecycle === "draft" || (view.test.status === "archived" && view.test.startedAt === null)) return "not-started";
  switch (kind) {
    case "variant-ahead":
      return "ship";
    case "control-ahead":
      return "keep-control";
    case "not-enough-evidence":
      // "Keep running" only where running more can help: a running test with the plan still ahead.
      return lifecycle === "running" && (remaining.remainingUsers ?? 0) > 0 && remaining.days !== null ? "keep-running" : "not-enough-evidence";
    default:
      return kind;
  }
}

const significant = (arm: ArmResult, alpha: number) => arm.pValue !== undefined && arm.lift !== undefined && arm.pValue < alpha;

/** A variant's mark on the primary goal: the verdict's reading of the always-valid p-value, or its equivalence. */
function primaryMark(arm: ArmResult, state: DecisionState, alpha: number, heldBack: HeldBack | null): ArmMark {
  if (state === "not-started" || state === "collecting" || state === "srm") return "not-yet";
  // Conversion rate alone would decide this arm, but money or a guardrail disagrees: not decided.
  if (heldBack && heldBack.would !== "no-difference" && heldBack.armId === arm.armId) return "not-yet";
  if (significant(arm, alpha)) return (arm.lift ?? 0) > 0 ? "better" : "worse";
  return state === "no-difference" ? "equivalent" : "not-yet";
}

/**
 * Whether the chance to win says what the decision says. A decided "better" needs a chance above one half,
 * "worse" below; an undecided arm's chance must not claim a winner (at least 95% either way). The chance uses
 * a prior and no correction for looking every day, so it may run ahead of the always-valid test.
 */
function chanceShown(arm: ArmResult, mark: ArmMark, state: DecisionState, alpha: number): ChanceShown {
  const chance = arm.chanceToWin;
  if (chance === undefined || state === "srm" || state === "not-started") return "hidden";
  // A secondary goal is read by its own test: its chance agrees when it says what its p-value says.
  const standing = mark === "exploratory" ? (significant(arm, alpha) ? ((arm.lift ?? 0) > 0 ? "better" : "worse") : "not-yet") : mark;
  const agrees =
    standing === "better" ? chance > 0.5 : standing === "worse" ? chance < 0.5 : chance > 1 - CHANCE_CLAIM && chance < CHANCE_CLAIM;
  return agrees ? "agrees" : "reconciled";
}

function standings(goal: GoalResult, state: DecisionState, alpha: number, heldBack: HeldBack | null): ArmStanding[] {
  return goal.arms.map((arm) => {
    const mark: ArmMark | null = arm.isControl ? null : goal.primary ? primaryMark(arm, state, alpha, heldBack) : "exploratory";
    // An arm held back by money or a guardrail is decided on conversion rate, which is what its chance to win
    // reads: the chance agrees with that, and the held-back sentence says why nothing is decided.
    const held = mark !== null && heldBack !== null && heldBack.armId === arm.armId && heldBack.would !== "no-difference";
    const standing = held ? primaryMark(arm, state, alpha, null) : mark;
    return { armId: arm.armId, name: arm.name, isControl: arm.isControl, mark, chance: standing === null ? "hidden" : chanceShown(arm, standing, state, alpha) };
  });
}

/** The called lift: the shipped arm, or with the control ahead the least bad variant (what shipping it would cost). */
function calledLift(view: ResultsView, primary: GoalResult | undefined, state: DecisionState): CalledLift | null {
  if (!primary || (state !== "ship" && state !== "keep-control")) return null;
  const variants = primary.arms.filter((a) => !a.isControl && a.lift !== undefined);
  const arm =
    state === "ship"
      ? (variants.find((a) => a.armId === view.verdict.armId) ?? variants.find((a) => a.name === view.verdict.armName))
      : [...variants].sort((a, b) => (b.lift ?? 0) - (a.lift ?? 0))[0];
  if (!arm || arm.lift === undefined) return null;
  const bounded = arm.ciLow !== undefined && arm.ciHigh !== undefined && !arm.intervalUnbounded;
  return {
    armId: arm.armId,
    armName: arm.name,
    lift: arm.lift,
    ...(bounded && { ciLow: arm.ciLow, ciHigh: arm.ciHigh }),
    unbounded: !bounded,
    early: state === "ship" && (view.remaining.remainingUsers ?? 1) > 0,
    ...(arm.outage && { outage: true as const }),
  };
}

/** Days with a visitor in the daily series, first to last. */
function trafficDays(view: ResultsView): string[] {
  return view.daily.filter((d) => d.arms.some((a) => a.visitors > 0)).map((d) => d.day);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
}

/** Control's revenue per visitor as revenue per visitor's comparison reads it: capped at the test's cap. */
function comparedRevenuePerVisitor(control: ArmResult): number | null {
  if (control.visitors === 0) return null;
  return control.cappedRevenue !== undefined ? control.cappedRevenue / control.visitors : control.revenuePerVisitor;
}

/** Whether enough of an arm's orders have a known cost for its profit per visitor to stand for the arm. */
function costsKnown(arm: ArmResult): boolean {
  const p = arm.profit;
  if (!p || p.profitPerVisitor === null || p.costedOrders === 0) return false;
  return p.costedOrders / (p.costedOrders + p.uncostedOrders) >= PROFIT_COSTED_SHARE;
}

function monthlyWorth(view: ResultsView, primary: GoalResult | undefined, called: CalledLift | null): MonthlyWorth | null {
  const control = primary?.arms[0];
  const arm = primary?.arms.find((a) => a.armId === called?.armId);
  if (!called || !control || !primary || !arm) return null;
  // Money only where the primary goal has revenue: a sign-up's worth is not ours to guess. And only from revenue
  // per visitor's own comparison: before it can be read (too few orders, too skewed) there is no honest figure.
  const perVisitor = comparedRevenuePerVisitor(control);
  if (!primary.arms.some((a) => a.revenue !== 0) || !(perVisitor && perVisitor > 0) || arm.revenueLift === undefined) return null;
  const visitors = primary.arms.reduce((sum, a) => sum + a.visitors, 0);
  // The same pace as "how long to go": visitors over the days with rollups.
  const days = view.daily.length;
  if (days === 0 || visitors === 0) return null;
  const visitorsPerMonth = (visitors / days) * DAYS_PER_MONTH;
  const worth = (lift: number) => lift * perVisitor * visitorsPerMonth;
  const bounded = arm.revenueCiLow !== undefined && arm.revenueCiHigh !== undefined && !arm.revenueIntervalUnbounded;
  const revenue = { perMonth: worth(arm.revenueLift), ...(bounded && { low: worth(arm.revenueCiLow!), high: worth(arm.revenueCiHigh!) }) };
  if (costsKnown(control) && costsKnown(arm)) {
    const base = control.profit!.profitPerVisitor!;
    const profit = (arm.profit!.profitPerVisitor! - base) * visitorsPerMonth;
    // Profit per visitor's interval (profit-comparison.ts), where it has ends, in money as revenue's.
    const ends = arm.profitCiLow !== undefined && arm.profitCiHigh !== undefined && base > 0
      ? { low: arm.profitCiLow * base * visitorsPerMonth, high: arm.profitCiHigh * base * visitorsPerMonth }
      : {};
    return { currency: view.currency, metric: "profit", perMonth: profit, ...ends, visitorsPerMonth, revenue };
  }
  return { currency: view.currency, metric: "revenue", ...revenue, visitorsPerMonth };
}

const liftWithInterval = (lift: number | undefined, low: number | undefined, high: number | undefined): LiftWithInterval | null =>
  lift !== undefined && low !== undefined && high !== undefined ? { lift, ciLow: low, ciHigh: high } : null;

function moneyDisagreement(primary: GoalResult | undefined, called: CalledLift | null): MoneyDisagreement | null {
  const arm = primary?.arms.find((a) => a.armId === called?.armId);
  if (!arm || arm.outage) return null;
  const conversion = liftWithInterval(arm.lift, arm.intervalUnbounded ? undefined : arm.ciLow, arm.ciHigh);
  const revenuePerVisitor = liftWithInterval(arm.revenueLift, arm.revenueIntervalUnbounded ? undefined : arm.revenueCiLow, arm.revenueCiHigh);
  if (!conversion || !revenuePerVisitor) return null;
  const opposite =
    (conversion.ciLow > 0 && revenuePerVisitor.ciHigh < 0) || (conversion.ciHigh < 0 && revenuePerVisitor.ciLow > 0);
  return opposite ? { armName: arm.name, conversion, revenuePerVisitor } : null;
}

/** Whether less than a day has passed since traffic could start: the test's start, or its first day with a visitor. */
function underADay(view: ResultsView, firstDay: string, context: DecisionContext): boolean {
  const now = Date.parse(context.now ?? `${context.today.slice(0, 10)}T00:00:00Z`);
  const started = Math.max(view.test.startedAt ? Date.parse(view.test.startedAt) : -Infinity, Date.parse(`${firstDay.slice(0, 10)}T00:00:00Z`));
  return Number.isFinite(now) && now - started < FIRST_DAY_MS;
}

/** Days from now to a plan's sample at `pace` visitors a day, having `soFar`; null without a plan. */
function daysAtPace(plan: ReturnType<typeof planSample>, soFar: number, pace: number): number | null {
  return plan ? Math.max(0, plan.usersNeeded - soFar) / pace : null;
}

function advice(view: ResultsView, primary: GoalResult, remainingUsers: number, daysLeft: number): TimeToGoAdvice {
  const pace = remainingUsers / daysLeft;
  const arms = view.arms.map((a) => ({ id: a.armId, weight: a.weight }));
  const controlRate = primary.arms[0]?.rate ?? null;
  const visitors = primary.arms.reduce((sum, a) => sum + a.visitors, 0);
  const { minDetectableEffect: mde } = view.test;
  // This test with a larger MDE: its planned sample counts the visitors it already has.
  const tried = MDE_STEPS.filter((m) => m > mde)
    .map((m) => ({ mde: m, days: daysAtPace(planSample(arms, controlRate, m, view.alpha), visitors, pace) }))
    .filter((t): t is { mde: number; days: number } => t.days !== null);
  const larger = tried.find((t) => t.days <= LONG_TEST_DAYS) ?? tried[tried.length - 1] ?? null;
  // A goal more visitors reach, as a new test's primary goal: its visitors count from that test's start.
  const goals = view.goals
    .filter((g) => !g.primary && g.goal !== OTHER_GOAL)
    .map((g) => ({ goal: g.goal, rate: g.arms[0]?.rate ?? null, converted: g.arms[0]?.convertingVisitors ?? 0 }))
    .filter((g): g is { goal: string; rate: number; converted: number } => g.rate !== null && g.converted > 0 && controlRate !== null && g.rate > controlRate)
    .map((g) => ({ goal: g.goal, rate: g.rate, days: daysAtPace(planSample(arms, g.rate, mde, view.alpha), 0, pace) }))
    .filter((g): g is { goal: string; rate: number; days: number } => g.days !== null && g.days < daysLeft)
    .sort((a, b) => a.days - b.days);
  return { dailyVisitors: pace, mde: larger, goal: goals[0] ?? null };
}

function timeToGo(view: ResultsView, primary: GoalResult | undefined, state: DecisionState, lifecycle: Lifecycle, context: DecisionContext, metric: DecisionMetric): TimeToGo | null {
  if (DECIDED.has(state) || state === "srm" || state === "not-started" || lifecycle === "ended") return null;
  if (lifecycle === "paused") return { reason: "paused" };
  const control = primary?.arms[0];
  const days = trafficDays(view);
  const first = days[0];
  const last = days[days.length - 1];
  if (!primary || !control || first === undefined || last === undefined) return { reason: "no-visitors" };
  // The variants have visitors and control none: the plan starts from control's rate, which has no visitor yet.
  if (control.visitors === 0) return { reason: "no-control-visitors" };
  if (daysBetween(last, context.today) >= RECENT_TRAFFIC_DAYS) return { reason: "no-recent-traffic" };
  if (underADay(view, first, context)) return { reason: "first-day" };
  const { usersNeeded, remainingUsers, days: daysLeft } = view.remaining;
  if (usersNeeded === null || remainingUsers === null) {
    // profitPlan (profit-comparison.ts) makes none without control's profit per visitor above 0.
    if (metric === "profit per visitor") return { reason: "no-control-profit" };
    // planSample (stats.ts) makes no plan without a control rate, or when the MDE would take it past 100%.
    if (control.convertingVisitors === 0) return { reason: "no-control-conversion" };
    return { reason: "rate-past-100" };
  }
  if (remainingUsers === 0) return { reason: "planned-sample-reached" };
  if (daysLeft === null) return { reason: "no-recent-traffic" };
  return {
    days: daysLeft,
    remainingUsers,
    usersNeeded,
    // The advice plans on conversion rate (a larger MDE, another goal): no help to a decision on profit.
    ...(daysLeft > LONG_TEST_DAYS && metric === "conversion rate" && { advice: advice(view, primary, remainingUsers, daysLeft) }),
  };
}

/** With every arm past the minimum, still collecting means a comparison failed: name those variants. */
function notComparable(primary: GoalResult | undefined): string[] {
  const arms = primary?.arms ?? [];
  if (arms.some((a) => a.visitors < MIN_VISITORS_PER_ARM)) return [];
  return arms.filter((a) => !a.isControl && a.error !== undefined).map((a) => a.name);
}

export function decisionSummary(view: ResultsView, context: DecisionContext): DecisionSummary {
  const lifecycle = lifecycleOf(view.test.status);
  const state = stateOf(view, lifecycle);
  const metric = view.verdict.metric ?? "conversion rate";
  // On profit per visitor, the primary goal's arms are read through profit's comparison: the marks, the called lift.
  const proposed = (g: GoalResult): GoalResult => (g.primary && metric !== "conversion rate" ? { ...g, arms: g.arms.map((a) => asProposed(a, metric)) } : g);
  const primary = view.goals.map(proposed).find((g) => g.primary);
  const called = calledLift(view, primary, state);
  const heldBack = state === "keep-running" || state === "not-enough-evidence" ? (view.verdict.heldBack ?? null) : null;
  const goals = view.goals.map((g) => ({ goal: g.goal, primary: g.primary, arms: standings(proposed(g), state, view.alpha, heldBack) }));
  return {
    state,
    metric,
    lifecycle,
    decided: DECIDED.has(state),
    goal: primary?.goal ?? null,
    minDetectableEffect: view.test.minDetectableEffect,
    called,
    worth: monthlyWorth(view, primary, called),
    // Conversion rate against revenue: a decision on profit per visitor has weighed both already.
    moneyDisagreement: metric === "conversion rate" ? moneyDisagreement(primary, called) : null,
    timeToGo: timeToGo(view, primary, state, lifecycle, context, metric),
    goals,
    chanceNote: goals.some((g) => g.arms.some((a) => a.chance === "reconciled")),
    notComparable: state === "collecting" ? notComparable(primary) : [],
    heldBack,
    declaredWinner: lifecycle === "ended" ? (context.declaredWinner ?? null) : null,
    figures: (primary?.arms ?? []).map((a) => ({ name: a.name, visitors: a.visitors, convertingVisitors: a.convertingVisitors, rate: a.rate })),
    srmPValue: view.srm.pValue,
  };
}

/** The decided mark of the arm with this id on the primary goal ("not-yet" when unknown). */
export function primaryMarkOf(summary: DecisionSummary, armId: string): ArmMark {
  return summary.goals.find((g) => g.primary)?.arms.find((a) => a.armId === armId)?.mark ?? "not-yet";
}
