// The guardrail scenarios of the validity simulation (issue 34): tests read as the schedule job reads them,
// through the REAL buildResults() and guardrailBreaches(), at every read until the plan (or a multiple of it):
// a variant whose checkout is broken must be paused, and healthy A/A tests must not be, within the one error
// budget per test (results/guardrails.ts) across guardrail goals, metrics and variants.
import { buildResults, type ResultsInput, type RollupRow } from "../results/build-results";
import { guardrailBreaches } from "../results/guardrails";
import { bernoulli, cumulativeShares } from "../random/draws";
import { DEFAULT_VISITOR, visitorRevenue, type VisitorModel } from "./generators";
import { armName, GOAL, resultsInput, rollupsOf } from "./page-reading";
import type { Rng } from "../random/prng";
import { addVisitorRevenue, emptyArmTotals, everyVisitors, walkVisitors, type SimArmTotals } from "./runner";
import { MDE, plannedVisitors, REVENUE_CAP, type Line, type Scenario } from "./scenario";
import type { Target } from "./table";

/** The schedule reads a running test every minute; the simulation reads it every this many visitors. */
export const GUARDRAIL_READ_EVERY = 500;
/** The broken variant must be paused by this many visitors in all arms. */
export const BROKEN_WITHIN = 10_000;
/** How quickly the broken variant is paused, for the table: by this many visitors (info). */
const QUICKLY = 2_000;
/** The second guardrail goal of the "two goals" scenario: a sign-up 10% of visitors make, no revenue. */
export const SECOND_GOAL = "signup";
export const SECOND_GOAL_RATE = 0.1;

const FALSE_PAUSE: Target = { at: "most", value: 0.02 };
const BROKEN_PAUSED: Target = { at: "least", value: 0.95 };
const INFO: Target = { info: true };

/** What the schedule and the page made of one simulated test, read after every GUARDRAIL_READ_EVERY visitors. */
export interface GuardrailPath {
  /** Visitors (all arms) at the first read where a guardrail paused the test; null if none did. */
  pausedAt: number | null;
  /** Visitors at the first read where the verdict said "control ahead"; null if it never did. */
  controlAheadAt: number | null;
}

export interface GuardrailPathSpec {
  weights: readonly number[];
  /** Each arm's visitor model, control first. */
  arms: readonly VisitorModel[];
  looks: readonly number[];
  /** Whether a second guardrail goal (SECOND_GOAL) is counted beside the purchase. */
  secondGoal: boolean;
  /** Stop at the first pause (an A/A test needs no more), or read on until control is called ahead too. */
  untilVerdict: boolean;
}

const count = (n: number) => n.toLocaleString("en-US");

/** The second goal's rollup rows: per arm, its converting visitors (the exposure rows are the purchase's). */
function secondGoalRows(converting: readonly number[], day: string): RollupRow[] {
  return converting.map((c, i) => ({
    armId: armName(i), goal: SECOND_GOAL, day, currency: "", exposures: 0, exposedVisitors: 0,
    convertingVisitors: c, conversions: c, conversionSquares: c, revenue: 0, revenueSquares: 0, refunded: 0,
  }));
}

function readInput(spec: GuardrailPathSpec, totals: readonly SimArmTotals[], signups: readonly number[]): ResultsInput {
  const input = resultsInput({ weights: spec.weights, minDetectableEffect: MDE }, totals);
  if (!spec.secondGoal) return input;
  const day = rollupsOf(totals)[0]?.day ?? "2026-01-01";
  return { ...input, goals: [...input.goals, { label: SECOND_GOAL, isPrimary: false }], rollups: [...input.rollups, ...secondGoalRows(signups, day)] };
}

/**
 * One simulated test: visitors arrive one by one (revenue per visitor as the other scenarios draw it, capped
 * at REVENUE_CAP), and at each look the page's view is built and its guardrails read as the schedule reads
 * them (`guardrailBreaches` on buildResults' view, every configured guardrail goal).
 */
export function guardrailPath(rng: Rng, spec: GuardrailPathSpec): GuardrailPath {
  const shares = cumulativeShares(spec.weights);
  const totals = spec.arms.map(emptyArmTotals);
  const signups = spec.arms.map(() => 0);
  const guardrails = spec.secondGoal ? [GOAL, SECOND_GOAL] : [GOAL];
  const path: GuardrailPath = { pausedAt: null, controlAheadAt: null };
  const visit = (t: SimArmTotals, model: VisitorModel, arm: number) => {
    t.visitors++;
    const revenue = visitorRevenue(rng, model);
    addVisitorRevenue(t, revenue, Math.min(revenue, REVENUE_CAP));
    if (spec.secondGoal && bernoulli(rng, SECOND_GOAL_RATE)) signups[arm] = (signups[arm] ?? 0) + 1;
  };
  walkVisitors(rng, shares, totals, spec.arms, spec.looks, visit, (visitors) => {
    const view = buildResults(readInput(spec, totals, signups));
    if (path.pausedAt === null && guardrailBreaches(view, guardrails).length > 0) path.pausedAt = visitors;
    if (path.controlAheadAt === null && view.verdict.kind === "control-ahead") path.controlAheadAt = visitors;
    if (path.pausedAt !== null && (!spec.untilVerdict || path.controlAheadAt !== null)) return "stop";
  });
  return path;
}

/** Reads every GUARDRAIL_READ_EVERY visitors up to `horizon`, the horizon itself included. */
export function guardrailLooks(horizon: number): number[] {
  return everyVisitors(GUARDRAIL_READ_EVERY, horizon);
}

const rate = (x: boolean) => (x ? 1 : 0);
const reading = (what: string) => `read every ${count(GUARDRAIL_READ_EVERY)} visitors as the schedule reads it, ${what}`;

function scenario(key: string, spec: Omit<GuardrailPathSpec, "looks">, horizon: number, lines: Array<Line<GuardrailPath>>): Scenario<GuardrailPath> {
  const looks = guardrailLooks(horizon);
  return {
    key,
    cost: looks.length * spec.weights.length * (spec.secondGoal ? 2 : 1),
    lines,
    simulate: (rng) => ({ result: guardrailPath(rng, { ...spec, looks }), trueLifts: spec.arms.slice(1).map((a) => a.conversionRate / DEFAULT_VISITOR.conversionRate - 1) }),
  };
}

/** A variant whose checkout is broken: no purchase at all, against control at the default shop's 5%. */
function brokenScenario(): Scenario<GuardrailPath> {
  const weights = [1, 1];
  const broken: VisitorModel = { ...DEFAULT_VISITOR, conversionRate: 0 };
  const setting = (by: number) => `control 5%, variant 0%, 50/50, ${reading(`by ${count(by)} visitors`)}`;
  const within = (at: number | null) => rate(at !== null && at <= BROKEN_WITHIN);
  return scenario("guardrail-broken", { weights, arms: [DEFAULT_VISITOR, broken], secondGoal: false, untilVerdict: true }, BROKEN_WITHIN, [
    { id: "guardrail-broken-paused", claim: "a variant whose checkout is broken (0 purchases) is paused by its guardrail", setting: setting(BROKEN_WITHIN), kind: "rate", target: BROKEN_PAUSED, value: (p) => within(p.pausedAt) },
    { id: "guardrail-broken-early", claim: "a variant whose checkout is broken (0 purchases) is paused by its guardrail", setting: setting(QUICKLY), kind: "rate", target: INFO, value: (p) => rate(p.pausedAt !== null && p.pausedAt <= QUICKLY) },
    { id: "guardrail-broken-verdict", claim: "the verdict says \"control ahead\" of the broken variant", setting: setting(BROKEN_WITHIN), kind: "rate", target: INFO, value: (p) => within(p.controlAheadAt) },
  ]);
}

/** Healthy A/A tests, guardrails read at every look: any pause is a false one. */
function aaScenario(key: string, arms: number, options: { secondGoal?: boolean; plans?: number } = {}): Scenario<GuardrailPath> {
  const weights = Array.from({ length: arms }, () => 1);
  const plans = options.plans ?? 1;
  const horizon = plans * plannedVisitors(weights);
  const goals = options.secondGoal ? `purchase and ${SECOND_GOAL} (${SECOND_GOAL_RATE * 100}%) as guardrails` : "purchase as guardrail";
  const until = `${plans === 1 ? "until the plan" : `until ${plans} times the plan`} (${count(horizon)} visitors)`;
  return scenario(key, { weights, arms: weights.map(() => DEFAULT_VISITOR), secondGoal: options.secondGoal ?? false, untilVerdict: false }, horizon, [
    {
      id: `${key}-paused`,
      claim: "A/A: a healthy test paused by its guardrails (conversion rate, revenue per visitor, refund share)",
      setting: `${arms} arms, ${goals}, ${reading(until)}`,
      kind: "rate",
      target: FALSE_PAUSE,
      value: (p) => rate(p.pausedAt !== null),
    },
  ]);
}

/** The guardrail lines of issue 34, in the table's order. */
export function guardrailScenarios(): Scenario[] {
  return [
    brokenScenario(),
    aaScenario("guardrail-aa-2", 2),
    aaScenario("guardrail-aa-3", 3),
    aaScenario("guardrail-aa-4", 4),
    aaScenario("guardrail-aa-2-goals", 2, { secondGoal: true }),
    aaScenario("guardrail-aa-2-3x", 2, { plans: 3 }),
  ];
}
