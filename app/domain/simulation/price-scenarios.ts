// The validity simulation's price scenarios (issue 38): a price test decides on profit per visitor, read through the
// REAL buildResults() of a price test (decidesOnProfit) at every look. At the same price the page must not decide a
// difference (false "ship" or "keep the list price" under daily reading) and its interval must hold the truth; a lower
// price that sells more but earns less must not be shipped, as conversion rate would ship it.
import { buildResults, type RollupRow } from "../results/build-results";
import { decisionSummary } from "../results/decision-summary";
import { profitPlan } from "../results/profit-comparison";
import { bernoulli, cumulativeShares } from "../random/draws";
import type { Rng } from "../random/prng";
import { armName, GOAL, resultsInput } from "./page-reading";
import { emptyArmTotals, everyVisitors, walkVisitors, type SimArmTotals } from "./runner";
import type { Line, Scenario } from "./scenario";
import type { Target } from "./table";

/** What the bowl costs the shop, and its list price: the control arm's. */
export const UNIT_COST = 12;
export const LIST_PRICE = 30;
/** The list price's conversion rate. */
export const LIST_RATE = 0.05;
/** The price tests' minimum detectable effect on profit per visitor. */
export const PRICE_MDE = 0.2;
/** Visitors between two reads of the page: a day of a mid-sized shop. */
export const PRICE_READ_EVERY = 1000;

/** One arm of a price test: its price and the share of its visitors who buy. */
export interface PriceArm {
  price: number;
  rate: number;
}

/** A buyer takes one bowl, a second with probability 0.3 and a third with 0.1 more: profit varies between buyers. */
function units(rng: Rng): number {
  return 1 + (bernoulli(rng, 0.3) ? 1 : 0) + (bernoulli(rng, 0.1) ? 1 : 0);
}
const MEAN_UNITS = 1.4;

/** True profit per visitor of an arm: rate × mean units × margin. */
export const profitPerVisitor = (arm: PriceArm): number => arm.rate * MEAN_UNITS * (arm.price - UNIT_COST);

/** An arm's totals with its profit's per-visitor sums, as the order doors keep them (every order costed). */
interface PriceTotals extends SimArmTotals {
  profit: number;
  profitSquares: number;
  profitCubes: number;
  cost: number;
}

/** The rollups of a price test: the page's own rows (`rows`), with the orders' profit sums on the goal rows. */
function withProfit(rows: readonly RollupRow[], totals: readonly PriceTotals[]): RollupRow[] {
  return rows.map((row) => {
    // armName(i) is "A", "B", …: the row's arm back to its index.
    const t = totals[row.armId.charCodeAt(0) - armName(0).charCodeAt(0)];
    if (row.goal !== GOAL || !t) return row;
    return {
      ...row,
      costedOrders: t.converting,
      orderCost: t.cost,
      costedNetRevenue: t.revenue,
      profitSquares: t.profitSquares,
      profitCubes: t.profitCubes,
    };
  });
}

/** What the page said at one read. */
export interface PriceReading {
  visitors: number;
  /** The decision at the top: ship, keep-control, no-difference, or still open. */
  state: string;
  /** It decided on profit per visitor (a price test whose orders allow it). */
  onProfit: boolean;
  /** Profit per visitor's relative lift and interval of the variant, when shown. */
  profit?: { lift: number; ciLow: number; ciHigh: number };
}

export interface PricePath {
  /** The first decided state (ship, keep-control, no-difference) and where; null when none by the end. */
  firstDecided: { state: string; at: number } | null;
  /** Every profit interval shown held the true lift, up to the first decision (the schedule would stop there). */
  coveredEveryLook: boolean;
  /** Some read decided on conversion rate though the page had profit to decide on (never expected). */
  offProfit: boolean;
}

const DECIDED = new Set(["ship", "keep-control", "no-difference"]);

/** Reads the page of a two-arm price test every PRICE_READ_EVERY visitors up to `horizon`. */
export function simulatePricePath(rng: Rng, arms: readonly [PriceArm, PriceArm], horizon: number): PricePath {
  const weights = [1, 1];
  const totals = arms.map((): PriceTotals => ({ ...emptyArmTotals(), profit: 0, profitSquares: 0, profitCubes: 0, cost: 0 }));
  const trueLift = profitPerVisitor(arms[1]) / profitPerVisitor(arms[0]) - 1;
  const path: PricePath = { firstDecided: null, coveredEveryLook: true, offProfit: false };
  walkVisitors(
    rng,
    cumulativeShares(weights),
    totals,
    arms,
    everyVisitors(PRICE_READ_EVERY, horizon),
    (t, arm) => {
      t.visitors++;
      if (!bernoulli(rng, arm.rate)) return;
      const n = units(rng);
      const revenue = n * arm.price;
      const profit = n * (arm.price - UNIT_COST);
      t.converting++;
      t.revenue += revenue;
      t.revenueSquares += revenue * revenue;
      t.cappedRevenue += revenue;
      t.cappedRevenueSquares += revenue * revenue;
      t.cappedRevenueCubes += revenue ** 3;
      t.cost += n * UNIT_COST;
      t.profit += profit;
      t.profitSquares += profit * profit;
      t.profitCubes += profit ** 3;
    },
    (visitors) => {
      const reading = readPricePage(totals, weights, visitors);
      if (reading.profit && !(reading.profit.ciLow <= trueLift && trueLift <= reading.profit.ciHigh)) path.coveredEveryLook = false;
      if (!reading.onProfit) path.offProfit = true;
      if (path.firstDecided === null && DECIDED.has(reading.state)) path.firstDecided = { state: reading.state, at: visitors };
      // The schedule would act on the first decision (stop when decided): reads after it change nothing it did.
      return path.firstDecided ? "stop" : undefined;
    },
  );
  return path;
}

/** The page of a price test at one read, through the real buildResults() and decisionSummary(). */
export function readPricePage(totals: readonly PriceTotals[], weights: readonly number[], visitors: number): PriceReading {
  const page = resultsInput({ weights, minDetectableEffect: PRICE_MDE }, totals);
  const input = { ...page, rollups: withProfit(page.rollups, totals), decidesOnProfit: true };
  const view = buildResults(input);
  const summary = decisionSummary(view, { today: "2026-01-01" });
  const b = view.goals.find((g) => g.primary)?.arms[1];
  return {
    visitors,
    state: summary.state,
    onProfit: view.goals.find((g) => g.primary)?.profitDecidable === true,
    ...(b?.profitLift !== undefined && b.profitCiLow !== undefined && b.profitCiHigh !== undefined && {
      profit: { lift: b.profitLift, ciLow: b.profitCiLow, ciHigh: b.profitCiHigh },
    }),
  };
}

/** Visitors the page's profit plan asks for at the true moments of the list price (profit-comparison.ts, profitPlan). */
export function plannedPriceVisitors(list: PriceArm = { price: LIST_PRICE, rate: LIST_RATE }): number {
  // E[units²] = 1 + 2·0.4 + (0.3 + 0.1 + 2·0.03) = 2.26 for 1 + B(0.3) + B(0.1).
  const margin = list.price - UNIT_COST;
  const n = 1_000_000;
  const control = { visitors: n, sum: n * profitPerVisitor(list), squares: n * list.rate * 2.26 * margin ** 2, cubes: 0, costedOrders: 1, uncostedOrders: 0 };
  const plan = profitPlan([{ id: "A", weight: 1 }, { id: "B", weight: 1 }], control, PRICE_MDE, 0.05);
  if (!plan) throw new RangeError("no profit plan for the simulated shop");
  return plan.usersNeeded;
}

const rate = (x: boolean) => (x ? 1 : 0);
const ONE_TAIL: Target = { at: "most", value: 0.025 };
const COVERAGE: Target = { at: "least", value: 0.95 };
const INFO: Target = { info: true };
const count = (n: number) => n.toLocaleString("en-US");

function priceScenario(key: string, variant: PriceArm, describe: string, lines: (setting: string) => Array<Line<PricePath>>): Scenario<PricePath> {
  const list: PriceArm = { price: LIST_PRICE, rate: LIST_RATE };
  const horizon = plannedPriceVisitors(list);
  const setting = `${describe}, MDE ${PRICE_MDE * 100}% on profit per visitor, 50/50, read every ${count(PRICE_READ_EVERY)} visitors up to the plan (${count(horizon)})`;
  const trueLift = profitPerVisitor(variant) / profitPerVisitor(list) - 1;
  return {
    key,
    cost: (horizon / PRICE_READ_EVERY) * 2,
    simulate: (rng) => ({ result: simulatePricePath(rng, [list, variant], horizon), trueLifts: [trueLift] }),
    lines: lines(setting),
  };
}

export function priceScenarios(): Scenario[] {
  return [
    priceScenario("price-aa", { price: LIST_PRICE, rate: LIST_RATE }, "price test, both arms $30 at 5%", (setting) => [
      { id: "price-aa-ship", claim: "price A/A: false \"ship\" on profit per visitor", setting, kind: "rate", target: ONE_TAIL, value: (c) => rate(c.firstDecided?.state === "ship") },
      { id: "price-aa-keep", claim: "price A/A: false \"keep the list price\" on profit per visitor", setting, kind: "rate", target: ONE_TAIL, value: (c) => rate(c.firstDecided?.state === "keep-control") },
      { id: "price-aa-coverage", claim: "price A/A: profit interval holds the true lift (0) at every look until decided", setting, kind: "rate", target: COVERAGE, value: (c) => rate(c.coveredEveryLook) },
      { id: "price-aa-on-profit", claim: "price test decided on conversion rate at some read (never expected)", setting, kind: "rate", target: { at: "most", value: 0 }, value: (c) => rate(c.offProfit) },
    ]),
    // $24 sells 30% more (6.5%) but earns $1.09 a visitor against $1.26 (−13.3%): conversion rate would ship it.
    priceScenario("price-lower-earns-less", { price: 24, rate: 0.065 }, "$24 at 6.5% against $30 at 5% (conversion +30%, profit per visitor −13.3%)", (setting) => [
      { id: "price-less-ship", claim: "a lower price that earns less shipped", setting, kind: "rate", target: ONE_TAIL, value: (c) => rate(c.firstDecided?.state === "ship") },
      { id: "price-less-coverage", claim: "profit interval holds the true lift (−13.3%) at every look until decided", setting, kind: "rate", target: COVERAGE, value: (c) => rate(c.coveredEveryLook) },
      { id: "price-less-keep", claim: "\"keep the list price\" decided by the plan", setting, kind: "rate", target: INFO, value: (c) => rate(c.firstDecided?.state === "keep-control") },
    ]),
    // $26 sells 50% more (7.5%) and earns $1.47 a visitor against $1.26 (+16.7%).
    priceScenario("price-lower-earns-more", { price: 26, rate: 0.075 }, "$26 at 7.5% against $30 at 5% (profit per visitor +16.7%)", (setting) => [
      { id: "price-more-ship", claim: "a lower price that earns more shipped by the plan", setting, kind: "rate", target: INFO, value: (c) => rate(c.firstDecided?.state === "ship") },
      { id: "price-more-keep", claim: "a lower price that earns more: \"keep the list price\" decided", setting, kind: "rate", target: ONE_TAIL, value: (c) => rate(c.firstDecided?.state === "keep-control") },
      { id: "price-more-coverage", claim: "profit interval holds the true lift (+16.7%) at every look until decided", setting, kind: "rate", target: COVERAGE, value: (c) => rate(c.coveredEveryLook) },
    ]),
  ];
}
