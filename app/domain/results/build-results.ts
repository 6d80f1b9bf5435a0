// Builds a test's results (ResultsView) from its daily rollups: goals in order, each arm's figures beside its
// comparison with control, the verdict, the daily series and the time to go.
import { MAX_GOAL_LABELS, OTHER_GOAL } from "../events/goal-labels";
import { DEFAULT_ALPHA, type PriorInput } from "../stats";
import { dailySeries } from "./daily";
import { funnelOf } from "./funnel";
import { moneySource, type MoneySourceSite } from "../events/money-source";
import { orderSumsPerArm, profitPerArm } from "./profit";
import { compareProfit, profitDecidable, profitMomentsPerArm, profitPlan } from "./profit-comparison";
import { compareArms, compareAov, comparisonSettings, revenueVarianceRemoved, sampleRatio, timeToGo, type ComparisonSettings } from "./stats";
import { emptyTotals, otherCurrencyRevenue, rollupDays, totalsPerArm, type RollupRow } from "./totals";
import { decideVerdict } from "./verdict";
import type { ArmResult, DecisionMetric, FlickerStats, GoalResult, ResultsView } from "./view";
import { verdictFor } from "./verdict-words";

export type { RollupRow } from "./totals";

export interface ResultsInput {
  test: ResultsView["test"];
  arms: Array<{ id: string; key: string; name: string; weight: number }>;
  /** Configured goals; `isGuardrail` marks "must not get worse" (the verdict waits for them, docs/results.md). */
  goals: Array<{ label: string; isPrimary: boolean; isGuardrail?: boolean }>;
  currency: string;
  /** The test's site, for where each goal's money comes from (events/money-source.ts); absent: a web site counting nothing from its server. */
  site?: MoneySourceSite;
  rollups: RollupRow[];
  flicker: FlickerStats[];
  alpha?: number;
  /** The shop's prior on the relative effect for chance to win; the engine's default when absent. */
  prior?: PriorInput;
  revenueCap?: ResultsView["revenueCap"];
  /**
   * A price test (an arm charges a price of its own): it decides on profit per visitor wherever its orders allow
   * (profit-comparison.ts, profitDecidable), since a lower price converts more whatever it earns.
   */
  decidesOnProfit?: boolean;
}

/**
 * Configured goals with the primary first, then labels seen only in conversions (a goal renamed or never
 * configured still has data worth showing). Without a configured goal the first such label is primary.
 */
function goalOrder(input: ResultsInput): Array<{ goal: string; primary: boolean }> {
  const configured = [...input.goals].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  const seen = new Set(configured.map((g) => g.label));
  const extra = [...new Set(input.rollups.map((r) => r.goal).filter((g) => g !== "" && !seen.has(g)))].sort();
  const primary = configured[0]?.label ?? extra[0];
  return [...configured.map((g) => g.label), ...extra].map((goal) => ({ goal, primary: goal === primary }));
}

function goalResult(input: ResultsInput, rowsOfGoal: readonly RollupRow[], settings: ComparisonSettings, goal: string, primary: boolean): GoalResult {
  const totals = totalsPerArm(rowsOfGoal, input.arms.map((a) => a.id), input.currency, goal);
  const comparisons = compareArms(input.arms, totals, settings);
  const aov = compareAov(input.arms, totals, settings);
  const removed = totals.some((t) => t.cappedRevenue !== 0) ? revenueVarianceRemoved(totals) : null;
  const profits = profitPerArm(orderSumsPerArm(rowsOfGoal, input.arms.map((a) => a.id), input.currency, goal), totals);
  const moments = profits ? profitMomentsPerArm(rowsOfGoal, input.arms.map((a) => a.id), input.currency, goal) : null;
  const profitComparisons = moments ? compareProfit(input.arms, moments, settings) : [];
  return {
    goal,
    primary,
    ...(moments && profitDecidable(moments) && { profitDecidable: true as const }),
    source: moneySource(goal, input.site ?? { kind: "web" }),
    ...(removed !== null && { cupedVarianceReduction: removed }),
    arms: input.arms.map((arm, i): ArmResult => {
      const t = totals[i] ?? emptyTotals();
      return {
        armId: arm.id,
        key: arm.key,
        name: arm.name,
        isControl: i === 0,
        visitors: t.visitors,
        convertingVisitors: t.convertingVisitors,
        conversions: t.conversions,
        rate: t.visitors > 0 ? t.convertingVisitors / t.visitors : null,
        revenue: t.revenue,
        netRevenue: t.revenue - t.refunded,
        netRevenuePerVisitor: t.visitors > 0 ? (t.revenue - t.refunded) / t.visitors : null,
        refundedOrders: t.refundedOrders,
        refundShare: t.siteCurrencyConversions > 0 ? t.refundedOrders / t.siteCurrencyConversions : null,
        siteCurrencyConversions: t.siteCurrencyConversions,
        revenuePerVisitor: t.visitors > 0 ? t.revenue / t.visitors : null,
        cappedRevenue: t.cappedRevenue,
        cappedRevenueSquares: t.cappedRevenueSquares,
        averageOrderValue: t.siteCurrencyConversions > 0 && t.revenue !== 0 ? t.revenue / t.siteCurrencyConversions : null,
        ...comparisons[i],
        ...aov[i],
        ...(profits?.[i] && { profit: profits[i] }),
        ...profitComparisons[i],
      };
    }),
  };
}

/**
 * The rollups with at most MAX_GOAL_LABELS labels besides the configured goals: the most converted ones,
 * the rest counted under OTHER_GOAL (ingestion already counts so; this bounds the page for rows stored
 * before it did, or by several instances at once). Linear in the rows.
 */
export function boundGoals(rollups: readonly RollupRow[], configured: ReadonlySet<string>, max = MAX_GOAL_LABELS): RollupRow[] {
  const conversions = new Map<string, number>();
  for (const r of rollups) if (r.goal !== "" && !configured.has(r.goal)) conversions.set(r.goal, (conversions.get(r.goal) ?? 0) + r.conversions);
  if (conversions.size <= max) return [...rollups];
  const kept = new Set(
    [...conversions]
      .filter(([goal]) => goal !== OTHER_GOAL)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, max - 1)
      .map(([goal]) => goal),
  );
  return rollups.map((r) => (r.goal === "" || configured.has(r.goal) || kept.has(r.goal) ? r : { ...r, goal: OTHER_GOAL }));
}

export function buildResults(unbounded: ResultsInput): ResultsView {
  const input = { ...unbounded, rollups: boundGoals(unbounded.rollups, new Set(unbounded.goals.map((g) => g.label))) };
  const alpha = input.alpha ?? DEFAULT_ALPHA;
  // Each goal's rows (with the exposure rows, which give the visitors) apart, so the page costs the rows
  // plus the goals, not their product.
  const byGoal = new Map<string, RollupRow[]>();
  for (const r of input.rollups) {
    const rows = byGoal.get(r.goal);
    if (rows) rows.push(r);
    else byGoal.set(r.goal, [r]);
  }
  const exposureRows = byGoal.get("") ?? [];
  const order = goalOrder(input);
  const rowsOf = (goal: string) => [...exposureRows, ...(byGoal.get(goal) ?? [])];
  // The plan comes first: the always-valid sequence of every goal is tuned to the primary goal's planned sample.
  const primaryGoal = order.find((g) => g.primary)?.goal;
  const control = primaryGoal === undefined ? undefined : totalsPerArm(rowsOf(primaryGoal), input.arms.slice(0, 1).map((a) => a.id), input.currency, primaryGoal)[0];
  const settings = comparisonSettings(input.arms, control, input.test.minDetectableEffect, alpha, input.prior);
  const goals = order.map(({ goal, primary }) => goalResult(input, rowsOf(goal), settings, goal, primary));
  const primary = goals.find((g) => g.primary);
  const visitors = totalsPerArm(input.rollups, input.arms.map((a) => a.id), input.currency, null).map((t) => t.visitors);
  const srm = sampleRatio(input.arms, visitors);
  const metric: DecisionMetric = input.decidesOnProfit && primary?.profitDecidable ? "profit per visitor" : "conversion rate";
  const remaining = timeToGo({
    arms: input.arms,
    controlRate: primary ? primary.arms[0]?.rate : null,
    visitors: primary?.arms.reduce((sum, a) => sum + a.visitors, 0) ?? 0,
    days: rollupDays(input.rollups).length,
    minDetectableEffect: input.test.minDetectableEffect,
    alpha,
    ...(metric === "profit per visitor" && primaryGoal !== undefined && {
      plan: profitPlan(input.arms, profitMomentsPerArm(rowsOf(primaryGoal), input.arms.slice(0, 1).map((a) => a.id), input.currency, primaryGoal)[0], input.test.minDetectableEffect, alpha),
    }),
  });
  const guarded = new Set(input.goals.filter((g) => g.isGuardrail).map((g) => g.label));
  const guardrails = goals.filter((g) => guarded.has(g.goal) && !g.primary);
  const verdict = verdictFor(
    decideVerdict({ srm, primary, remaining, alpha, minDetectableEffect: input.test.minDetectableEffect, guardrails, metric }),
    metric,
  );
  return {
    test: input.test,
    currency: input.currency,
    alpha,
    arms: input.arms.map((a, i) => ({ armId: a.id, key: a.key, name: a.name, weight: a.weight, isControl: i === 0 })),
    srm,
    verdict,
    goals,
    daily: dailySeries({ arms: input.arms, rollups: input.rollups, currency: input.currency, goal: primary?.goal ?? null, settings }),
    flicker: input.flicker,
    remaining,
    otherCurrencies: otherCurrencyRevenue(input.rollups, input.currency),
    revenueCap: input.revenueCap ?? null,
    funnel: funnelOf(goals),
  };
}
