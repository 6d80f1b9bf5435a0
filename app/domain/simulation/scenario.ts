// What a scenario of the validity simulation is: how one simulated test is run from its own seed, and the lines
// of the table that read it. Most scenarios read the results page at looks along one path (pageScenario);
// others (guardrails every pass, segments, the holdout, the prior) run their own reading and say so here.
import { planSample } from "../results/stats";
import { pathClaims, type PathClaims } from "./claims";
import { DEFAULT_VISITOR, orderQuantile, type VisitorModel } from "./generators";
import { readPage, type PageSetting } from "./page-reading";
import type { Rng } from "../random/prng";
import { simulatePath } from "./runner";
import type { LineKind, Target } from "./table";

/** The tests' minimum detectable effect (relative); 20% keeps the planned samples to tens of thousands. */
export const MDE = 0.2;
/** A merchant who peeks reads the page after every this many visitors. */
export const PEEK_EVERY = 100;
/** The simulated tests' revenue cap: the default shop's 99th percentile of order values. */
export const REVENUE_CAP = orderQuantile(DEFAULT_VISITOR.order, 0.99);

/**
 * Visitors the page's own plan asks for (its "how long to go", results/stats.ts planSample): 80% power at the
 * MDE for the always-valid sequence at α/(k − 1), on the true baseline rate.
 */
export function plannedVisitors(weights: readonly number[], baseline = DEFAULT_VISITOR.conversionRate, mde = MDE): number {
  const plan = planSample(weights.map((weight, i) => ({ id: String(i), weight })), baseline, mde, 0.05);
  if (!plan) throw new RangeError("no plan for the simulated shop");
  return plan.usersNeeded;
}

/** One line of the table: a claim, its setting, and how one simulated test counts for it. */
export interface Line<R> {
  id: string;
  claim: string;
  setting: string;
  kind: LineKind;
  target: Target;
  /** This test's value for the line (1/0 for a rate), or null when the test does not count for it. */
  value(result: R, trueLifts: readonly number[]): number | null;
}

/** One simulated test's outcome: what was read, and the truth it was drawn from (each variant's true lift). */
export interface Simulated<R> {
  result: R;
  trueLifts: readonly number[];
}

export interface Scenario<R = unknown> {
  key: string;
  /**
   * Tests per unit of SIM_COUNT (1 when absent). A line that counts claims rather than tests rests on the
   * few tests that make one (a chance to win ≥ 95% is shown in ~8% of them), so its scenario runs more.
   */
  scale?: number;
  /** Rough cost of one test (page reads × arms), to hand out the costliest chunks first. */
  cost: number;
  /** Runs one simulated test from its own generator. */
  simulate(rng: Rng): Simulated<R>;
  lines: Array<Line<R>>;
}

/** A scenario that reads the results page at each look of one path of visitors (the page's own claims). */
export interface PageScenarioSpec {
  key: string;
  /** Configured split (the page's weights). */
  weights: number[];
  /** Real assignment; the configured split unless the scenario breaks it. */
  assignment: number[];
  looks: number[];
  scale?: number;
  /** The shop's visitors; DEFAULT_VISITOR when absent. */
  visitor?: VisitorModel;
  /** The page's minimum detectable effect; MDE when absent. */
  minDetectableEffect?: number;
  /** Each arm's visitors from the true lifts; armModels (conversion rate × (1 + lift)) when absent. */
  arms?(trueLifts: readonly number[]): VisitorModel[];
  /** Each variant's true relative lift for one simulated test (drawn from its generator when random). */
  trueLifts(rng: Rng): number[];
  lines: Array<Line<PathClaims>>;
}

/** The visitor models of one simulated test: control at the baseline, each variant at (1 + its lift). */
export function armModels(trueLifts: readonly number[], base: VisitorModel = DEFAULT_VISITOR): VisitorModel[] {
  return [base, ...trueLifts.map((lift) => ({ ...base, conversionRate: Math.min(1, Math.max(0, base.conversionRate * (1 + lift))) }))];
}

export type PageScenario = Scenario<PathClaims> & Pick<PageScenarioSpec, "weights" | "assignment" | "looks">;

export function pageScenario(spec: PageScenarioSpec): PageScenario {
  const setting: PageSetting = { weights: spec.weights, minDetectableEffect: spec.minDetectableEffect ?? MDE };
  return {
    key: spec.key,
    ...(spec.scale !== undefined && { scale: spec.scale }),
    weights: spec.weights,
    assignment: spec.assignment,
    looks: spec.looks,
    cost: spec.looks.length * spec.weights.length,
    lines: spec.lines,
    simulate(rng) {
      const trueLifts = spec.trueLifts(rng);
      // The cap the shop's recent orders would give, fixed before the test: the 99th percentile of order values.
      const path = { assignment: spec.assignment, arms: spec.arms ? spec.arms(trueLifts) : armModels(trueLifts, spec.visitor), looks: spec.looks, revenueCap: REVENUE_CAP };
      return { result: pathClaims(simulatePath(rng, path, (totals, visitors) => readPage(setting, totals, visitors)), trueLifts), trueLifts };
    },
  };
}
