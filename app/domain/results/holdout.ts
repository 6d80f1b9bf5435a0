// The store-wide holdout's page: its setting (a share of visitors), the period read (from the run's start by
// default), and the holdout against everyone else on one goal, with always-valid intervals only where they
// hold (docs/traffic.md, "Store-wide holdout").
import { absoluteDifference, armMoments, type ArmTotals, nearNormal, sequentialTest } from "../stats";

/** The largest holdout share the setting accepts: beyond it the holdout costs more than it measures. */
export const MAX_HOLDOUT_PERCENT = 50;

export const HOLDOUT_ALPHA = 0.05;

/**
 * No interval until each side has this many visitors who converted on the goal, and this many who did not.
 * Below it a side's binomial variance p̂(1 − p̂) rests on a handful of events, and at 0 it is 0: the interval
 * would then come from the other side's data alone (0 of 200 against 190 of 3,800 gave 3.9% to 6.1%). 30
 * events keep the small side's mean within the normal approximation's reach (its skewness
 * (1 − 2p)/√(np(1 − p)) is under 0.19); the validity simulation's holdout lines measure the intervals read
 * daily from there (docs/statistics.md, "Validity simulation").
 */
export const MIN_CONVERSIONS_PER_SIDE = 30;

/**
 * The confidence sequence is narrowest near this many visitors on both sides together (sequential.ts, N*): a
 * holdout is read over months, and 500,000 visitors (25,000 in a 5% holdout) is where it starts to resolve
 * store-wide effects of a few percent. Fixed in advance, as the sequence's guarantee asks; any value keeps
 * the guarantee, this one only decides where the interval is tightest.
 */
export const HOLDOUT_SEQUENTIAL_TUNING = 500_000;

/** One side's sums over the period, from the holdout pseudo-test's rollups. */
export interface SideSums {
  /** Visitors first exposed in the period. */
  visitors: number;
  /** Visitors who converted on the goal in the period. */
  converters: number;
  /** The goal's revenue in the period in the site's currency, as recorded (shown, never compared). */
  revenue: number;
  /**
   * The same with each visitor's revenue counted up to the run's cap (docs/statistics.md, "Revenue capping"),
   * and Σ per-visitor capped revenue² and ³; the cubes are null when some row was written before they were kept.
   */
  cappedRevenue: number;
  cappedRevenueSquares: number;
  cappedRevenueCubes: number | null;
}

export interface SideFigures extends SideSums {
  conversionRate: number | null;
  revenuePerVisitor: number | null;
  cappedRevenuePerVisitor: number | null;
}

/**
 * Why a difference has no interval:
 * - `period`: the period starts after the run did, so it is not the one growing sample the sequence covers;
 * - `conversions`: a side has fewer than MIN_CONVERSIONS_PER_SIDE visitors who converted (or who did not);
 * - `revenue`: a side's capped revenue per visitor has no spread (no revenue in the site's currency);
 * - `skewness`: revenue per visitor's difference is not yet near-normal by Kohavi's rule, or its third
 *   moment is unknown (rows written before it was kept).
 */
export type Withheld = "period" | "conversions" | "revenue" | "skewness";

/** Everyone else minus the holdout: what the tests and shipped winners add, with its 1 − alpha interval when it holds. */
export interface Difference {
  estimate: number;
  /** The estimate relative to the holdout's own figure; null when the holdout's is 0. */
  relative: number | null;
  interval: { low: number; high: number } | null;
  /** Why there is no interval; null when there is one. */
  withheld: Withheld | null;
}

export interface HoldoutComparison {
  holdout: SideFigures;
  rest: SideFigures;
  /** Null while a side has no visitors. */
  conversionRate: Difference | null;
  /** Capped revenue per visitor; null while a side has no visitors. */
  revenuePerVisitor: Difference | null;
}

export interface CompareOptions {
  /** The period begins on the run's first day (startsWithRun): the only periods given an interval. */
  fromStart: boolean;
  alpha?: number;
}

function figures(s: SideSums): SideFigures {
  const per = (x: number) => (s.visitors > 0 ? x / s.visitors : null);
  return { ...s, conversionRate: per(Math.min(s.converters, s.visitors)), revenuePerVisitor: per(s.revenue), cappedRevenuePerVisitor: per(s.cappedRevenue) };
}

/** Both outcomes, converting and not, seen often enough on this side for its binomial variance to mean something. */
const enoughEvents = (s: SideSums) => Math.min(s.converters, s.visitors - s.converters) >= MIN_CONVERSIONS_PER_SIDE;

function difference(metric: "binomial" | "mean", holdout: ArmTotals, rest: ArmTotals, withheld: Withheld | null, alpha: number): Difference | null {
  const h = armMoments(metric, holdout);
  const r = armMoments(metric, rest);
  if (!h || !r) return null;
  const effect = absoluteDifference(h, r);
  const relative = h.mean > 0 ? effect.estimate / h.mean : null;
  if (withheld) return { estimate: effect.estimate, relative, interval: null, withheld };
  const { ciLow, ciHigh } = sequentialTest(effect, h.users + r.users, alpha, HOLDOUT_SEQUENTIAL_TUNING);
  return { estimate: effect.estimate, relative, interval: { low: ciLow, high: ciHigh }, withheld: null };
}

/** Why revenue per visitor gets no interval yet, after the reasons the rate shares. */
function revenueWithheld(holdout: SideSums, rest: SideSums): Withheld | null {
  const h = armMoments("mean", { users: holdout.visitors, sum: holdout.cappedRevenue, sumSquares: holdout.cappedRevenueSquares });
  const r = armMoments("mean", { users: rest.visitors, sum: rest.cappedRevenue, sumSquares: rest.cappedRevenueSquares });
  // One side without spread would leave the interval to the other side's variance alone.
  if (!h || !r || h.variance === 0 || r.variance === 0) return "revenue";
  if (holdout.cappedRevenueCubes === null || rest.cappedRevenueCubes === null) return "skewness";
  const sums = (s: SideSums) => ({ users: s.visitors, sum: s.cappedRevenue, sumSquares: s.cappedRevenueSquares, sumCubes: s.cappedRevenueCubes ?? 0 });
  return nearNormal(sums(holdout), sums(rest)) ? null : "skewness";
}

/**
 * The comparison of the two sides. Each difference is everyone else's mean minus the holdout's (Welch's
 * unequal-variance standard error, lift.ts), with the always-valid confidence sequence of Waudby-Smith,
 * Arbour, Sinha, Kennedy & Ramdas (arXiv:2103.06476; sequential.ts), tuned to HOLDOUT_SEQUENTIAL_TUNING: over
 * the run's cumulative period, one sample growing day by day, the merchant may look as often as they like.
 * Conversion rate uses the binomial variance p(1 − p), revenue per visitor the capped revenue's sample
 * variance. An interval is given only
 * - over a period from the run's start (a moving window is a different sample each day, outside the
 *   sequence's guarantee, and counts conversions of visitors first seen before it);
 * - from MIN_CONVERSIONS_PER_SIDE converting and non-converting visitors on each side;
 * - for revenue, once the difference of the means is near-normal by Kohavi's rule (Kohavi, Deng, Longbotham
 *   & Xu, "Seven rules of thumb for web site experimenters", KDD 2014, rule 7; stats/skewness.ts), as the
 *   results page asks (results/stats.ts revenueNearNormal): at a 5% holdout the small side's rare big orders
 *   would otherwise make the interval lean to one side.
 */
export function compareHoldout(holdout: SideSums, rest: SideSums, options: CompareOptions): HoldoutComparison {
  const alpha = options.alpha ?? HOLDOUT_ALPHA;
  const shared: Withheld | null = !options.fromStart ? "period" : enoughEvents(holdout) && enoughEvents(rest) ? null : "conversions";
  const rate = (s: SideSums): ArmTotals => {
    const converters = Math.min(s.converters, s.visitors);
    return { users: s.visitors, sum: converters, sumSquares: converters };
  };
  const money = (s: SideSums): ArmTotals => ({ users: s.visitors, sum: s.cappedRevenue, sumSquares: s.cappedRevenueSquares });
  return {
    holdout: figures(holdout),
    rest: figures(rest),
    conversionRate: difference("binomial", rate(holdout), rate(rest), shared, alpha),
    revenuePerVisitor: difference("mean", money(holdout), money(rest), shared ?? revenueWithheld(holdout, rest), alpha),
  };
}

/** The setting's share: a whole percentage from 0 (off) to MAX_HOLDOUT_PERCENT, or the field error. */
export function parseHoldoutPercent(input: unknown): { ok: true; percent: number } | { ok: false; message: string } {
  const text = typeof input === "string" ? input.trim() : "";
  const value = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(value >= 0 && value <= MAX_HOLDOUT_PERCENT)) {
    return { ok: false, message: `Enter a whole percentage from 0 (off) to ${MAX_HOLDOUT_PERCENT}` };
  }
  return { ok: true, percent: value };
}

export interface Period {
  /** YYYY-MM-DD, both included (UTC days, as the rollups are kept). */
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const validDay = (s: unknown): s is string => typeof s === "string" && DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && dayOf(new Date(`${s}T00:00:00Z`)) === s;

/**
 * The period to read: by default from the run's first day (`since`) up to today, the cumulative period whose
 * intervals hold however often it is read; else the valid days asked for, kept between the run's first day and
 * today and put in order.
 */
export function holdoutPeriod(query: { from?: unknown; to?: unknown }, today: Date, since: Date): Period {
  const start = dayOf(since);
  const end = dayOf(today) < start ? start : dayOf(today);
  const within = (day: string) => (day < start ? start : day > end ? end : day);
  let from = validDay(query.from) ? within(query.from) : start;
  let to = validDay(query.to) ? within(query.to) : end;
  if (from > to) [from, to] = [to, from];
  return { from, to };
}

/** Whether the period begins on the run's first day: a prefix of the one sample the run grows, given intervals. */
export function startsWithRun(period: Period, since: Date): boolean {
  return period.from === dayOf(since);
}
