// Which prior chance to win uses for a shop: the spread learned from its completed tests once there are enough of
// them, its setting until then; and the sentence that says which.
import { learnedSpread, type PastLift } from "../stats";

/**
 * Completed tests needed before the shop's own history replaces its setting. With ten tests of the default
 * plan the one-sided bound (stats/empirical-prior.ts) already tells a 2% spread from a 10% one (2.1% against
 * 8.3% on average, docs/statistics.md "Bayesian"); the validity simulation measures chance to win with
 * exactly this many, the noisiest history the page ever learns from (prior-scenarios.ts).
 */
export const MIN_COMPLETED_TESTS = 10;
/**
 * The most recent comparisons read: a bound on the page's query, and old tests age out as the shop's pages and
 * ideas change.
 */
export const MAX_PAST_LIFTS = 200;

/** One completed comparison (a variant against its control) of one of the shop's tests. */
export interface PastComparison extends PastLift {
  testId: string;
}

export type PriorSource =
  /** Learned from this many of the shop's completed tests. */
  | { kind: "history"; tests: number }
  /** The shop's setting: fewer than MIN_COMPLETED_TESTS completed tests (this many so far). */
  | { kind: "setting"; tests: number };

export interface ChancePrior {
  /** The prior's sd on ln(ratio) of the conversion rates: N(0, sd²). */
  sd: number;
  source: PriorSource;
}

const usable = (c: PastComparison) => Number.isFinite(c.logLift) && Number.isFinite(c.variance) && c.variance > 0;

/**
 * The prior for the shop's tests, from its completed comparisons (the most recent MAX_PAST_LIFTS of them, the
 * test being read left out) and its setting. Every comparison of a test counts; a test of several variants
 * shares its control among them, which makes Q vary more than χ²_k says (docs/statistics.md, "Bayesian").
 */
export function chancePrior(past: readonly PastComparison[], settingSd: number): ChancePrior {
  const lifts = past.filter(usable).slice(0, MAX_PAST_LIFTS);
  const tests = new Set(lifts.map((c) => c.testId)).size;
  if (tests < MIN_COMPLETED_TESTS) return { sd: settingSd, source: { kind: "setting", tests } };
  return { sd: learnedSpread(lifts), source: { kind: "history", tests } };
}

/** "4.3": a percentage with at most one decimal. */
const percent = (x: number) => String(Math.round(x * 1000) / 10);

/**
 * What the page says beside chance to win: the range 19 real lifts in 20 fall within under the prior (±2 sd),
 * and where it comes from.
 */
export function chancePriorSentence(prior: ChancePrior): string {
  const range = `Chance to win assumes 19 real lifts in 20 fall within ±${percent(2 * prior.sd)}%`;
  if (prior.source.kind === "history") return `${range}, learned from your ${prior.source.tests} completed tests.`;
  const soFar = prior.source.tests === 1 ? "1 so far" : `${prior.source.tests} so far`;
  return `${range}, your setting; it is learned from your completed tests once ${MIN_COMPLETED_TESTS} have finished (${soFar}).`;
}
