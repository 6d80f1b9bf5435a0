// Builds a test's results (ResultsView) from its daily rollups: totals per arm and goal, the
// statistics engine's comparisons, the verdict, the daily series and how long the test still needs.
import { analyze, daysToGo, isSampleRatioMismatch, sampleRatioTest, usersPerArmForRate } from "./stats";
import type { AnalysisOutput, VariantArmOutput } from "./stats";
import type { ArmResult, DailyPoint, FlickerStats, GoalResult, ResultsView, Verdict } from "./results-view";

export interface RollupRow {
  armId: string;
  /** "" for the exposure rows. */
  goal: string;
  day: string;
  currency: string;
  exposures: number;
  exposedVisitors: number;
  convertingVisitors: number;
  conversions: number;
  revenue: number;
  revenueSquares: number;
}

export interface ResultsInput {
  test: ResultsView["test"];
  arms: Array<{ id: string; key: string; name: string; weight: number }>;
  goals: Array<{ label: string; isPrimary: boolean }>;
  currency: string;
  rollups: RollupRow[];
  flicker: FlickerStats[];
  alpha?: number;
}

/** Below this many visitors in every arm, the page says it is still collecting rather than judging. */
export const MIN_VISITORS_PER_ARM = 100;

interface Totals {
  visitors: number;
  convertingVisitors: number;
  conversions: number;
  revenue: number;
  revenueSquares: number;
  /** Conversions recorded in the site's currency (AOV's denominator). */
  siteCurrencyConversions: number;
}

const zero = (): Totals => ({ visitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, siteCurrencyConversions: 0 });

function goalOrder(input: ResultsInput): Array<{ goal: string; primary: boolean }> {
  const configured = [...input.goals].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  const seen = new Set(configured.map((g) => g.label));
  const extra = [...new Set(input.rollups.map((r) => r.goal).filter((g) => g !== "" && !seen.has(g)))].sort();
  const primary = configured[0]?.label ?? extra[0];
  return [...configured.map((g) => g.label), ...extra].map((goal) => ({ goal, primary: goal === primary }));
}

function totalsFor(input: ResultsInput, goal: string, upToDay?: string): Map<string, Totals> {
  const totals = new Map(input.arms.map((a) => [a.id, zero()]));
  for (const row of input.rollups) {
    if (upToDay && row.day > upToDay) continue;
    const t = totals.get(row.armId);
    if (!t) continue;
    if (row.goal === "") t.visitors += row.exposedVisitors;
    else if (row.goal === goal) {
      t.convertingVisitors += row.convertingVisitors;
      t.conversions += row.conversions;
      if (row.currency === input.currency) {
        t.revenue += row.revenue;
        t.revenueSquares += row.revenueSquares;
        t.siteCurrencyConversions += row.conversions;
      }
    }
  }
  return totals;
}

function compare(input: ResultsInput, totals: Totals[], metric: "binomial" | "mean", method: "frequentist" | "bayesian"): AnalysisOutput | null {
  if (input.arms.length < 2) return null;
  return analyze({
    metric,
    method,
    sequential: method === "frequentist",
    alpha: input.alpha ?? 0.05,
    arms: input.arms.map((arm, i) => {
      const t = totals[i] ?? zero();
      return metric === "binomial"
        ? { name: arm.id, users: t.visitors, sum: Math.min(t.convertingVisitors, t.visitors) }
        : { name: arm.id, users: t.visitors, sum: t.revenue, sumSquares: t.revenueSquares };
    }),
  });
}

const variant = (output: AnalysisOutput | null, i: number): VariantArmOutput | undefined =>
  i === 0 ? undefined : (output?.arms[i] as VariantArmOutput | undefined);

function goalResult(input: ResultsInput, goal: string, primary: boolean): GoalResult {
  const byArm = totalsFor(input, goal);
  const totals = input.arms.map((a) => byArm.get(a.id) ?? zero());
  const rate = compare(input, totals, "binomial", "frequentist");
  const chance = compare(input, totals, "binomial", "bayesian");
  const hasRevenue = totals.some((t) => t.revenue !== 0);
  const revenue = hasRevenue ? compare(input, totals, "mean", "frequentist") : null;
  return {
    goal,
    primary,
    arms: input.arms.map((arm, i): ArmResult => {
      const t = totals[i] ?? zero();
      const freq = variant(rate, i);
      const bayes = variant(chance, i);
      const rev = variant(revenue, i);
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
        revenuePerVisitor: t.visitors > 0 ? t.revenue / t.visitors : null,
        averageOrderValue: t.siteCurrencyConversions > 0 && t.revenue !== 0 ? t.revenue / t.siteCurrencyConversions : null,
        ...(freq?.error ? { error: freq.error } : {}),
        ...(freq && !freq.error && { lift: freq.lift, ciLow: freq.ciLow, ciHigh: freq.ciHigh, pValue: freq.pValue }),
        ...(bayes && !bayes.error && { chanceToWin: bayes.chanceToWin }),
        ...(rev && !rev.error && { revenueLift: rev.lift, revenueCiLow: rev.ciLow, revenueCiHigh: rev.ciHigh }),
      };
    }),
  };
}

function daily(input: ResultsInput, goal: string | undefined): DailyPoint[] {
  const days = [...new Set(input.rollups.map((r) => r.day))].sort();
  return days.map((day) => {
    const byArm = totalsFor(input, goal ?? "\u0000", day);
    const totals = input.arms.map((a) => byArm.get(a.id) ?? zero());
    const cumulative = goal ? compare(input, totals, "binomial", "frequentist") : null;
    return {
      day,
      arms: input.arms.map((arm, i) => {
        const t = totals[i] ?? zero();
        const visitors = input.rollups
          .filter((r) => r.day === day && r.armId === arm.id && r.goal === "")
          .reduce((sum, r) => sum + r.exposedVisitors, 0);
        const v = variant(cumulative, i);
        return {
          armId: arm.id,
          visitors,
          cumulativeVisitors: t.visitors,
          cumulativeConvertingVisitors: t.convertingVisitors,
          cumulativeRate: t.visitors > 0 ? t.convertingVisitors / t.visitors : null,
          ...(v && !v.error && { lift: v.lift, ciLow: v.ciLow, ciHigh: v.ciHigh }),
        };
      }),
    };
  });
}

function remaining(input: ResultsInput, primary: GoalResult | undefined, dayCount: number): ResultsView["remaining"] {
  const control = primary?.arms[0];
  const visitors = primary?.arms.reduce((sum, a) => sum + a.visitors, 0) ?? 0;
  const rate = control?.rate;
  if (!primary || rate == null || !(rate > 0 && rate < 1) || input.arms.length < 2 || input.test.minDetectableEffect <= 0) {
    return { usersNeeded: null, remainingUsers: null, days: null };
  }
  const perArm = usersPerArmForRate(rate, input.test.minDetectableEffect, { alpha: input.alpha ?? 0.05, power: 0.8 });
  const weights = input.arms.map((a) => a.weight);
  const result = daysToGo({
    usersPerArm: perArm,
    usersSoFar: visitors,
    dailyUsers: dayCount > 0 ? visitors / dayCount : 0,
    ...(weights.every((w) => w > 0) ? { weights } : { arms: input.arms.length }),
  });
  return { usersNeeded: result.usersNeeded, remainingUsers: result.remainingUsers, days: result.days };
}

function percent(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function verdict(input: ResultsInput, srm: ResultsView["srm"], primary: GoalResult | undefined, left: ResultsView["remaining"]): Verdict {
  if (srm.mismatch) {
    return {
      kind: "srm",
      text:
        "Sample ratio mismatch: visitors are not split between the arms as configured " +
        `(p = ${srm.pValue?.toExponential(1)}). Do not trust these results until the cause is found.`,
    };
  }
  const alpha = input.alpha ?? 0.05;
  const arms = primary?.arms ?? [];
  if (!primary || arms.some((a) => a.visitors < MIN_VISITORS_PER_ARM) || arms.every((a) => a.conversions === 0)) {
    return { kind: "collecting", text: `Collecting data: each arm needs at least ${MIN_VISITORS_PER_ARM} visitors and some conversions before we judge.` };
  }
  const variants = arms.slice(1).filter((a) => a.pValue !== undefined && a.lift !== undefined);
  const winners = variants.filter((a) => (a.pValue ?? 1) < alpha && (a.lift ?? 0) > 0);
  const best = winners.sort((a, b) => (b.chanceToWin ?? 0) - (a.chanceToWin ?? 0))[0];
  if (best) {
    return {
      kind: "variant-ahead",
      armName: best.name,
      ...(best.chanceToWin !== undefined && { chanceToWin: best.chanceToWin }),
      text: `${best.name} is ahead on ${primary.goal}: ${percent(best.chanceToWin ?? 0)} chance to beat control, lift ${percent(best.lift ?? 0)} (${percent(best.ciLow ?? 0)} to ${percent(best.ciHigh ?? 0)}).`,
    };
  }
  const losers = variants.filter((a) => (a.pValue ?? 1) < alpha && (a.lift ?? 0) < 0);
  if (losers.length === variants.length && losers.length > 0) {
    const control = arms[0];
    return {
      kind: "control-ahead",
      ...(control && { armName: control.name }),
      text: `Control is ahead on ${primary.goal}: every variant converts worse.`,
    };
  }
  if (left.remainingUsers === 0) {
    return { kind: "no-difference", text: `No detectable difference on ${primary.goal} at the minimum detectable effect of ${percent(input.test.minDetectableEffect)}.` };
  }
  const more = left.remainingUsers !== null ? ` About ${left.remainingUsers.toLocaleString("en")} more visitors` : "";
  const days = left.days !== null ? ` (about ${Math.ceil(left.days)} days at current traffic)` : "";
  return { kind: "collecting", text: `Collecting data: no arm is ahead yet.${more}${more && days}${more ? " are needed to detect the minimum effect." : ""}` };
}

export function buildResults(input: ResultsInput): ResultsView {
  const goals = goalOrder(input).map(({ goal, primary }) => goalResult(input, goal, primary));
  const primary = goals.find((g) => g.primary);
  const visitors = input.arms.map((a) => totalsFor(input, "")
    .get(a.id)?.visitors ?? 0);
  const srmTest = input.arms.length >= 2 && visitors.some((v) => v > 0)
    ? sampleRatioTest(visitors, input.arms.every((a) => a.weight > 0) ? input.arms.map((a) => a.weight) : undefined)
    : null;
  const srm = { pValue: srmTest?.pValue ?? null, mismatch: srmTest ? isSampleRatioMismatch(srmTest.pValue) : false };
  const series = daily(input, primary?.goal);
  const left = remaining(input, primary, series.length);
  const otherCurrencies: ResultsView["otherCurrencies"] = [];
  for (const row of input.rollups) {
    if (row.goal === "" || row.currency === input.currency || row.revenue === 0) continue;
    const entry = otherCurrencies.find((o) => o.goal === row.goal && o.armId === row.armId && o.currency === row.currency);
    if (entry) {
      entry.conversions += row.conversions;
      entry.revenue += row.revenue;
    } else otherCurrencies.push({ goal: row.goal, armId: row.armId, currency: row.currency, conversions: row.conversions, revenue: row.revenue });
  }
  return {
    test: input.test,
    currency: input.currency,
    alpha: input.alpha ?? 0.05,
    arms: input.arms.map((a, i) => ({ armId: a.id, key: a.key, name: a.name, weight: a.weight, isControl: i === 0 })),
    srm,
    verdict: verdict(input, srm, primary, left),
    goals,
    daily: series,
    flicker: input.flicker,
    remaining: left,
    otherCurrencies,
  };
}
