// The validity simulation's scenarios and lines: which simulated tests are run, how the page is read in each,
// and which claim of the page each line of the table measures against the targets of issue 21.
import type { PathClaims } from "./claims";
import { DEFAULT_VISITOR, type VisitorModel } from "./generators";
import { decisionScenarios } from "./decision-scenarios";
import { holdoutScenarios } from "./holdout-scenarios";
import { guardrailScenarios } from "./guardrail-scenarios";
import { priceScenarios } from "./price-scenarios";
import { priorScenarios } from "./prior-scenarios";
import { createRng, deriveSeed } from "../random/prng";
import { everyVisitors } from "./runner";
import { segmentScenarios } from "./segments-scenarios";
import { MDE, PEEK_EVERY, pageScenario, plannedVisitors, type Line, type Scenario } from "./scenario";
import { addValue, emptyTally, mergeTally, type TableLine, type Tally, type Target } from "./table";

export { MDE, PEEK_EVERY, REVENUE_CAP, plannedVisitors } from "./scenario";
export type { Line, Scenario } from "./scenario";

/** Traffic of the sample-ratio scenarios: visitors per day, and days. */
export const DAILY_VISITORS = 1000;
export const DAYS = 28;

const rate = (x: boolean) => (x ? 1 : 0);
const FALSE_POSITIVE: Target = { at: "most", value: 0.06 };
const ONE_TAIL: Target = { at: "most", value: 0.035 };
const COVERAGE: Target = { at: "least", value: 0.94 };
const POWER: Target = { at: "least", value: 0.78 };
const SRM_FALSE_ALARM: Target = { at: "most", value: 0.005 };
const INFO: Target = { info: true };

const count = (n: number) => n.toLocaleString("en-US");
const splitName = (weights: readonly number[]) => {
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.round((100 * w) / total)).join("/");
};

function readings(horizon: number): { peek: string; fixed: string } {
  return {
    peek: `read every ${PEEK_EVERY} visitors up to the plan (${count(horizon)})`,
    fixed: `read once at the plan (${count(horizon)} visitors)`,
  };
}

/** A/A at one split: false positives for conversion and revenue, fixed and peeking, both tails; coverage. */
function aaScenario(key: string, weights: number[]): Scenario<PathClaims> {
  const horizon = plannedVisitors(weights);
  const split = splitName(weights);
  const read = readings(horizon);
  const lines: Array<Line<PathClaims>> = [];
  for (const metric of ["conversion", "revenue"] as const) {
    const side = (c: PathClaims, when: "first" | "final") =>
      metric === "conversion"
        ? (when === "first" ? c.firstCall : c.finalCall)?.side ?? null
        : when === "first"
          ? c.firstRevenueCall
          : c.finalRevenueCall;
    for (const when of ["final", "first"] as const) {
      const setting = `${metric}, ${split}, ${when === "final" ? read.fixed : read.peek}`;
      lines.push(
        { id: `${key}-${metric}-${when}-any`, claim: "A/A false positive (either side)", setting, kind: "rate", target: FALSE_POSITIVE, value: (c) => rate(side(c, when) !== null) },
        { id: `${key}-${metric}-${when}-variant`, claim: "A/A false \"variant ahead\" (one tail)", setting, kind: "rate", target: ONE_TAIL, value: (c) => rate(side(c, when) === "variant") },
        { id: `${key}-${metric}-${when}-control`, claim: "A/A false \"control ahead\" (one tail)", setting, kind: "rate", target: ONE_TAIL, value: (c) => rate(side(c, when) === "control") },
      );
    }
  }
  lines.push(
    { id: `${key}-rate-coverage`, claim: "interval holds the true lift (0) at every look", setting: `conversion, ${split}, ${read.peek}`, kind: "rate", target: COVERAGE, value: (c) => rate(c.rateCoveredEveryLook) },
    { id: `${key}-revenue-coverage`, claim: "interval holds the true lift (0) at every look", setting: `revenue, ${split}, ${read.peek}`, kind: "rate", target: COVERAGE, value: (c) => rate(c.revenueCoveredEveryLook) },
    { id: `${key}-chance95`, claim: "A/A: chance to win ≥ 95% shown at some look", setting: `conversion, ${split}, ${read.peek}`, kind: "rate", target: INFO, value: (c) => rate(c.firstChance95 !== null) },
  );
  return pageScenario({ key, weights, assignment: weights, looks: everyVisitors(PEEK_EVERY, horizon), trueLifts: () => [0], lines });
}

/** A true lift equal to the MDE, 50/50: power at the plan, what the page says, coverage under an effect. */
function mdeScenario(): Scenario<PathClaims> {
  const weights = [1, 1];
  const horizon = plannedVisitors(weights);
  const read = readings(horizon);
  const setting = (metric: string, how: string) => `conversion lift ${100 * MDE}%${metric}, 50/50, ${how}`;
  return pageScenario({
    key: "mde-50",
    weights,
    assignment: weights,
    looks: everyVisitors(PEEK_EVERY, horizon),
    trueLifts: () => [MDE],
    lines: [
      { id: "mde-power-peek", claim: "true lift = MDE called \"variant ahead\" by the planned sample", setting: setting("", read.peek), kind: "rate", target: POWER, value: (c) => rate(c.firstCall?.side === "variant") },
      { id: "mde-power-fixed", claim: "true lift = MDE called \"variant ahead\" by the planned sample", setting: setting("", read.fixed), kind: "rate", target: POWER, value: (c) => rate(c.finalCall?.side === "variant") },
      { id: "mde-no-difference", claim: "told \"No difference as large as the MDE\" though the true lift is the MDE", setting: setting("", read.fixed), kind: "rate", target: INFO, value: (c) => rate(c.finalVerdict === "no-difference") },
      { id: "mde-called-lift", claim: "called lift ÷ true lift, at the first call (1 = unbiased)", setting: setting("", read.peek), kind: "mean", target: INFO, value: (c) => (c.firstCall?.side === "variant" && c.firstCall.lift !== undefined ? c.firstCall.lift / MDE : null) },
      { id: "mde-rate-coverage", claim: "interval holds the true lift at every look", setting: setting("", read.peek), kind: "rate", target: COVERAGE, value: (c) => rate(c.rateCoveredEveryLook) },
      { id: "mde-revenue-coverage", claim: "interval holds the true lift at every look", setting: setting(", revenue interval", read.peek), kind: "rate", target: COVERAGE, value: (c) => rate(c.revenueCoveredEveryLook) },
      { id: "mde-rate-coverage-final", claim: "interval holds the true lift at the plan", setting: setting("", read.fixed), kind: "rate", target: COVERAGE, value: (c) => rate(c.rateCoveredFinal) },
      { id: "mde-revenue-coverage-final", claim: "interval holds the true lift at the plan", setting: setting(", revenue interval", read.fixed), kind: "rate", target: COVERAGE, value: (c) => rate(c.revenueCoveredFinal) },
    ],
  });
}

/** Four arms, all equal: any variant called ahead is a family-wise false positive. */
function fourArmScenario(): Scenario<PathClaims> {
  const weights = [1, 1, 1, 1];
  const horizon = plannedVisitors(weights);
  const read = readings(horizon);
  const claim = "4-arm A/A family-wise false \"variant ahead\"";
  return pageScenario({
    key: "aa-4",
    weights,
    assignment: weights,
    looks: everyVisitors(PEEK_EVERY, horizon),
    trueLifts: () => [0, 0, 0],
    lines: [
      { id: "aa4-final", claim, setting: `conversion, 25/25/25/25, ${read.fixed}`, kind: "rate", target: FALSE_POSITIVE, value: (c) => rate(c.finalCall?.side === "variant") },
      { id: "aa4-first", claim, setting: `conversion, 25/25/25/25, ${read.peek}`, kind: "rate", target: FALSE_POSITIVE, value: (c) => rate(c.firstCall?.side === "variant") },
      // The verdict names a variant only when it is ahead; the table beside it shows every variant's interval.
      { id: "aa4-any-final", claim: "4-arm A/A: some variant's conversion interval excludes 0 (either side)", setting: `conversion, 25/25/25/25, ${read.fixed}`, kind: "rate", target: FALSE_POSITIVE, value: (c) => rate(c.finalRateSide !== null) },
      { id: "aa4-any-first", claim: "4-arm A/A: some variant's conversion interval excludes 0 (either side)", setting: `conversion, 25/25/25/25, ${read.peek}`, kind: "rate", target: FALSE_POSITIVE, value: (c) => rate(c.firstRateSide !== null) },
      { id: "aa4-decided-zero", claim: "4 arms: a variant marked \"Decided\" beside an interval that holds 0, at some read", setting: `conversion, 25/25/25/25, ${read.peek}`, kind: "rate", target: { at: "most", value: 0 }, value: (c) => rate(c.decidedBesideZero) },
    ],
  });
}

/** Looks at the end of every hour over DAYS days, when visitors arrive evenly through the day. */
export function hourlyLooks(): number[] {
  return Array.from({ length: DAYS * 24 }, (_, h) => Math.round(((h + 1) * DAILY_VISITORS) / 24));
}

const dailyLooks = () => Array.from({ length: DAYS }, (_, d) => (d + 1) * DAILY_VISITORS);
const atDayEnd = (visitors: number) => visitors % DAILY_VISITORS === 0;

/** Healthy 50/50 tests read daily and hourly: any sample-ratio warning is a false alarm. */
function srmHealthyScenario(): Scenario<PathClaims> {
  const weights = [1, 1];
  const traffic = `${count(DAILY_VISITORS)} visitors a day for ${DAYS} days`;
  const claim = "SRM false alarm on a healthy test (\"Do not trust these results\")";
  return pageScenario({
    key: "srm-healthy",
    weights,
    assignment: weights,
    looks: hourlyLooks(),
    trueLifts: () => [0],
    lines: [
      { id: "srm-daily", claim, setting: `50/50, ${traffic}, read daily (${DAYS} reads)`, kind: "rate", target: SRM_FALSE_ALARM, value: (c) => rate(c.srmAlarms.some(atDayEnd)) },
      { id: "srm-hourly", claim, setting: `50/50, ${traffic}, read hourly (${DAYS * 24} reads)`, kind: "rate", target: SRM_FALSE_ALARM, value: (c) => rate(c.srmAlarms.length > 0) },
    ],
  });
}

/** A real 48/52 split behind a configured 50/50: the warning's power, read daily. */
function srmBrokenScenario(): Scenario<PathClaims> {
  const claim = "SRM warning raised for a real 48/52 split (configured 50/50)";
  const setting = (by: number) => `by ${count(by)} visitors, ${count(DAILY_VISITORS)} a day, read daily`;
  return pageScenario({
    key: "srm-48-52",
    weights: [1, 1],
    assignment: [0.48, 0.52],
    looks: dailyLooks(),
    trueLifts: () => [0],
    lines: [10_000, 20_000].map((by) => ({
      id: `srm-power-${by}`,
      claim,
      setting: setting(by),
      kind: "rate" as const,
      target: INFO,
      value: (c: PathClaims) => rate(c.srmAlarms.some((v) => v <= by)),
    })),
  });
}

/**
 * Visitors with a history (the CUPED scenario): propensities Gamma(0.5) (mean 1, sd 1.4, a few loyal buyers
 * and many who rarely buy) and a 10% chance of an order in the window before exposure at propensity 1.
 */
export const VISITOR_WITH_HISTORY: VisitorModel = { ...DEFAULT_VISITOR, history: { shape: 0.5, preConversionRate: 0.1 } };

/** A/A on visitors with a history: how much variance CUPED removes, and that the adjusted read-out stays valid. */
function cupedScenario(): Scenario<PathClaims> {
  const weights = [1, 1];
  const horizon = plannedVisitors(weights);
  const read = readings(horizon);
  const setting = (how: string) => `revenue, visitors with a history (pre-exposure revenue as covariate), 50/50, ${how}`;
  return pageScenario({
    key: "cuped-50",
    weights,
    assignment: weights,
    looks: everyVisitors(PEEK_EVERY, horizon),
    visitor: VISITOR_WITH_HISTORY,
    trueLifts: () => [0],
    lines: [
      { id: "cuped-reduction", claim: "variance removed by CUPED", setting: setting(read.fixed), kind: "mean", target: INFO, value: (c) => c.finalCupedReduction },
      { id: "cuped-any", claim: "A/A false positive (either side)", setting: setting(read.peek), kind: "rate", target: FALSE_POSITIVE, value: (c) => rate(c.firstRevenueCall !== null) },
      { id: "cuped-variant", claim: "A/A false \"variant ahead\" (one tail)", setting: setting(read.peek), kind: "rate", target: ONE_TAIL, value: (c) => rate(c.firstRevenueCall === "variant") },
      { id: "cuped-control", claim: "A/A false \"control ahead\" (one tail)", setting: setting(read.peek), kind: "rate", target: ONE_TAIL, value: (c) => rate(c.firstRevenueCall === "control") },
      { id: "cuped-coverage", claim: "interval holds the true lift (0) at every look", setting: setting(read.peek), kind: "rate", target: COVERAGE, value: (c) => rate(c.revenueCoveredEveryLook) },
    ],
  });
}

/** Every scenario of the suite, in the table's order. */
export function scenarios(): Scenario[] {
  return [
    aaScenario("aa-50", [1, 1]),
    aaScenario("aa-90", [9, 1]),
    mdeScenario(),
    fourArmScenario(),
    srmHealthyScenario(),
    srmBrokenScenario(),
    cupedScenario(),
    ...decisionScenarios(),
    ...holdoutScenarios(),
    ...segmentScenarios(),
    ...guardrailScenarios(),
    ...priorScenarios(),
    ...priceScenarios(),
  ];
}

/** Lines with nothing to measure yet, printed so the table lists every claim of the issue (none left). */
export const PENDING_LINES: TableLine[] = [];

export type Tallies = Record<string, Tally>;

/** Simulated tests [start, end) of one scenario, each from its own seed (run seed, scenario, index). */
export function runChunk(scenario: Scenario, seed: number, start: number, end: number): Tallies {
  const tallies: Tallies = Object.fromEntries(scenario.lines.map((l) => [l.id, emptyTally()]));
  for (let i = start; i < end; i++) {
    const { result, trueLifts } = scenario.simulate(createRng(deriveSeed(seed, scenario.key, i)));
    for (const line of scenario.lines) {
      const value = line.value(result, trueLifts);
      const tally = tallies[line.id];
      if (value !== null && tally) addValue(tally, value);
    }
  }
  return tallies;
}

export interface Chunk {
  scenario: string;
  start: number;
  end: number;
  /** Rough cost (page reads × arms), to hand out the big chunks first. */
  cost: number;
}

/** The work of a run of `count` tests per scenario, in chunks of `size` tests, costliest first. */
export function planChunks(count: number, size = 50): Chunk[] {
  const chunks: Chunk[] = [];
  for (const s of scenarios()) {
    const tests = count * (s.scale ?? 1);
    for (let start = 0; start < tests; start += size) {
      const end = Math.min(tests, start + size);
      chunks.push({ scenario: s.key, start, end, cost: (end - start) * s.cost });
    }
  }
  return chunks.sort((a, b) => b.cost - a.cost);
}

export function runPlannedChunk(chunk: Chunk, seed: number): Tallies {
  const scenario = scenarios().find((s) => s.key === chunk.scenario);
  if (!scenario) throw new RangeError(`unknown scenario ${chunk.scenario}`);
  return runChunk(scenario, seed, chunk.start, chunk.end);
}

export function mergeTallies(into: Tallies, from: Tallies): Tallies {
  for (const [id, tally] of Object.entries(from)) mergeTally((into[id] ??= emptyTally()), tally);
  return into;
}

/** The table's lines, in order, from the merged tallies. */
export function tableLines(tallies: Tallies): TableLine[] {
  const measured = scenarios().flatMap((s) =>
    s.lines.map((l): TableLine => ({ claim: l.claim, setting: l.setting, kind: l.kind, target: l.target, tally: tallies[l.id] ?? emptyTally() })),
  );
  return [...measured, ...PENDING_LINES];
}

/** The whole suite in this thread (the script spreads the same chunks over workers). */
export function runSuite(count: number, seed: number): TableLine[] {
  const tallies: Tallies = {};
  for (const chunk of planChunks(count)) mergeTallies(tallies, runPlannedChunk(chunk, seed));
  return tableLines(tallies);
}
