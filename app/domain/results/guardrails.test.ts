import { describe, expect, it } from "vitest";
import { buildResults, type RollupRow } from "./build-results";
import { GUARDRAIL_ERROR_BUDGET, guardrailBreaches, guardrailBudget, guardrailPauseReason } from "./guardrails";

const DAY = "2026-11-20";
/** Visitors, converting visitors and revenue per arm on one day; orders averaging $60 (squares and cubes as of a spread of orders). */
function rows(arm: string, visitors: number, buyers: number, perOrder = 60, refundedOrders = 0): RollupRow[] {
  const base = { armId: arm, day: DAY, exposures: visitors, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 };
  return [
    { ...base, goal: "", currency: "", exposedVisitors: visitors },
    {
      ...base, goal: "purchase", currency: "USD", exposures: 0, convertingVisitors: buyers, conversions: buyers, conversionSquares: buyers,
      refundedOrders, refunded: refundedOrders * perOrder,
      revenue: buyers * perOrder, revenueSquares: buyers * perOrder ** 2 * 2, cappedRevenue: buyers * perOrder, cappedRevenueSquares: buyers * perOrder ** 2 * 2, cappedRevenueCubes: buyers * perOrder ** 3 * 6,
    },
    { ...base, goal: "signup", currency: "", exposures: 0, convertingVisitors: Math.round(visitors * 0.1), conversions: Math.round(visitors * 0.1) },
  ];
}
const view = (variantBuyers: number, variantVisitors = 20_000, refunds: [number, number] = [0, 0], controlVisitors = 20_000, controlBuyers = 1_000) =>
  buildResults({
    test: { id: "t", name: "T", status: "running", startedAt: `${DAY}T00:00:00Z`, pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 },
    arms: [
      { id: "a", key: "control", name: "Original", weight: 1 },
      { id: "b", key: "b", name: "Bold price", weight: 1 },
    ],
    goals: [{ label: "signup", isPrimary: true }, { label: "purchase", isPrimary: false }],
    currency: "USD",
    rollups: [...rows("a", controlVisitors, controlBuyers, 60, refunds[0]), ...rows("b", variantVisitors, variantBuyers, 60, refunds[1])],
    flicker: [],
  });

describe("guardrailBreaches", () => {
  it("trips when the variant is clearly worse on a guardrail goal, on both its rate and its revenue per visitor, worst first", () => {
    const breaches = guardrailBreaches(view(700), ["purchase"]);
    expect(breaches.map((b) => [b.armName, b.goal, b.metric])).toEqual(
      expect.arrayContaining([["Bold price", "purchase", "conversion rate"], ["Bold price", "purchase", "revenue per visitor"]]),
    );
    for (const b of breaches) expect(b.ciHigh).toBeLessThan(0);
    expect(breaches[0]!.ciHigh).toBeLessThanOrEqual(breaches[1]!.ciHigh!);
  });
  it("reads each check at its share of the test's budget: a loss the page's own 95% interval shows may not pause", () => {
    // 850 against 1,000 buyers of 20,000: the page's interval (at α = 5%) lies below 0, the check's (at 2%/3) does not.
    const shown = view(850);
    expect(shown.goals[1]!.arms[1]!.ciHigh).toBeLessThan(0);
    expect(guardrailBreaches(shown, ["purchase"])).toEqual([]);
    const [breach] = guardrailBreaches(view(820), ["purchase"]);
    expect(breach).toMatchObject({ metric: "conversion rate", budget: { budget: 0.02, checks: 3, level: 0.02 / 3 } });
    // Its interval is wider than the page's: it is at 1 − 0.0067 rather than 1 − 0.05.
    const page = view(820).goals[1]!.arms[1]!;
    expect(breach!.ciHigh! - breach!.ciLow!).toBeGreaterThan(page.ciHigh! - page.ciLow!);
  });
  it("does not trip on a goal that is not a guardrail, on a small or positive change, or on a sample ratio mismatch", () => {
    expect(guardrailBreaches(view(700), ["signup"])).toEqual([]);
    expect(guardrailBreaches(view(980), ["purchase"])).toEqual([]);
    expect(guardrailBreaches(view(1_300), ["purchase"])).toEqual([]);
    // Half the visitors in the variant at a 50/50 split: the counts cannot be trusted, the merchant decides.
    const mismatched = view(350, 10_000);
    expect(mismatched.srm.mismatch).toBe(true);
    expect(guardrailBreaches(mismatched, ["purchase"])).toEqual([]);
  });
});

describe("guardrailBreaches: refund share", () => {
  it("trips when the variant's orders are refunded clearly more often, even when it sells as much", () => {
    // 1,000 orders each: 5% refunded in control, 12% in the variant.
    const breaches = guardrailBreaches(view(1_000, 20_000, [50, 120]), ["purchase"]);
    expect(breaches.map((b) => [b.armName, b.metric])).toEqual([["Bold price", "refund share"]]);
    expect(breaches[0]!.lift).toBeCloseTo(0.07, 10);
    expect(breaches[0]!.ciLow).toBeGreaterThan(0);
    expect(guardrailPauseReason(breaches)).toMatch(
      /^Guardrail: "Bold price" raises the refund share of "purchase" orders by 7\.0 points \(interval \+\d\.\d to \+\d+\.\d points, always valid at 99\.33%, one of 3 checks sharing this test's 2% budget for a false pause\), so svc paused the test/,
    );
  });
  it("does not trip on a small difference, on fewer refunds in the variant, or off the guardrail goals", () => {
    expect(guardrailBreaches(view(1_000, 20_000, [50, 60]), ["purchase"])).toEqual([]);
    expect(guardrailBreaches(view(1_000, 20_000, [120, 50]), ["purchase"])).toEqual([]);
    expect(guardrailBreaches(view(1_000, 20_000, [50, 120]), ["signup"])).toEqual([]);
  });
});

describe("guardrailPauseReason", () => {
  it("names the worst breach with its interval and the level actually used, and counts the others", () => {
    const breaches = guardrailBreaches(view(700), ["purchase"]);
    const reason = guardrailPauseReason(breaches);
    expect(reason).toMatch(/^Guardrail: "Bold price" lowers (conversion rate|revenue per visitor) on "purchase" by \d+\.\d% \(interval -\d+\.\d% to -\d+\.\d%, always valid at 99\.33%, one of 3 checks sharing this test's 2% budget for a false pause\), so svc paused the test and no more visitors see it\. 1 more guardrail was tripped\. Resume it only if that loss is acceptable: once resumed, svc judges its guardrails on the traffic from the next day on: this loss does not pause it again, a new one does\.$/);
    // Two guardrail goals: six checks, each at 2%/6.
    expect(guardrailPauseReason(guardrailBreaches(view(700), ["purchase", "signup"]))).toContain("always valid at 99.67%, one of 6 checks sharing this test's 2% budget");
    expect(guardrailPauseReason([])).toBe("");
  });
});

describe("guardrailBudget", () => {
  const arms = (k: number) => Array.from({ length: k }, (_, i) => ({ armId: String(i), key: String(i), name: String(i), weight: 1, isControl: i === 0 }));
  const goals = (...labels: string[]) => labels.map((goal, i) => ({ goal, primary: i === 0, arms: [] }));
  it("splits one budget per test over guardrail goals × 3 metrics × variants", () => {
    expect(GUARDRAIL_ERROR_BUDGET).toBe(0.02);
    expect(guardrailBudget({ alpha: 0.05, arms: arms(2), goals: goals("purchase", "signup") }, ["purchase"])).toEqual({ budget: 0.02, checks: 3, level: 0.02 / 3 });
    expect(guardrailBudget({ alpha: 0.05, arms: arms(4), goals: goals("purchase", "signup") }, ["purchase", "signup"])).toEqual({ budget: 0.02, checks: 18, level: 0.02 / 18 });
    // A goal the test does not have spends nothing; a test at 99% confidence keeps its stricter level.
    expect(guardrailBudget({ alpha: 0.05, arms: arms(3), goals: goals("purchase") }, ["purchase", "gone"]).checks).toBe(6);
    expect(guardrailBudget({ alpha: 0.01, arms: arms(2), goals: goals("purchase") }, ["purchase"]).budget).toBe(0.01);
  });
});

describe("guardrailBreaches: an outage", () => {
  it("pauses a variant that converts nobody while control converts, with what happened in one sentence", () => {
    // A broken checkout: 0 purchases from 3,000 visitors against 150 from 3,000. Welch's variance is 0 for
    // the variant ("zero-variance"); the outage test (stats/outage.ts) pools the two arms under "same rate".
    const broken = view(0, 3_000, [0, 0], 3_000, 150);
    const [breach, ...others] = guardrailBreaches(broken, ["purchase"]);
    expect(others).toEqual([]);
    expect(breach).toMatchObject({ metric: "conversion rate", armName: "Bold price", lift: -1, outage: { variant: { converting: 0, visitors: 3_000 }, control: { converting: 150, visitors: 3_000 } } });
    expect(breach!.outage!.pValue).toBeLessThan(breach!.budget.level);
    expect(breach).not.toHaveProperty("ciHigh");
    expect(guardrailPauseReason([breach!])).toMatch(
      /^Guardrail: "Bold price" had no "purchase" conversions from 3,000 visitors while "Original" had 150 from 3,000 \(5\.00%\): chance does not explain that \(p < 0\.001, always valid at 99\.33%, one of 3 checks sharing this test's 2% budget for a false pause\), so svc paused the test and no more visitors see it\./,
    );
  });
  it("waits while the outage could still be chance, and never pauses an arm that converts everybody", () => {
    // 0 of 300 against 15 of 300: a fixed-horizon test would call it (z ≈ 3.9), the always-valid check not yet.
    expect(guardrailBreaches(view(0, 300, [0, 0], 300, 15), ["purchase"])).toEqual([]);
    expect(guardrailBreaches(view(3_000, 3_000, [0, 0], 3_000, 150), ["purchase"])).toEqual([]);
  });
});
