// The store-wide holdout's page: its setting (a share of visitors), the period read, and the comparison of
// the holdout with everyone else on one goal, with always-valid intervals (docs/traffic.md, "Holdout").
import { absoluteDifference } from "../stats/lift";
import { armMoments, type ArmTotals } from "../stats/moments";
import { DEFAULT_SEQUENTIAL_TUNING, sequentialTest } from "../stats/sequential";

/** The largest holdout share the setting accepts: beyond it the holdout costs more than it measures. */
export const MAX_HOLDOUT_PERCENT = 50;
/** The period shown when none is chosen, in days up to today. */
export const DEFAULT_PERIOD_DAYS = 30;

/** One side's sums over the period, from the holdout pseudo-test's rollups. */
export interface SideSums {
  /** Visitors first exposed in the period. */
  visitors: number;
  /** Visitors who converted on the goal in the period. */
  converters: number;
  /** The goal's revenue in the period (site currency), and Σ per-visitor revenue². */
  revenue: number;
  revenueSquares: number;
}

export interface SideFigures extends SideSums {
  conversionRate: number | null;
  revenuePerVisitor: number | null;
}

/** Everyone else minus the holdout: what the tests and shipped winners add, with its 1 − alpha interval. */
export interface Difference {
  estimate: number;
  ciLow: number;
  ciHigh: number;
  /** The estimate relative to the holdout's own figure; null when the holdout's is 0. */
  relative: number | null;
}

export interface HoldoutComparison {
  holdout: SideFigures;
  rest: SideFigures;
  conversionRate: Difference | null;
  revenuePerVisitor: Difference | null;
}

export const HOLDOUT_ALPHA = 0.05;

function figures(s: SideSums): SideFigures {
  return {
    ...s,
    conversionRate: s.visitors > 0 ? s.converters / s.visitors : null,
    revenuePerVisitor: s.visitors > 0 ? s.revenue / s.visitors : null,
  };
}

function difference(metric: "binomial" | "mean", holdout: ArmTotals, rest: ArmTotals, alpha: number): Difference | null {
  const h = armMoments(metric, holdout);
  const r = armMoments(metric, rest);
  // Fewer than two visitors on a side, or no spread at all on both: there is no interval to give.
  if (!h || !r || h.users < 2 || r.users < 2 || (h.variance === 0 && r.variance === 0)) return null;
  const effect = absoluteDifference(h, r);
  const { ciLow, ciHigh } = sequentialTest(effect, h.users + r.users, alpha, DEFAULT_SEQUENTIAL_TUNING);
  return { estimate: effect.estimate, ciLow, ciHigh, relative: h.mean > 0 ? effect.estimate / h.mean : null };
}

/**
 * The comparison of the two sides. Each difference is everyone else's mean minus the holdout's (Welch's
 * unequal-variance standard error, lift.ts), with the always-valid confidence sequence of Waudby-Smith et al.
 * (sequential.ts, as the results page uses): the merchant may look at any time, as often as they like.
 * Conversion rate uses the binomial variance p(1 − p); revenue per visitor the sample variance from Σ revenue².
 */
export function compareHoldout(holdout: SideSums, rest: SideSums, alpha = HOLDOUT_ALPHA): HoldoutComparison {
  const rate = (s: SideSums): ArmTotals => ({ users: s.visitors, sum: s.converters, sumSquares: s.converters });
  const money = (s: SideSums): ArmTotals => ({ users: s.visitors, sum: s.revenue, sumSquares: s.revenueSquares });
  return {
    holdout: figures(holdout),
    rest: figures(rest),
    conversionRate: difference("binomial", rate(holdout), rate(rest), alpha),
    revenuePerVisitor: difference("mean", money(holdout), money(rest), alpha),
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
 * The period to read: the days asked for when they are valid dates in order, else the last
 * DEFAULT_PERIOD_DAYS days up to today; never before the run began (`since`).
 */
export function holdoutPeriod(query: { from?: unknown; to?: unknown }, today: Date, since: Date | null): Period {
  const end = dayOf(today);
  let to = validDay(query.to) && query.to <= end ? query.to : end;
  let from = validDay(query.from) ? query.from : dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_PERIOD_DAYS - 1) * 86_400_000));
  if (since && from < dayOf(since)) from = dayOf(since);
  if (from > to) [from, to] = [to, from];
  return { from, to };
}
