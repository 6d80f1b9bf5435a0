// Builds a test's results (ResultsView) from its daily rollups: goals in order, each arm's figures beside its
// comparison with control, the verdict, the daily series and the time to go.
import { DEFAULT_ALPHA } from "../stats";
import { dailySeries } from "./daily";
import { compareArms, sampleRatio, timeToGo } from "./stats";
import { emptyTotals, otherCurrencyRevenue, rollupDays, totalsPerArm, type RollupRow } from "./totals";
import { decideVerdict } from "./verdict";
import type { ArmResult, FlickerStats, GoalResult, ResultsView } from "./view";
import { verdictFor } from "./verdict-words";

export type { RollupRow } from "./totals";

export interface ResultsInput {
  test: ResultsView["test"];
  arms: Array<{ id: string; key: string; name: string; weight: number }>;
  goals: Array<{ label: string; isPrimary: boolean }>;
  currency: string;
  rollups: RollupRow[];
  flicker: FlickerStats[];
  alpha?: number;
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

function goalResult(input: ResultsInput, alpha: number, goal: string, primary: boolean): GoalResult {
  const totals = totalsPerArm(input.rollups, input.arms.map((a) => a.id), input.currency, goal);
  const comparisons = compareArms(input.arms, totals, alpha);
  return {
    goal,
    primary,
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
        revenuePerVisitor: t.visitors > 0 ? t.revenue / t.visitors : null,
        averageOrderValue: t.siteCurrencyConversions > 0 && t.revenue !== 0 ? t.revenue / t.siteCurrencyConversions : null,
        ...comparisons[i],
      };
    }),
  };
}

export function buildResults(input: ResultsInput): ResultsView {
  const alpha = input.alpha ?? DEFAULT_ALPHA;
  const goals = goalOrder(input).map(({ goal, primary }) => goalResult(input, alpha, goal, primary));
  const primary = goals.find((g) => g.primary);
  const visitors = totalsPerArm(input.rollups, input.arms.map((a) => a.id), input.currency, null).map((t) => t.visitors);
  const srm = sampleRatio(input.arms, visitors);
  const remaining = timeToGo({
    arms: input.arms,
    controlRate: primary ? primary.arms[0]?.rate : null,
    visitors: primary?.arms.reduce((sum, a) => sum + a.visitors, 0) ?? 0,
    days: rollupDays(input.rollups).length,
    minDetectableEffect: input.test.minDetectableEffect,
    alpha,
  });
  const verdict = verdictFor(
    decideVerdict({ srm, primary, remaining, alpha, minDetectableEffect: input.test.minDetectableEffect }),
  );
  return {
    test: input.test,
    currency: input.currency,
    alpha,
    arms: input.arms.map((a, i) => ({ armId: a.id, key: a.key, name: a.name, weight: a.weight, isControl: i === 0 })),
    srm,
    verdict,
    goals,
    daily: dailySeries({ arms: input.arms, rollups: input.rollups, currency: input.currency, goal: primary?.goal ?? null, alpha }),
    flicker: input.flicker,
    remaining,
    otherCurrencies: otherCurrencyRevenue(input.rollups, input.currency),
  };
}
