// The demo's results examples: one running test per state the results page can be in (collecting, not enough
// evidence, ship, keep the control, no difference as large as the MDE, sample ratio mismatch), each with the
// daily rollups that put it there through the real buildResults (results-scenarios.test.ts checks each).
import type { DecisionState } from "~/domain/results/decision-summary";
import type { RollupRow } from "~/domain/results/totals";

export const RESULTS_SITE_ID = "demo-results";

export interface ResultsScenario {
  id: string;
  name: string;
  /** The state the page must show for it. */
  state: DecisionState;
  arms: Array<{ id: string; key: string; name: string; weight: number }>;
  goal: string;
  /** Daily rollups ending on `today` (YYYY-MM-DD). */
  rows: (today: string) => RollupRow[];
}

interface ArmDay {
  visitors: number;
  /** Converting visitors (each converts once). */
  converting: number;
}

const ORDER_VALUE = 42.5;
/** What each example order's goods cost the shop; one order in 20 has no known cost, one in 10 is a subscription. */
const ORDER_COST = 17;

/** One refunded order in 25 (always one with a known cost), so net revenue and the refund share show. */
const REFUNDED_EVERY = 25;
/**
 * The shopping funnel's earlier steps, as shares of the buyers (each step reached by more visitors than the
 * next), so the examples show Shopify's funnel card as the web pixel fills it (app/domain/results/funnel.ts).
 */
const FUNNEL_PER_BUYER: ReadonlyArray<[label: string, perBuyer: number]> = [["product_viewed", 9], ["added_to_cart", 2.6], ["checkout_started", 1.6]];

/** `count` days ending on `today` (the last first-exposure day), oldest first. */
function lastDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/**
 * CUPED's covariate in the examples: a share of visitors bought once (ORDER_VALUE) in the 30 days before their
 * first exposure, and such returning buyers are more likely to buy again, so X predicts Y a little.
 */
const RETURNING_VISITORS = 0.08;
const RETURNING_BUYERS = 0.3;

/**
 * Each day's exposure and purchase rows for the arms: `perDay(day index)` gives each arm's visitors and buyers,
 * every order worth ORDER_VALUE (revenue squares and cubes per visitor accordingly; one order a visitor, below
 * any cap, so the capped sums equal the uncapped ones), and CUPED's sums for returning buyers as above.
 */
function dailyRows(today: string, days: number, armIds: readonly string[], perDay: (i: number) => ArmDay[]): RollupRow[] {
  return lastDays(today, days).flatMap((day, i) =>
    perDay(i).flatMap((d, k): RollupRow[] => {
      const armId = armIds[k] ?? "";
      const base = { armId, day, exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 };
      const revenue = d.converting * ORDER_VALUE;
      const sums = {
        revenue,
        revenueSquares: d.converting * ORDER_VALUE ** 2,
        cappedRevenue: revenue,
        cappedRevenueSquares: d.converting * ORDER_VALUE ** 2,
        cappedRevenueCubes: d.converting * ORDER_VALUE ** 3,
        conversionSquares: d.converting,
        revenueConversions: revenue,
        cappedRevenueConversions: revenue,
        ...orderSums(d.converting),
      };
      const returning = Math.round(d.visitors * RETURNING_VISITORS);
      const covariate = { covariateSum: returning * ORDER_VALUE, covariateSquares: returning * ORDER_VALUE ** 2 };
      const returningBuyers = Math.min(returning, Math.round(d.converting * RETURNING_BUYERS));
      return [
        { ...base, goal: "", currency: "", exposures: Math.round(d.visitors * 1.2), exposedVisitors: d.visitors, ...covariate },
        ...(d.converting > 0
          ? [{
              ...base, goal: "purchase", currency: "USD", convertingVisitors: d.converting, conversions: d.converting, ...sums,
              refundedOrders: Math.floor(d.converting / REFUNDED_EVERY), refunded: Math.floor(d.converting / REFUNDED_EVERY) * ORDER_VALUE,
              covariateRevenueProducts: returningBuyers * ORDER_VALUE ** 2,
            }]
          : []),
        ...FUNNEL_PER_BUYER.map(([goal, perBuyer]) => {
          const reached = Math.min(d.visitors, Math.round(d.converting * perBuyer));
          return { ...base, goal, currency: "", convertingVisitors: reached, conversions: reached, conversionSquares: reached };
        }),
      ];
    }),
  );
}

/** Profit's sums for a day's orders (app/domain/results/profit.ts), so the examples show profit per visitor. */
function orderSums(orders: number) {
  const uncosted = Math.floor(orders / 20);
  const subscriptions = Math.floor(orders / 10);
  // Each buyer one order: a kept one earns its margin, a refunded one loses its cost.
  const refunded = Math.floor(orders / REFUNDED_EVERY);
  const kept = orders - uncosted - refunded;
  const margin = ORDER_VALUE - ORDER_COST;
  return {
    profitSquares: kept * margin ** 2 + refunded * ORDER_COST ** 2,
    profitCubes: kept * margin ** 3 - refunded * ORDER_COST ** 3,
    costedOrders: orders - uncosted,
    orderCost: (orders - uncosted) * ORDER_COST,
    costedNetRevenue: (orders - uncosted - Math.floor(orders / REFUNDED_EVERY)) * ORDER_VALUE,
    uncostedOrders: uncosted,
    subscriptionOrders: subscriptions,
    subscriptionNetRevenue: subscriptions * ORDER_VALUE,
  };
}

/** Converting visitors on day i for a rate, spread evenly (no day's count drifts from the rate by a whole visitor). */
const converting = (visitors: number, rate: number, i: number) => Math.round(visitors * rate * (i + 1)) - Math.round(visitors * rate * i);

function scenario(
  key: string,
  name: string,
  state: DecisionState,
  variantName: string,
  days: number,
  perDay: (i: number) => ArmDay[],
): ResultsScenario {
  const id = `demo-results-${key}`;
  const arms = [
    { id: `${id}-a`, key: "control", name: "Original", weight: 1 },
    { id: `${id}-b`, key: "b", name: variantName, weight: 1 },
  ];
  return { id, name, state, arms, goal: "purchase", rows: (today) => dailyRows(today, days, arms.map((a) => a.id), perDay) };
}

const pair = (visitors: [number, number], rates: [number, number], i: number): ArmDay[] =>
  visitors.map((v, k) => ({ visitors: v, converting: converting(v, rates[k] ?? 0, i) }));

export const RESULTS_SCENARIOS: readonly ResultsScenario[] = [
  // Two days in: no arm has the 100 visitors the page waits for.
  scenario("collecting", "Example: collecting data", "collecting", "Shorter checkout", 2, (i) => pair([30, 30], [0.05, 0.05], i)),
  // Two weeks at 1,000 visitors per arm a day, 5.0% against 5.3%: about seven more weeks to the plan.
  scenario("keep-running", "Example: not enough evidence yet", "keep-running", "Trust badges", 14, (i) => pair([1000, 1000], [0.05, 0.053], i)),
  // Three weeks at 400 a day, 4.0% against 5.6%: the variant is called.
  scenario("ship", "Example: winner to ship", "ship", "Free-shipping banner", 21, (i) => pair([400, 400], [0.04, 0.056], i)),
  // The mirror image: every variant converts worse.
  scenario("keep-control", "Example: control ahead", "keep-control", "Pop-up discount", 21, (i) => pair([400, 400], [0.056, 0.04], i)),
  // Four weeks at 8,000 a day, 10% in both: every interval lies within ±10%.
  scenario("no-difference", "Example: no difference as large as the MDE", "no-difference", "Rounded buttons", 28, (i) => pair([8000, 8000], [0.1, 0.1], i)),
  // A 50/50 test that splits 53/47: do not trust it.
  scenario("srm", "Example: sample ratio mismatch", "srm", "Redirected page", 14, (i) => pair([530, 470], [0.05, 0.06], i)),
];
