// The shape of a test's results as the results page, the CSV export and their tests read it.
import type { VariantComparison } from "../stats";
import type { MoneySource } from "../events/money-source";
import type { ArmProfit } from "./profit";

/** What an arm's row counts, on the whole test (ArmResult) or in one segment (segments.ts, SegmentArm). */
export interface ArmCounts {
  armId: string;
  name: string;
  isControl: boolean;
  /** Visitors exposed to the test in this arm (the statistics' "users"). */
  visitors: number;
  convertingVisitors: number;
  conversions: number;
  /** convertingVisitors / visitors; null without visitors. */
  rate: number | null;
}

/**
 * One arm's results. Its `VariantComparison` is the conversion rate's against control (variants only): the
 * relative lift and its always-valid interval at 1 − alpha (α/(k − 1) with several variants), Fieller's, so
 * never below −100%; the always-valid (sequential) p-value of the rate difference, Bonferroni-adjusted across
 * variants (× (k − 1)), below alpha exactly when the interval excludes 0; and `outage` when this arm or
 * control converted nobody (or everybody) while the other did not, with `lift` and `pValue` from the
 * pooled-variance test (stats/outage.ts) and no interval.
 */
export interface ArmResult extends ArmCounts, VariantComparison {
  key: string;
  /** Revenue in the site's currency (gross: as the conversions were recorded). */
  revenue: number;
  /** Revenue less what was later refunded or cancelled (Shopify orders); equals revenue elsewhere. */
  netRevenue: number;
  /** netRevenue / visitors; null without visitors. */
  netRevenuePerVisitor: number | null;
  /** Orders (conversions in the site's currency) later refunded in part or in full, or cancelled. */
  refundedOrders: number;
  /** refundedOrders / those conversions; null without any. */
  refundShare: number | null;
  /** Conversions in the site's currency (on Shopify, its orders): the refund share's denominator. */
  siteCurrencyConversions: number;
  revenuePerVisitor: number | null;
  /**
   * Σ and Σ² of each visitor's revenue capped at the test's cap (site currency): what revenue per visitor's
   * comparison reads, kept so the guardrails can read it again at their own level (guardrails.ts). Absent on
   * views built before it was kept.
   */
  cappedRevenue?: number;
  cappedRevenueSquares?: number;
  /** Revenue / conversions in the site's currency; null when there is no revenue. */
  averageOrderValue: number | null;
  /** Bayesian chance that this arm's rate beats control's (proper prior); only after the minimum data. */
  chanceToWin?: number;
  /** Revenue per visitor against control (variants, when there is revenue). */
  revenueLift?: number;
  revenueCiLow?: number;
  revenueCiHigh?: number;
  revenueIntervalUnbounded?: true;
  /**
   * Average order value (capped) minus control's, in the site's currency, with its always-valid interval
   * (variants, from 10 orders in both arms).
   */
  aovDifference?: number;
  aovDifferenceLow?: number;
  aovDifferenceHigh?: number;
  /** Why no comparison could be computed ("no-users", "zero-variance", …). */
  error?: string;
  /** Profit and subscription orders (profit.ts), for a goal that counts Shopify orders. */
  profit?: ArmProfit;
  /**
   * Profit per visitor against control (variants; profit-comparison.ts): the relative lift, its always-valid interval
   * and p-value, adjusted across variants as the rate's. Only once every arm's orders are costed (95%), its per-visitor
   * sums kept, 10 costed orders in the pair and the difference near-normal.
   */
  profitLift?: number;
  profitCiLow?: number;
  profitCiHigh?: number;
  profitIntervalUnbounded?: true;
  profitPValue?: number;
}

export interface GoalResult {
  goal: string;
  primary: boolean;
  /**
   * The goal's orders carry profit's per-visitor sums in every arm, costed enough (profit-comparison.ts,
   * profitDecidable): a price test then decides on profit per visitor. Absent: no.
   */
  profitDecidable?: true;
  /**
   * Where its conversions and money come from (events/money-source.ts): signed Shopify orders, the merchant's server,
   * or the browser. Absent on views built before it was kept: the browser.
   */
  source?: MoneySource;
  arms: ArmResult[];
  /** The share of revenue per visitor's variance CUPED removed (0 to 1), when the covariate was kept. */
  cupedVarianceReduction?: number;
}

export type VerdictKind = "collecting" | "not-enough-evidence" | "variant-ahead" | "control-ahead" | "no-difference" | "srm";

/**
 * A decision the conversion rate supports but another metric does not (yet): revenue per visitor on the primary
 * goal, or a guardrail goal's rate or revenue per visitor. The page names it instead of deciding.
 */
export interface HeldBack {
  /** What the conversion rate alone would decide. */
  would: "ship" | "keep-control" | "no-difference";
  metric: "conversion rate" | "revenue per visitor";
  goal: string;
  armId: string;
  armName: string;
  /** The metric's interval (relative lift); absent when there is none yet (too few data, or too skewed to read). */
  ciLow?: number;
  ciHigh?: number;
  /** The margin it must be shown within: the test's minimum detectable effect. */
  margin: number;
}

/**
 * What proposes the decision on the primary goal: its conversion rate (every test), or profit per visitor (a price
 * test whose orders are costed: a lower price converts more whatever it earns, docs/results.md, "Price tests").
 */
export type DecisionMetric = "conversion rate" | "profit per visitor";

export interface Verdict {
  kind: VerdictKind;
  /** What decided it; absent on views from before profit could: conversion rate. */
  metric?: DecisionMetric;
  /** One plain sentence for the merchant. */
  text: string;
  /** The leading arm for variant-ahead / control-ahead. */
  armName?: string;
  /** Its id, for finding its row (arm names may repeat). */
  armId?: string;
  chanceToWin?: number;
  /** Not enough evidence because revenue per visitor or a guardrail does not yet agree with conversion rate. */
  heldBack?: HeldBack;
}

export interface DailyPoint {
  day: string;
  arms: Array<{
    armId: string;
    /** Visitors first exposed that day. */
    visitors: number;
    cumulativeVisitors: number;
    cumulativeConvertingVisitors: number;
    /** Cumulative conversion rate of the primary goal; null before the first visitor. */
    cumulativeRate: number | null;
    /** Cumulative relative lift against control with its always-valid interval (variants only). */
    lift?: number;
    ciLow?: number;
    ciHigh?: number;
  }>;
}

export interface FlickerStats {
  armId: string;
  exposures: number;
  medianMsToApply: number | null;
  p95MsToApply: number | null;
  medianMsHidden: number | null;
  p95MsHidden: number | null;
}

export interface FunnelStep {
  label: string;
  name: string;
  /** Exposed visitors of this arm who reached the step (its goal's converting visitors). */
  visitors: number;
  /** visitors / the arm's exposed visitors; null without exposed visitors. */
  rate: number | null;
  /**
   * visitors / the previous step's visitors; null on the first step or when the previous step has none.
   * Steps are counted apart, so it may pass 100% (a purchase the pixel saw no product view of).
   */
  fromPrevious: number | null;
  /** The step's rate against control (variants): the goal's lift and always-valid interval, as on its own table. */
  lift?: number;
  ciLow?: number;
  ciHigh?: number;
  intervalUnbounded?: true;
}

export interface FunnelArm {
  armId: string;
  key: string;
  name: string;
  isControl: boolean;
  /** Visitors exposed to the test in this arm. */
  visitors: number;
  steps: FunnelStep[];
}

export interface Funnel {
  steps: Array<{ label: string; name: string }>;
  arms: FunnelArm[];
}

export interface ResultsView {
  test: {
    id: string;
    name: string;
    status: string;
    startedAt: string | null;
    pages: string[];
    trafficPercent: number;
    minDetectableEffect: number;
    /** Who the numbers are for: the test's audience in words ("Everyone" without rules); absent: everyone. */
    audience?: string;
  };
  currency: string;
  alpha: number;
  arms: Array<{ armId: string; key: string; name: string; weight: number; isControl: boolean }>;
  srm: { pValue: number | null; mismatch: boolean };
  verdict: Verdict;
  /** Primary goal first, then the test's other goals, then labels seen only in conversions. */
  goals: GoalResult[];
  /** The primary goal over time (cumulative), for the charts. */
  daily: DailyPoint[];
  flicker: FlickerStats[];
  /** How long to go for the primary goal at the test's minimum detectable effect and 80% power. */
  remaining: { usersNeeded: number | null; remainingUsers: number | null; days: number | null };
  /** Revenue in currencies other than the site's, never converted: per goal and arm. */
  otherCurrencies: Array<{ goal: string; armId: string; currency: string; conversions: number; revenue: number }>;
  /** The amount each visitor's revenue counts up to (site currency), fixed when the test started; null: not capped. */
  revenueCap?: { amount: number; source: "setting" | "p99" } | null;
  /** Shopify's funnel per arm (funnel.ts); null or absent when the web pixel has no step to show. */
  funnel?: Funnel | null;
}
