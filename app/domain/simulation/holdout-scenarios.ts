// The store-wide holdout's lines of the validity simulation: a holdout run simulated day by day as its rollups
// hold it, read every day through the holdout page's own code (holdoutPeriod, startsWithRun, compareHoldout)
// with the page's default period, and what the merchant was shown at each read.
import { compareHoldout, holdoutPeriod, startsWithRun, type HoldoutComparison, type Period, type SideSums } from "../results/holdout";
import { normalCdf } from "../stats";
import { bernoulli, logMean, orderValue, type OrderValue } from "../random/draws";
import { DEFAULT_VISITOR } from "./generators";
import type { Rng } from "../random/prng";
import { REVENUE_CAP, type Line, type Scenario } from "./scenario";
import type { Target } from "./table";

/** The holdout's share of visitors, in percent. */
export const HOLDOUT_PERCENT = 5;
/** Days the run is read, once a day at its end. */
export const HOLDOUT_DAYS = 120;
/**
 * A mid-sized shop: 20,000 new visitors a day, so that Kohavi's rule for capped revenue per visitor (about
 * 54,000 visitors on the holdout side for the default shop) is met within the 120 days and the revenue
 * line measures intervals that were shown.
 */
export const HOLDOUT_DAILY_VISITORS = 20_000;
/** A smaller shop, where each side's first 30 conversions take a few days: 2,000 new visitors a day. */
export const SMALLER_DAILY_VISITORS = 2000;
/** A small shop for the one-sided case: 200 new visitors a day (4,000 by day 20, as in issue 34). */
export const SMALL_DAILY_VISITORS = 200;
/** The store-wide effect of the power lines: everyone else converts 5% more often than the holdout (relative). */
export const STORE_EFFECT = 0.05;
/** A converting visitor converts on the day of their first visit with this probability, else days later. */
const SAME_DAY = 0.6;
/** Mean delay, in days, of those who convert later (1 + a geometric number of days). */
const LATER_MEAN_DAYS = 3;

const DAY_MS = 86_400_000;
/** The run began mid-morning on its first day (UTC); each read is at the end of a day. */
const RUN_START = Date.UTC(2026, 0, 5, 9, 30);
const readTime = (day: number) => new Date(RUN_START + day * DAY_MS + 14 * 3_600_000);
const dayIndex = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.UTC(2026, 0, 5)) / DAY_MS);

/** Successes in n Bernoulli(p) trials, by geometric skips between successes: exact, O(np + 1) draws. */
export function binomial(rng: Rng, n: number, p: number): number {
  if (!(p > 0) || n <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(rng, n, 1 - p);
  const logQ = Math.log(1 - p);
  let successes = 0;
  // The trial of the next success: 1 + Geometric(p) trials after the last one.
  for (let at = Math.floor(Math.log(1 - rng.next()) / logQ) + 1; at <= n; at += Math.floor(Math.log(1 - rng.next()) / logQ) + 1) successes++;
  return successes;
}

/** E[min(X, cap)] for a lognormal order X: the capped mean a true lift of the conversion rate scales. */
export function cappedOrderMean(order: OrderValue, cap: number): number {
  const mu = logMean(order);
  const s = order.logSd;
  const z = (Math.log(cap) - mu) / s;
  return Math.exp(mu + (s * s) / 2) * normalCdf(z - s) + cap * (1 - normalCdf(z));
}

export interface HoldoutRunSpec {
  dailyVisitors: number;
  days: number;
  /** Each side's conversion rate; everything else (orders, cap) is the default shop's. */
  holdoutRate: number;
  restRate: number;
  /** The period each read asks for (the page's default when absent: no query). */
  query?: (day: number) => { from?: string; to?: string };
}

/** One day's rollup sums of one side, indexed by the day they are kept under. */
type DayRows = SideSums[];

const emptySide = (): SideSums => ({ visitors: 0, converters: 0, revenue: 0, cappedRevenue: 0, cappedRevenueSquares: 0, cappedRevenueCubes: 0 });

/** Conversions of one side's visitors first seen on `day`: kept under the day each conversion happens. */
function convert(rng: Rng, rows: DayRows, day: number, visitors: number, rate: number, order: OrderValue): void {
  const converters = binomial(rng, visitors, rate);
  for (let i = 0; i < converters; i++) {
    let on = day;
    if (!bernoulli(rng, SAME_DAY)) on += 1 + Math.floor(Math.log(1 - rng.next()) / Math.log(1 - 1 / LATER_MEAN_DAYS));
    const row = rows[on];
    if (!row) continue; // after the last read
    const value = orderValue(rng, order);
    const capped = Math.min(value, REVENUE_CAP);
    row.converters++;
    row.revenue += value;
    row.cappedRevenue += capped;
    row.cappedRevenueSquares += capped * capped;
    row.cappedRevenueCubes = (row.cappedRevenueCubes ?? 0) + capped * capped * capped;
  }
}

/** Running totals of the rows, so that any period's sums are a difference of two of them. */
function cumulative(rows: DayRows): SideSums[] {
  const out: SideSums[] = [emptySide()];
  for (const row of rows) {
    const last = out[out.length - 1] ?? emptySide();
    out.push({
      visitors: last.visitors + row.visitors,
      converters: last.converters + row.converters,
      revenue: last.revenue + row.revenue,
      cappedRevenue: last.cappedRevenue + row.cappedRevenue,
      cappedRevenueSquares: last.cappedRevenueSquares + row.cappedRevenueSquares,
      cappedRevenueCubes: (last.cappedRevenueCubes ?? 0) + (row.cappedRevenueCubes ?? 0),
    });
  }
  return out;
}

function periodSums(running: SideSums[], period: Period): SideSums {
  const from = running[Math.max(0, dayIndex(period.from))] ?? emptySide();
  const to = running[Math.min(running.length - 1, dayIndex(period.to) + 1)] ?? emptySide();
  return {
    visitors: to.visitors - from.visitors,
    converters: to.converters - from.converters,
    revenue: to.revenue - from.revenue,
    cappedRevenue: to.cappedRevenue - from.cappedRevenue,
    cappedRevenueSquares: to.cappedRevenueSquares - from.cappedRevenueSquares,
    cappedRevenueCubes: (to.cappedRevenueCubes ?? 0) - (from.cappedRevenueCubes ?? 0),
  };
}

export interface HoldoutRead {
  day: number;
  holdout: SideSums;
  rest: SideSums;
  comparison: HoldoutComparison;
}

/**
 * One run: each day's new visitors split by the holdout share, each side converting at its rate on that day
 * or later (one order per converting visitor, of the default shop's order values, capped at REVENUE_CAP as
 * the run's cap), kept under the conversion's day as the rollups keep them; read at the end of every day
 * through the page's code. `read` gets each day's reading and keeps what it needs.
 */
export function simulateHoldoutRun(rng: Rng, spec: HoldoutRunSpec, read: (reading: HoldoutRead) => void): void {
  const order = DEFAULT_VISITOR.order;
  const holdoutRows: DayRows = Array.from({ length: spec.days }, emptySide);
  const restRows: DayRows = Array.from({ length: spec.days }, emptySide);
  for (let day = 0; day < spec.days; day++) {
    const held = binomial(rng, spec.dailyVisitors, HOLDOUT_PERCENT / 100);
    const others = spec.dailyVisitors - held;
    (holdoutRows[day] as SideSums).visitors += held;
    (restRows[day] as SideSums).visitors += others;
    convert(rng, holdoutRows, day, held, spec.holdoutRate, order);
    convert(rng, restRows, day, others, spec.restRate, order);
  }
  const holdoutRunning = cumulative(holdoutRows);
  const restRunning = cumulative(restRows);
  const since = new Date(RUN_START);
  for (let day = 0; day < spec.days; day++) {
    const period = holdoutPeriod(spec.query?.(day) ?? {}, readTime(day), since);
    const holdout = periodSums(holdoutRunning, period);
    const rest = periodSums(restRunning, period);
    read({ day, holdout, rest, comparison: compareHoldout(holdout, rest, { fromStart: startsWithRun(period, since) }) });
  }
}

/** What one run showed over its reads. */
export interface HoldoutClaims {
  /** Every rate (revenue) interval shown held the true difference; vacuous when none was shown. */
  rateHeld: boolean;
  revenueHeld: boolean;
  /** The first day (0-based) an interval was shown, and the first day one lay above 0; null if never. */
  firstRateInterval: number | null;
  firstRevenueInterval: number | null;
  firstRateAbove: number | null;
  firstRevenueAbove: number | null;
  /** At some read a side had 0 conversions and an interval (either metric) excluded 0. */
  oneSidedClaim: boolean;
  /** Reads at which a side had 0 conversions. */
  zeroSideReads: number;
}

/** The true differences (everyone else minus the holdout) of the rate and capped revenue per visitor. */
export function trueDifferences(spec: Pick<HoldoutRunSpec, "holdoutRate" | "restRate">): { rate: number; revenue: number } {
  const perOrder = cappedOrderMean(DEFAULT_VISITOR.order, REVENUE_CAP);
  return { rate: spec.restRate - spec.holdoutRate, revenue: (spec.restRate - spec.holdoutRate) * perOrder };
}

export function holdoutClaims(rng: Rng, spec: HoldoutRunSpec): HoldoutClaims {
  const truth = trueDifferences(spec);
  const claims: HoldoutClaims = {
    rateHeld: true,
    revenueHeld: true,
    firstRateInterval: null,
    firstRevenueInterval: null,
    firstRateAbove: null,
    firstRevenueAbove: null,
    oneSidedClaim: false,
    zeroSideReads: 0,
  };
  simulateHoldoutRun(rng, spec, ({ day, holdout, rest, comparison }) => {
    const rate = comparison.conversionRate?.interval ?? null;
    const revenue = comparison.revenuePerVisitor?.interval ?? null;
    if (rate) {
      claims.firstRateInterval ??= day;
      if (rate.low > truth.rate || rate.high < truth.rate) claims.rateHeld = false;
      if (rate.low > 0) claims.firstRateAbove ??= day;
    }
    if (revenue) {
      claims.firstRevenueInterval ??= day;
      if (revenue.low > truth.revenue || revenue.high < truth.revenue) claims.revenueHeld = false;
      if (revenue.low > 0) claims.firstRevenueAbove ??= day;
    }
    if (holdout.converters === 0 || rest.converters === 0) {
      claims.zeroSideReads++;
      if ([rate, revenue].some((i) => i !== null && (i.low > 0 || i.high < 0))) claims.oneSidedClaim = true;
    }
  });
  return claims;
}

const rate = (x: boolean) => (x ? 1 : 0);
const by = (day: number | null, last: number) => rate(day !== null && day < last);
const HOLDS: Target = { at: "least", value: 0.95 };
const NEVER: Target = { at: "most", value: 0 };
const INFO: Target = { info: true };
const count = (n: number) => n.toLocaleString("en-US");

function holdoutScenario(key: string, spec: HoldoutRunSpec, trueLift: number, lines: Array<Line<HoldoutClaims>>): Scenario<HoldoutClaims> {
  return {
    key,
    // Roughly a page read per day plus the day's conversions; the big shop's runs dominate.
    cost: spec.days * Math.max(1, (spec.dailyVisitors * spec.restRate) / 100),
    lines,
    simulate: (rng) => ({ result: holdoutClaims(rng, spec), trueLifts: [trueLift] }),
  };
}

/**
 * The holdout's lines (issue 34): worthless tests read daily for 120 days (both intervals hold 0 at every
 * read), a side with no conversions (never an interval excluding 0 from one side's data), and what a real
 * store-wide effect of +5% is found with.
 */
export function holdoutScenarios(): Scenario[] {
  const base = DEFAULT_VISITOR.conversionRate;
  const traffic = `${HOLDOUT_PERCENT}% holdout, ${count(HOLDOUT_DAILY_VISITORS)} visitors a day, read daily for ${HOLDOUT_DAYS} days over the page's default period`;
  const smallerTraffic = `${HOLDOUT_PERCENT}% holdout, ${count(SMALLER_DAILY_VISITORS)} visitors a day, read daily for ${HOLDOUT_DAYS} days over the page's default period`;
  const null_: HoldoutRunSpec = { dailyVisitors: HOLDOUT_DAILY_VISITORS, days: HOLDOUT_DAYS, holdoutRate: base, restRate: base };
  const effect: HoldoutRunSpec = { ...null_, restRate: base * (1 + STORE_EFFECT) };
  const oneSided: HoldoutRunSpec = { dailyVisitors: SMALL_DAILY_VISITORS, days: HOLDOUT_DAYS, holdoutRate: 0, restRate: base };
  const effectName = `everyone else converts ${100 * STORE_EFFECT}% more (relative)`;
  return [
    holdoutScenario("holdout-aa", null_, 0, [
      { id: "holdout-aa-rate", claim: "holdout, worthless tests: conversion-rate interval holds 0 at every read", setting: traffic, kind: "rate", target: HOLDS, value: (c) => rate(c.rateHeld) },
      { id: "holdout-aa-revenue", claim: "holdout, worthless tests: revenue-per-visitor interval holds 0 at every read", setting: `${traffic}; capped revenue`, kind: "rate", target: HOLDS, value: (c) => rate(c.revenueHeld) },
      ...[60, HOLDOUT_DAYS].map((days) => ({
        id: `holdout-aa-revenue-shown-${days}`,
        claim: "holdout: a revenue-per-visitor interval is shown (Kohavi's rule met)",
        setting: `${traffic}; by day ${days}`,
        kind: "rate" as const,
        target: INFO,
        value: (c: HoldoutClaims) => by(c.firstRevenueInterval, days),
      })),
    ]),
    holdoutScenario("holdout-aa-small", { ...null_, dailyVisitors: SMALLER_DAILY_VISITORS }, 0, [
      { id: "holdout-aa-small-rate", claim: "holdout, worthless tests: conversion-rate interval holds 0 at every read", setting: smallerTraffic, kind: "rate", target: HOLDS, value: (c) => rate(c.rateHeld) },
    ]),
    holdoutScenario("holdout-one-side", oneSided, 0, [
      {
        id: "holdout-one-side",
        claim: "holdout: an interval excluding 0 while a side has 0 conversions",
        setting: `${HOLDOUT_PERCENT}% holdout that never converts (a goal only the tests reach), everyone else 5%, ${count(SMALL_DAILY_VISITORS)} visitors a day, read daily for ${HOLDOUT_DAYS} days`,
        kind: "rate",
        target: NEVER,
        value: (c) => (c.zeroSideReads > 0 ? rate(c.oneSidedClaim) : null),
      },
    ]),
    holdoutScenario("holdout-effect", effect, STORE_EFFECT, [
      ...[30, 60, 90, 120].map((days) => ({
        id: `holdout-power-rate-${days}`,
        claim: "holdout: a real store-wide effect shown (conversion-rate interval above 0)",
        setting: `${effectName}; ${traffic}; by day ${days}`,
        kind: "rate" as const,
        target: INFO,
        value: (c: HoldoutClaims) => by(c.firstRateAbove, days),
      })),
      { id: "holdout-power-revenue-120", claim: "holdout: a real store-wide effect shown (revenue-per-visitor interval above 0)", setting: `${effectName}; ${traffic}; by day ${HOLDOUT_DAYS}`, kind: "rate", target: INFO, value: (c) => by(c.firstRevenueAbove, HOLDOUT_DAYS) },
      { id: "holdout-effect-rate-held", claim: "holdout: conversion-rate interval holds the true difference at every read", setting: `${effectName}; ${traffic}`, kind: "rate", target: HOLDS, value: (c) => rate(c.rateHeld) },
      { id: "holdout-effect-revenue-held", claim: "holdout: revenue-per-visitor interval holds the true difference at every read", setting: `${effectName}; ${traffic}; capped revenue`, kind: "rate", target: HOLDS, value: (c) => rate(c.revenueHeld) },
    ]),
  ];
}
